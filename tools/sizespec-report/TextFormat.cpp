//===- TextFormat.cpp - Site lines and a summary, for people --------------===//

#include "Formats.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace sizespec {
namespace report {

void printText(const Report &R, const OutputOptions &Opts, raw_ostream &OS) {
  if (Opts.ShowSites)
    for (const MergedSite &M : R.Sites) {
      OS << siteLine(M.S) << "\n";
      if (M.Conflict)
        OS << siteNote(M.S, conflictNote(M)) << "\n";
    }
  if (!Opts.ShowSummary)
    return;
  if (Opts.ShowSites && !R.Sites.empty())
    OS << "\n";
  SummaryOptions Extra;
  Extra.Sidecars = R.Counts.Sidecars;
  Extra.DuplicatesMerged = R.Counts.DuplicatesMerged;
  Extra.Conflicts = R.Counts.Conflicts;
  writeSummary(OS, R.Counts, Extra);
  if (!Opts.Errors.empty())
    OS << formatv("{0} input{1} could not be read and {2} not counted\n",
                  Opts.Errors.size(), Opts.Errors.size() == 1 ? "" : "s",
                  Opts.Errors.size() == 1 ? "is" : "are");
}

} // namespace report
} // namespace sizespec
