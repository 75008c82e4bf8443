//===- Stamp.h - The .sizespec.stamp records of a binary --------*- C++ -*-===//
//
// Every object built with the plugin carries one record in the
// `.sizespec.stamp` section (docs/interfaces.md, Plugin, "Stamp"):
//
//   sizespec-stamp v=1 plugin=0.1.0 clang=19.1.7 off=0 max=80 sanitizer=none
//
// records are NUL-terminated and the linker concatenates them, so a linked
// binary holds one per stamped object. Reading groups identical records.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_STAMP_H
#define SIZESPEC_TOOLS_REPORT_STAMP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

namespace sizespec {
namespace report {

/// The section the plugin writes its records into.
constexpr llvm::StringLiteral kStampSection = ".sizespec.stamp";

/// One distinct record and how many times it occurs.
struct Stamp {
  std::string Record; ///< The record as stored, without the NUL.
  unsigned Count = 0;
  bool Recognized = false; ///< First word "sizespec-stamp" and v=1.
  /// The key=value fields after the first word, in record order.
  std::vector<std::pair<std::string, std::string>> Fields;
};

/// What one file holds.
struct StampScan {
  std::string Path;
  unsigned Objects = 0; ///< Object files looked at (archive members count).
  bool HasSection = false;
  std::vector<Stamp> Stamps; ///< Distinct records, in order of first sight.
  unsigned records() const;
};

/// Splits section contents into records and groups them into \p Into.
void addStampRecords(llvm::StringRef Contents, std::vector<Stamp> &Into);

/// Reads every `.sizespec.stamp` section of an object file, executable,
/// shared library or static archive.
llvm::Expected<StampScan> readStamps(llvm::StringRef Path);

/// go version -m style: a header line, then one line per distinct stamp.
void printStampsText(const StampScan &Scan, llvm::raw_ostream &OS);

/// The scans of all files as one JSON document.
void printStampsJson(llvm::ArrayRef<StampScan> Scans, llvm::raw_ostream &OS);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_STAMP_H
