//===- TextFormat.cpp - Site lines and a summary, for people --------------===//

#include "Formats.h"
#include "Shrink.h"

#include "sizespec/size_classes.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

/// A hot row's line: where it is in the program, and its verdict.
std::string hotLine(const HotSite &H) {
  if (H.Reached)
    return formatv("{0}:{1}:{2}: {3}", H.Reached->File, H.Reached->Line,
                   H.Reached->Column, hotVerdict(H))
        .str();
  if (H.Site)
    return formatv("{0}:{1}:{2}: {3}", H.Site->S.File, H.Site->S.Line,
                   H.Site->S.Column, hotVerdict(H))
        .str();
  return hotWhere(H) + ": " + hotVerdict(H);
}

void printHot(raw_ostream &OS, ArrayRef<const HotSite *> Rows) {
  OS << formatv("  {0,16} {1,11}  site\n", "allocations", "bytes");
  if (Rows.empty())
    OS << "  none\n";
  for (const HotSite *H : Rows)
    OS << formatv("  {0,16} {1,11}  {2}\n",
                  estimateWord(H->Allocations) + " ± " + estimateWord(H->Sigma),
                  byteWord(H->Bytes), hotLine(*H));
}

void printProfile(const Report &R, const ProfileView &P, raw_ostream &OS) {
  const ProfileData &D = P.Data;
  OS << formatv("\nallocation profile (mode {0}): ", D.Mode);
  if (!D.None.empty()) {
    OS << "no samples: " << D.None << "\n";
    return;
  }
  OS << formatv("{0} samples, one every {1} bytes allocated on average: "
                "about {2} allocations, {3}\n",
                D.TotalSamples, D.Rate, estimateWord(P.Allocations),
                byteWord(P.Bytes));
  if (D.Dropped)
    OS << formatv("  {0} samples dropped: the runtime's table was full\n",
                  D.Dropped);
  if (!P.LineTables)
    OS << "  some of the program's sampled code has no line tables: its "
          "samples are not joined to sites (build with -g or "
          "-gline-tables-only)\n";
  for (const std::string &Problem : P.Problems)
    OS << "  cannot symbolize " << Problem << "\n";
  HotLists Lists = hotLists(P);
  OS << "hottest sites, by estimated allocations (± one standard "
        "deviation):\n";
  printHot(OS, Lists.Hottest);
  OS << "hottest sites not specialized (the work left to do):\n";
  printHot(OS, Lists.NotSpecialized);
  if (!Lists.NotJoined.empty()) {
    OS << "hottest code not joined to a site (whether it was specialized "
          "is not known):\n";
    printHot(OS, Lists.NotJoined);
  }

  std::vector<ShrinkRow> Rows = shrinkRows(R, commonLimit(R), &P);
  if (Rows.empty())
    return;
  OS << "what to shrink, by what it would save in this run:\n";
  OS << formatv("  {0,-28} {1,5} {2,6}  {3,-36} {4,12} {5,10}  {6}\n", "type",
                "sites", "shed", "now -> then", "allocations", "saved",
                "first site");
  for (const ShrinkRow &Row : ArrayRef(Rows).take_front(kHotRows)) {
    const SiteRecord &First = Row.Sites.front()->S;
    OS << formatv("  {0,-28} {1,5} {2,6}  {3,-36} {4,12} {5,10}  "
                  "{6}:{7}:{8}\n",
                  Row.Type, Row.Sites.size(), formatv("{0} B", Row.Over).str(),
                  shrinkClassName(Row.Now) + " -> " + shrinkClassName(Row.Into),
                  estimateWord(Row.Allocations), byteWord(Row.BytesSaved),
                  First.File, First.Line, First.Column);
  }
}

} // namespace

void printText(const Report &R, const OutputOptions &Opts, raw_ostream &OS) {
  if (Opts.ShowSites)
    for (const MergedSite &M : R.Sites) {
      OS << siteLine(M.S) << "\n";
      if (std::string Note = outcomeNote(M.S); !Note.empty())
        OS << siteNote(M.S, Note) << "\n";
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
  if (Opts.Profile)
    printProfile(R, *Opts.Profile, OS);
  if (!Opts.Errors.empty())
    OS << formatv("{0} input{1} could not be read and {2} not counted\n",
                  Opts.Errors.size(), Opts.Errors.size() == 1 ? "" : "s",
                  Opts.Errors.size() == 1 ? "is" : "are");
}

} // namespace report
} // namespace sizespec
