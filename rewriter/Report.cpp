//===- Report.cpp - Site report in text or JSON ---------------------------===//

#include "Report.h"

#include "sizespec/model/Codes.h"
#include "sizespec/model/Summary.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace sizespec::rewriter {

namespace {

/// A site's identity and verdict: translation units that disagree on a
/// site (a template instantiated differently) give it two versions.
auto siteKey(const SiteRecord &S) {
  return std::tuple_cat(S.identity(), std::tie(S.Specialized));
}

} // namespace

std::vector<SiteRecord> mergeSites(ArrayRef<TUResult> Results) {
  std::vector<SiteRecord> Sites;
  for (const TUResult &TU : Results)
    Sites.insert(Sites.end(), TU.Sites.begin(), TU.Sites.end());
  std::sort(Sites.begin(), Sites.end(),
            [](const SiteRecord &A, const SiteRecord &B) {
              return std::tuple_cat(siteKey(A), std::tie(A.LeftAlone)) <
                     std::tuple_cat(siteKey(B), std::tie(B.LeftAlone));
            });
  // A site left alone in one translation unit (say, a template instantiated
  // differently) is left alone everywhere: keep the record that says so.
  std::vector<SiteRecord> Out;
  for (SiteRecord &S : Sites) {
    if (!Out.empty() && siteKey(Out.back()) == siteKey(S)) {
      if (Out.back().LeftAlone.empty())
        Out.back().LeftAlone = S.LeftAlone;
      continue;
    }
    Out.push_back(std::move(S));
  }
  return Out;
}

void writeTextReport(raw_ostream &OS, ArrayRef<SiteRecord> Sites) {
  for (const SiteRecord &S : Sites) {
    OS << siteLine(S) << "\n";
    if (S.Specialized && !S.LeftAlone.empty())
      OS << siteNote(S, formatv("not rewritten: {0} [{1}]",
                                leftAloneMessage(S.LeftAlone), S.LeftAlone)
                            .str())
         << "\n";
  }
  if (!Sites.empty())
    OS << "\n";
  SiteCounts Counts;
  for (const SiteRecord &S : Sites)
    Counts.add(S);
  SummaryOptions Opts;
  Opts.Rewrite = true;
  writeSummary(OS, Counts, Opts);
}

void writeJsonReport(raw_ostream &OS, ArrayRef<SiteRecord> Sites,
                     ArrayRef<FileProblem> Errors) {
  json::Array Out;
  SiteCounts Counts;
  for (const SiteRecord &S : Sites) {
    Counts.add(S);
    json::Value Rewriting = nullptr;
    if (S.Specialized)
      Rewriting = S.LeftAlone.empty() ? "rewrite" : "left_alone";
    json::Object Site = siteJSON(S);
    Site["rewrite"] = std::move(Rewriting);
    Site["rewrite_reason"] =
        S.LeftAlone.empty() ? json::Value(nullptr) : json::Value(S.LeftAlone);
    Out.push_back(std::move(Site));
  }
  json::Array Errs;
  for (const FileProblem &E : Errors)
    Errs.push_back(json::Object{{"file", E.File}, {"message", E.Message}});
  json::Object Root{
      {"sizespec", 1},
      {"tool", "sizespec-rewrite"},
      {"sites", std::move(Out)},
      {"summary",
       json::Object{{"sites", Sites.size()},
                    {"specialized", Counts.Specialized},
                    {"rewrite", Counts.toRewrite()},
                    {"left_alone", Counts.Specialized - Counts.toRewrite()}}},
      {"errors", std::move(Errs)},
  };
  OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
}

} // namespace sizespec::rewriter
