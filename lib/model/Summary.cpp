//===- Summary.cpp - The counts under a list of sites ---------------------===//

#include "sizespec/model/Summary.h"

#include "sizespec/size_classes.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace sizespec {
namespace {

const char *plural(unsigned N) { return N == 1 ? "" : "s"; }

void row(raw_ostream &OS, StringRef Name, unsigned N) {
  OS << formatv("  {0,-24}{1,6}\n", Name, N);
}

void rows(raw_ostream &OS, StringRef Title,
          const std::map<std::string, unsigned> &Counts) {
  if (Counts.empty())
    return;
  OS << Title << ":\n";
  for (const auto &[Name, N] : Counts)
    row(OS, Name, N);
}

} // namespace

void SiteCounts::add(const SiteRecord &R) {
  ++Sites;
  ++ByForm[R.Form];
  if (R.removed()) {
    ++Removed;
    return;
  }
  if (!R.Specialized) {
    ++NotSpecialized;
    ++ByReason[R.Reason];
    return;
  }
  ++Specialized;
  if (R.Class) {
    auto &[Scan, NoScan] = ByClass[*R.Class];
    ++(R.Scan.value_or(true) ? Scan : NoScan);
  }
  if (!R.LeftAlone.empty())
    ++ByLeftAlone[R.LeftAlone];
}

unsigned SiteCounts::toRewrite() const {
  unsigned Left = 0;
  for (const auto &[Code, N] : ByLeftAlone)
    Left += N;
  return Specialized - Left;
}

void writeSummary(raw_ostream &OS, const SiteCounts &C,
                  const SummaryOptions &Opts) {
  OS << formatv("sizespec summary: {0} site{1}", C.Sites, plural(C.Sites));
  if (Opts.Units)
    OS << formatv(" from {0} translation unit{1}", *Opts.Units,
                  plural(*Opts.Units));
  if (Opts.DuplicatesMerged)
    OS << formatv(" ({0} duplicate record{1} merged)", Opts.DuplicatesMerged,
                  plural(Opts.DuplicatesMerged));
  OS << "\n";
  row(OS, "specialized", C.Specialized);
  row(OS, "not specialized", C.NotSpecialized);
  if (C.Removed)
    row(OS, "removed by the optimizer", C.Removed);
  if (Opts.Conflicts)
    row(OS, "conflicting", Opts.Conflicts);
  if (!C.ByClass.empty()) {
    OS << "specialized sites by class:\n";
    OS << formatv("  {0,-10}{1,8}{2,8}{3,8}\n", "class", "size", "scan",
                  "noscan");
    for (const auto &[Class, Counts] : C.ByClass)
      OS << formatv("  {0,-10}{1,8}{2,8}{3,8}\n", Class,
                    formatv("{0} B", class_size(Class)).str(), Counts.first,
                    Counts.second);
  }
  rows(OS, "not specialized, by reason", C.ByReason);
  rows(OS, "sites by form", C.ByForm);
  if (!Opts.Rewrite)
    return;
  OS << "rewrite of the specialized sites:\n";
  row(OS, "to rewrite", C.toRewrite());
  row(OS, "left alone", C.Specialized - C.toRewrite());
  rows(OS, "left alone, by reason", C.ByLeftAlone);
}

} // namespace sizespec
