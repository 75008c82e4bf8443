//===- Stamp.h - The .sizespec.stamp records of a binary --------*- C++ -*-===//
//
// sizespec-report --binary: the stamp records (sizespec/model/Stamp.h) of
// every object in a file, identical records grouped, printed as text or
// JSON.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_STAMP_H
#define SIZESPEC_TOOLS_REPORT_STAMP_H

#include "sizespec/model/Stamp.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

namespace sizespec {
namespace report {

/// One distinct record (parsed by the site model's one parser) and how
/// many times it occurs.
struct Stamp : ParsedStamp {
  unsigned Count = 0;
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
