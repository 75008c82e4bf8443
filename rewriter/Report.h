//===- Report.h - Site report in text or JSON -------------------*- C++ -*-===//

#ifndef SIZESPEC_REWRITER_REPORT_H
#define SIZESPEC_REWRITER_REPORT_H

#include "Results.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace sizespec::rewriter {

/// A file the tool could not handle, and why.
struct FileProblem {
  std::string File;
  std::string Message;
};

/// The sites of every translation unit, each once (a header site is seen by
/// every translation unit that includes it), sorted by file and position.
std::vector<SiteRecord> mergeSites(llvm::ArrayRef<TUResult> Results);

/// The plugin's site lines, then for each eligible site the rewriter leaves
/// alone a note saying why, then the site model's summary with the
/// rewrite's counts.
void writeTextReport(llvm::raw_ostream &OS, llvm::ArrayRef<SiteRecord> Sites);

/// The same as one JSON object: the sidecar's site keys plus `rewrite`
/// ("rewrite", "left_alone" or null) and `rewrite_reason`; a summary; the
/// errors.
void writeJsonReport(llvm::raw_ostream &OS, llvm::ArrayRef<SiteRecord> Sites,
                     llvm::ArrayRef<FileProblem> Errors);

} // namespace sizespec::rewriter

#endif // SIZESPEC_REWRITER_REPORT_H
