//===- JsonFormat.cpp - The merged report as JSON, for programs -----------===//
//
// Keys are stable: a site carries the sidecar keys plus "translation_units"
// and "conflict"; llvm::json prints object keys sorted, so output is stable
// byte for byte.
//
//===----------------------------------------------------------------------===//

#include "Formats.h"

#include "sizespec/size_classes.h"

#include "llvm/Support/JSON.h"

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

json::Value siteToJson(const MergedSite &M) {
  const SiteRecord &S = M.S;
  json::Array Origins;
  for (const Origin &O : M.Origins)
    Origins.push_back(
        json::Object{{"main_file", O.MainFile}, {"settings", O.Settings}});
  json::Object Out = siteJSON(S);
  Out["describe"] = S.Describe;
  Out["nothrow"] = S.Nothrow;
  Out["translation_units"] = std::move(Origins);
  Out["conflict"] = M.Conflict;
  return Out;
}

template <typename Map> json::Object countsToJson(const Map &Counts) {
  json::Object Out;
  for (const auto &[Key, N] : Counts)
    Out[Key] = N;
  return Out;
}

json::Value summaryToJson(const Summary &C) {
  json::Array ByClass;
  for (const auto &[Class, Counts] : C.ByClass)
    ByClass.push_back(json::Object{{"class", Class},
                                   {"size", uint64_t(class_size(Class))},
                                   {"scan", Counts.first},
                                   {"noscan", Counts.second}});
  return json::Object{
      {"sites", C.Sites},
      {"translation_units", C.Units},
      {"duplicates_merged", C.DuplicatesMerged},
      {"conflicts", C.Conflicts},
      {"by_status", json::Object{{"specialized", C.Specialized},
                                 {"not-specialized", C.NotSpecialized}}},
      {"by_class", std::move(ByClass)},
      {"by_reason", countsToJson(C.ByReason)},
      {"by_form", countsToJson(C.ByForm)},
  };
}

} // namespace

void printJson(const Report &R, const OutputOptions &Opts, raw_ostream &OS) {
  // Streamed site by site, keys in sorted order by hand, so a report of a
  // whole build never holds its JSON tree in memory.
  json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attributeArray("errors", [&] {
      for (const InputError &E : Opts.Errors)
        J.value(json::Object{{"file", E.Path}, {"message", E.Message}});
    });
    if (Opts.ShowSites)
      J.attributeArray("sites", [&] {
        for (const MergedSite &M : R.Sites)
          J.value(siteToJson(M));
      });
    J.attribute("sizespec_report", 1);
    if (Opts.ShowSummary)
      J.attribute("summary", summaryToJson(R.Counts));
  });
  OS << "\n";
}

} // namespace report
} // namespace sizespec
