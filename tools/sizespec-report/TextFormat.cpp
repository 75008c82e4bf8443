//===- TextFormat.cpp - Site lines and a summary, for people --------------===//

#include "Formats.h"

#include "sizespec/size_classes.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

void printSummary(const Summary &C, raw_ostream &OS) {
  OS << formatv("sizespec summary: {0} site{1} from {2} sidecar{3}", C.Sites,
                C.Sites == 1 ? "" : "s", C.Sidecars,
                C.Sidecars == 1 ? "" : "s");
  if (C.DuplicatesMerged)
    OS << formatv(" ({0} duplicate record{1} merged)", C.DuplicatesMerged,
                  C.DuplicatesMerged == 1 ? "" : "s");
  OS << "\n";
  OS << formatv("  {0,-24}{1,6}\n", "specialized", C.Specialized);
  OS << formatv("  {0,-24}{1,6}\n", "not specialized", C.NotSpecialized);
  if (C.Conflicts)
    OS << formatv("  {0,-24}{1,6}\n", "conflicting", C.Conflicts);

  if (!C.ByClass.empty()) {
    OS << "specialized sites by class:\n";
    OS << formatv("  {0,-10}{1,8}{2,8}{3,8}\n", "class", "size", "scan",
                  "noscan");
    for (const auto &[Class, Counts] : C.ByClass)
      OS << formatv("  {0,-10}{1,8}{2,8}{3,8}\n", Class,
                    formatv("{0} B", class_size(Class)).str(), Counts.first,
                    Counts.second);
  }
  if (!C.ByReason.empty()) {
    OS << "not specialized, by reason:\n";
    for (const auto &[Reason, N] : C.ByReason)
      OS << formatv("  {0,-24}{1,6}\n", Reason, N);
  }
  if (!C.ByForm.empty()) {
    OS << "sites by form:\n";
    for (const auto &[Form, N] : C.ByForm)
      OS << formatv("  {0,-24}{1,6}\n", Form, N);
  }
}

} // namespace

void printText(const Report &R, const OutputOptions &Opts, raw_ostream &OS) {
  if (Opts.ShowSites)
    for (const MergedSite &M : R.Sites) {
      OS << siteLine(M.S) << "\n";
      if (M.Conflict)
        OS << formatv("{0}:{1}:{2}: note: {3}\n", M.S.File, M.S.Line,
                      M.S.Column, conflictNote(M));
    }
  if (!Opts.ShowSummary)
    return;
  if (Opts.ShowSites && !R.Sites.empty())
    OS << "\n";
  printSummary(R.Counts, OS);
  if (!Opts.Errors.empty())
    OS << formatv("{0} input{1} could not be read and {2} not counted\n",
                  Opts.Errors.size(), Opts.Errors.size() == 1 ? "" : "s",
                  Opts.Errors.size() == 1 ? "is" : "are");
}

} // namespace report
} // namespace sizespec
