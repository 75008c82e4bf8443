//===- ProfileSymbols.h - A profile's addresses as source frames -*- C++
//-*-===//
//
// Each return address of a sample, symbolized with LLVM's Symbolize library
// against the object the profile says was mapped there: its inlined frames,
// innermost first, each with the function's linkage name (the join to the
// site records compares it with their code's function) and the call's file,
// line and column. An object that has moved since the run (a program copied
// elsewhere) is found among the files given on the command line by name.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_PROFILESYMBOLS_H
#define SIZESPEC_TOOLS_REPORT_PROFILESYMBOLS_H

#include "PltCalls.h"
#include "Profile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/DebugInfo/Symbolize/Symbolize.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sizespec {
namespace report {

struct Frame {
  std::string Function; ///< linkage name; empty if unknown
  std::string File;     ///< empty without line tables
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Object; ///< the file the address is in
};

/// "Point::make()", or the address in its object when nothing names it.
std::string frameName(const Frame &F);

class StackSymbolizer {
public:
  /// \p Programs: files the user named, where a moved object is looked for.
  StackSymbolizer(const ProfileData &P, llvm::ArrayRef<std::string> Programs);
  ~StackSymbolizer();

  /// The frames at return address \p PC, innermost first (never empty).
  const std::vector<Frame> &frames(std::uint64_t PC);

  /// The shared library function the call before return address \p PC
  /// calls through the PLT, if it is one (PltCalls.h): its symbol, and the
  /// loaded object that defines it ("" if none does).
  struct LibraryCall {
    std::string Symbol;
    std::string Library;
  };
  std::optional<LibraryCall> libraryCall(std::uint64_t PC);

  /// Objects that could not be read, each once ("path: why").
  const std::vector<std::string> &problems() const { return Problems; }

private:
  std::string fileOf(const ProfileObject &O);
  const ProfileObject *objectAt(std::uint64_t PC) const;

  const ProfileData &P;
  std::vector<std::string> Programs;
  std::unique_ptr<llvm::symbolize::LLVMSymbolizer> Sym;
  std::map<std::uint64_t, std::vector<Frame>> Cache;
  std::map<std::string, bool> Failed;
  PltCalls Plt;
  std::vector<std::string> Problems;
};

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_PROFILESYMBOLS_H
