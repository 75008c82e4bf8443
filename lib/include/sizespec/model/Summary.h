//===- Summary.h - The counts under a list of sites -------------*- C++ -*-===//
//
// The one summary every report prints after its site lines: sites,
// specialized and not, specialized sites by class, the rest by reason, all
// by form; the rewriter adds what it rewrites and what it leaves alone,
// sizespec-report how many sidecars it merged.
//
//   SiteCounts C;
//   for (const SiteRecord &R : Sites) C.add(R);
//   writeSummary(OS, C, SummaryOptions());
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_MODEL_SUMMARY_H
#define SIZESPEC_MODEL_SUMMARY_H

#include "sizespec/model/SiteRecord.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <string>
#include <utility>

namespace sizespec {

/// Counts over the sites a report shows.
struct SiteCounts {
  unsigned Sites = 0;
  unsigned Specialized = 0;
  unsigned NotSpecialized = 0;
  /// Specialized sites whose every call the optimizer removed; counted
  /// apart from Specialized (nothing of them runs).
  unsigned Removed = 0;
  /// Specialized sites per size class: [class] = {scan, noscan}.
  std::map<unsigned, std::pair<unsigned, unsigned>> ByClass;
  std::map<std::string, unsigned> ByReason;
  std::map<std::string, unsigned> ByForm;
  /// Specialized sites the rewriter keeps as written, by left-alone code.
  std::map<std::string, unsigned> ByLeftAlone;

  void add(const SiteRecord &R);
  /// Specialized sites the rewriter edits.
  unsigned toRewrite() const;
};

/// What a front end adds to the summary.
struct SummaryOptions {
  /// sizespec-report: the translation units merged, the records folded into
  /// another, the sites with more than one version.
  std::optional<unsigned> Units;
  unsigned DuplicatesMerged = 0;
  unsigned Conflicts = 0;
  /// sizespec-rewrite: what the rewrite does with the specialized sites.
  bool Rewrite = false;
};

/// Prints the summary, each line ending in a newline.
void writeSummary(llvm::raw_ostream &OS, const SiteCounts &C,
                  const SummaryOptions &Opts);

} // namespace sizespec

#endif // SIZESPEC_MODEL_SUMMARY_H
