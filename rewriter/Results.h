//===- Results.h - What one translation unit tells the rewriter -*- C++ -*-===//
//
// Plain data that crosses from the Clang side (one parse per translation
// unit, possibly on several threads) to the merge and output side. Nothing
// here includes Clang, so the output code stays small and fast to build.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_REWRITER_RESULTS_H
#define SIZESPEC_REWRITER_RESULTS_H

#include "sizespec/model/SiteRecord.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sizespec::rewriter {

/// A replacement of [Offset, Offset + Length) of File by Text, in the bytes
/// the parse saw.
struct Edit {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;

  friend bool operator<(const Edit &A, const Edit &B) {
    if (A.File != B.File)
      return A.File < B.File;
    if (A.Offset != B.Offset)
      return A.Offset < B.Offset;
    if (A.Length != B.Length)
      return A.Length < B.Length;
    return A.Text < B.Text;
  }
  friend bool operator==(const Edit &A, const Edit &B) {
    return A.File == B.File && A.Offset == B.Offset && A.Length == B.Length &&
           A.Text == B.Text;
  }
};

/// Everything one translation unit produced.
struct TUResult {
  std::string MainFile;
  /// Empty when the translation unit parsed; otherwise what went wrong.
  std::string Error;
  /// The site model's records; LeftAlone says why an eligible site stays
  /// as written.
  std::vector<SiteRecord> Sites;
  std::vector<Edit> Edits;
  /// Content hash of each file the edits touch, as the parse saw it, so a
  /// file changed since it was parsed is detected before it is written.
  std::map<std::string, std::uint64_t> ParsedHash;
};

} // namespace sizespec::rewriter

#endif // SIZESPEC_REWRITER_RESULTS_H
