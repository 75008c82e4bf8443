//===- JsonFormat.cpp - The merged report as JSON, for programs -----------===//
//
// Keys are stable: a site carries the sidecar keys plus "translation_units"
// and "conflict"; llvm::json prints object keys sorted, so output is stable
// byte for byte.
//
//===----------------------------------------------------------------------===//

#include "Formats.h"
#include "Shrink.h"

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
                                 {"not-specialized", C.NotSpecialized},
                                 {"removed", C.Removed}}},
      {"by_class", std::move(ByClass)},
      {"by_reason", countsToJson(C.ByReason)},
      {"by_form", countsToJson(C.ByForm)},
  };
}

json::Value hotToJson(const HotSite &H) {
  json::Object Out{{"allocations", H.Allocations},
                   {"bytes", H.Bytes},
                   {"samples", H.Samples},
                   {"sigma", H.Sigma},
                   {"class", H.Class},
                   {"kind", H.Kind},
                   {"specialized_path", H.Specialized},
                   {"generic_path", H.Generic},
                   {"status", hotStatus(H)},
                   {"verdict", hotVerdict(H)},
                   {"where", hotWhere(H)}};
  StringRef Left = workLeft(H);
  Out["work_left"] = Left.empty() ? json::Value(nullptr) : json::Value(Left);
  if (H.Site) {
    Out["site"] = siteToJson(*H.Site);
    if (H.Reached)
      Out["reached"] = json::Object{{"file", H.Reached->File},
                                    {"line", H.Reached->Line},
                                    {"function", frameName(*H.Reached)}};
    json::Array Also;
    for (const MergedSite *M : H.Also)
      Also.push_back(siteToJson(*M));
    if (!Also.empty())
      Out["also"] = std::move(Also);
  } else {
    Out["site"] = nullptr;
    Out["function"] = H.Function;
    Out["line_table"] = H.Why != NoSite::NoLineTable;
    Out["in_program"] = H.Why != NoSite::NoPlugin;
  }
  return Out;
}

json::Value profileToJson(const ProfileView &P) {
  json::Array Sites;
  for (const HotSite &H : P.Sites)
    Sites.push_back(hotToJson(H));
  json::Value None = nullptr;
  if (!P.Data.None.empty())
    None = P.Data.None;
  return json::Object{{"rate", P.Data.Rate},
                      {"mode", P.Data.Mode},
                      {"no_samples", std::move(None)},
                      {"samples", P.Data.TotalSamples},
                      {"dropped", P.Data.Dropped},
                      {"allocations", P.Allocations},
                      {"bytes", P.Bytes},
                      {"line_tables", P.LineTables},
                      {"sites", std::move(Sites)}};
}

json::Value shrinkToJson(const Report &R, const ProfileView *P) {
  json::Array Rows;
  for (const ShrinkRow &Row : shrinkRows(R, commonLimit(R), P)) {
    json::Array Where;
    for (const MergedSite *M : Row.Sites)
      Where.push_back(json::Object{
          {"file", M->S.File}, {"line", M->S.Line}, {"column", M->S.Column}});
    Rows.push_back(json::Object{{"type", Row.Type},
                                {"size", Row.Size},
                                {"over", Row.Over},
                                {"class", Row.Now},
                                {"into", Row.Into},
                                {"allocations", Row.Allocations},
                                {"bytes_saved", Row.BytesSaved},
                                {"sites", std::move(Where)}});
  }
  return Rows;
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
    if (Opts.Profile) {
      J.attribute("profile", profileToJson(*Opts.Profile));
      J.attribute("shrink", shrinkToJson(R, Opts.Profile));
    }
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
