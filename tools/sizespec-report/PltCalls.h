//===- PltCalls.h - Which shared library function a call calls --*- C++ -*-===//
//
// A sampled return address whose call is a direct call of a PLT entry
// called a function of another object. If that function allocated through
// a tail call (libstdc++'s std::string::_M_create, which ends by calling
// operator new), the stack holds no frame of it: the program's call is the
// innermost frame, though the allocation is the library's. This names the
// function, from the call's target, the entry's GOT slot and the slot's
// .rela.plt relocation (x86-64 ELF; anything else names nothing).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_PLTCALLS_H
#define SIZESPEC_TOOLS_REPORT_PLTCALLS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

namespace sizespec {
namespace report {

class PltCalls {
public:
  PltCalls();
  ~PltCalls();

  /// The symbol the call before return address \p Address (the object's
  /// own address) of object \p File calls through its PLT, if it is one.
  std::optional<std::string> callee(llvm::StringRef File,
                                    std::uint64_t Address);

  /// Shared library \p File defines dynamic symbol \p Symbol.
  bool defines(llvm::StringRef File, llvm::StringRef Symbol);

private:
  struct Object;
  const Object *load(llvm::StringRef File);

  std::map<std::string, std::unique_ptr<Object>> Objects;
  std::map<std::string, std::set<std::string>> Exports;
};

/// \p Symbol allocates for its caller: operator new and delete, malloc and
/// its kin, the runtime's own entry points. A call of one through the PLT
/// is a site's own call, not library code that allocates.
bool isAllocationEntry(llvm::StringRef Symbol);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_PLTCALLS_H
