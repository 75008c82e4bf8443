//===- TextFormat.cpp - Site lines and a summary, for people --------------===//

#include "Formats.h"

#include "sizespec/size_classes.h"

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
  Extra.Units = R.Counts.Units;
  Extra.DuplicatesMerged = R.Counts.DuplicatesMerged;
  Extra.Conflicts = R.Counts.Conflicts;
  writeSummary(OS, R.Counts, Extra);
  if (Opts.Run) {
    OS << formatv("one run of the program (mode {0}):\n", Opts.Run->Mode);
    OS << formatv("  {0,-8}{1,8}{2,8}{3,8}{4,14}{5,14}\n", "class", "size",
                  "kind", "sites", "specialized", "generic");
    for (const RunJoin &J : joinRun(R, *Opts.Run))
      OS << formatv("  {0,-8}{1,8}{2,8}{3,8}{4,14}{5,14}\n",
                    runClassName(J.Class),
                    formatv("{0} B", runClassSize(J.Class)).str(),
                    J.Scan ? "scan" : "noscan", J.SpecializedSites,
                    J.Specialized, J.Generic);
  }
  if (!Opts.Errors.empty())
    OS << formatv("{0} input{1} could not be read and {2} not counted\n",
                  Opts.Errors.size(), Opts.Errors.size() == 1 ? "" : "s",
                  Opts.Errors.size() == 1 ? "is" : "are");
}

} // namespace report
} // namespace sizespec
