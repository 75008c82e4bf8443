//===- Report.cpp - Site report in text or JSON ---------------------------===//

#include "Report.h"
#include "LeftAlone.h"

#include "sizespec/size_classes.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <map>
#include <tuple>

using namespace llvm;

namespace sizespec::rewriter {

namespace {

auto siteKey(const SiteRecord &S) {
  return std::tie(S.File, S.Line, S.Column, S.Form, S.Type, S.Specialized);
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

void writeSummary(raw_ostream &OS, ArrayRef<SiteRecord> Sites) {
  unsigned Specialized = 0, Rewrite = 0;
  std::map<std::string, unsigned> NotSpecialized, LeftAlone, ByForm;
  std::map<unsigned, std::pair<unsigned, unsigned>> ByClass;
  for (const SiteRecord &S : Sites) {
    ++ByForm[S.Form];
    if (!S.Specialized) {
      ++NotSpecialized[S.Reason];
      continue;
    }
    ++Specialized;
    if (S.Class && S.Scan)
      ++(*S.Scan ? ByClass[*S.Class].first : ByClass[*S.Class].second);
    if (S.LeftAlone.empty())
      ++Rewrite;
    else
      ++LeftAlone[S.LeftAlone];
  }
  // The layout of sizespec-report's summary, plus the rewrite's counts.
  auto Row = [&](StringRef Name, unsigned N) {
    OS << formatv("  {0,-24}{1,6}\n", Name, N);
  };
  OS << formatv("sizespec summary: {0} site{1}\n", Sites.size(),
                Sites.size() == 1 ? "" : "s");
  Row("specialized", Specialized);
  Row("not specialized", Sites.size() - Specialized);
  if (!ByClass.empty()) {
    OS << "specialized sites by class:\n";
    OS << formatv("  {0,-10}{1,8}{2,8}{3,8}\n", "class", "size", "scan",
                  "noscan");
    for (const auto &[Class, Counts] : ByClass)
      OS << formatv("  {0,-10}{1,8}{2,8}{3,8}\n", Class,
                    formatv("{0} B", class_size(Class)).str(), Counts.first,
                    Counts.second);
  }
  if (!NotSpecialized.empty()) {
    OS << "not specialized, by reason:\n";
    for (const auto &[Reason, N] : NotSpecialized)
      Row(Reason, N);
  }
  if (!ByForm.empty()) {
    OS << "sites by form:\n";
    for (const auto &[Form, N] : ByForm)
      Row(Form, N);
  }
  OS << "rewrite of the specialized sites:\n";
  Row("to rewrite", Rewrite);
  Row("left alone", Specialized - Rewrite);
  if (!LeftAlone.empty()) {
    OS << "left alone, by reason:\n";
    for (const auto &[Reason, N] : LeftAlone)
      Row(Reason, N);
  }
}

void writeTextReport(raw_ostream &OS, ArrayRef<SiteRecord> Sites) {
  for (const SiteRecord &S : Sites) {
    OS << siteLine(S) << "\n";
    if (S.Specialized && !S.LeftAlone.empty())
      OS << S.File << ":" << S.Line << ":" << S.Column
         << ": note: not rewritten: " << leftAloneMessage(S.LeftAlone) << " ["
         << S.LeftAlone << "]\n";
  }
  if (!Sites.empty())
    OS << "\n";
  writeSummary(OS, Sites);
}

void writeJsonReport(raw_ostream &OS, ArrayRef<SiteRecord> Sites,
                     ArrayRef<FileProblem> Errors) {
  json::Array Out;
  unsigned Specialized = 0, Rewrite = 0;
  for (const SiteRecord &S : Sites) {
    json::Value Rewriting = nullptr;
    if (S.Specialized) {
      ++Specialized;
      Rewriting = S.LeftAlone.empty() ? "rewrite" : "left_alone";
      Rewrite += S.LeftAlone.empty();
    }
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
      {"summary", json::Object{{"sites", Sites.size()},
                               {"specialized", Specialized},
                               {"rewrite", Rewrite},
                               {"left_alone", Specialized - Rewrite}}},
      {"errors", std::move(Errs)},
  };
  OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
}

} // namespace sizespec::rewriter
