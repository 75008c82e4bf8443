//===- SarifFormat.cpp - The merged report as SARIF 2.1.0 -----------------===//
//
// One result per site, so code-scanning UIs (GitHub, VS Code's SARIF viewer)
// show each site at its location. The rule is the status or the reason code;
// specialized sites are notes, sites left on the generic path are warnings.
//
//===----------------------------------------------------------------------===//

#include "Formats.h"

#include "sizespec/model/Codes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

/// RFC 3986 percent-encoding of a path; '/' stays a separator.
std::string encodePath(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || C == '/' || C == '-' || C == '.' || C == '_' || C == '~')
      Out += C;
    else
      Out += "%" + utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

json::Object artifactLocation(StringRef File) {
  if (sys::path::is_absolute(File, sys::path::Style::posix))
    return json::Object{{"uri", "file://" + encodePath(File)}};
  return json::Object{{"uri", encodePath(File)}, {"uriBaseId", "SRCROOT"}};
}

StringRef ruleId(const SiteRecord &S) {
  if (S.removed())
    return "removed";
  return S.Specialized ? StringRef("specialized") : StringRef(S.Reason);
}

json::Object ruleFor(StringRef Id) {
  StringRef Why = reasonMessage(Id);
  std::string Text =
      Id == "specialized"
          ? "allocation site routed to a size-specialized routine"
      : Id == "removed" ? "specialized allocation site removed by the optimizer"
                        : "allocation site not specialized: " +
                              (Why.empty() ? Id.str() : Why.str());
  return json::Object{{"id", Id},
                      {"shortDescription", json::Object{{"text", Text}}}};
}

json::Object resultFor(const MergedSite &M, unsigned RuleIndex) {
  const SiteRecord &S = M.S;
  std::string Text = siteVerdict(S);
  if (M.Conflict)
    Text += " (" + conflictNote(M) + ")";
  json::Object Props{{"form", S.Form}, {"type", S.Type}};
  if (S.Size)
    Props["size"] = *S.Size;
  if (S.Align)
    Props["align"] = *S.Align;
  if (S.Class)
    Props["class"] = *S.Class;
  if (S.Scan)
    Props["scan"] = *S.Scan;
  if (!S.Routine.empty())
    Props["routine"] = S.Routine;
  json::Array TUs;
  for (const Origin &O : M.Origins)
    TUs.push_back(O.MainFile);
  Props["translationUnits"] = std::move(TUs);
  Props["conflict"] = M.Conflict;
  return json::Object{
      {"ruleId", ruleId(S)},
      {"ruleIndex", RuleIndex},
      {"level", S.Specialized ? "note" : "warning"},
      {"message", json::Object{{"text", Text}}},
      {"locations",
       json::Array{json::Object{
           {"physicalLocation",
            json::Object{
                {"artifactLocation", artifactLocation(S.File)},
                {"region", json::Object{{"startLine", S.Line},
                                        {"startColumn", S.Column}}}}}}}},
      {"properties", std::move(Props)},
  };
}

} // namespace

void printSarif(const Report &R, const OutputOptions &Opts, raw_ostream &OS) {
  // Rules in a fixed order: "specialized" first, then reasons by name.
  std::map<std::string, unsigned> RuleIndex;
  json::Array Rules;
  auto addRule = [&](StringRef Id) {
    if (RuleIndex.emplace(Id.str(), Rules.size()).second)
      Rules.push_back(ruleFor(Id));
  };
  if (R.Counts.Specialized)
    addRule("specialized");
  if (R.Counts.Removed)
    addRule("removed");
  for (const auto &KV : R.Counts.ByReason)
    addRule(KV.first);

  json::Array Notifications;
  for (const InputError &E : Opts.Errors)
    Notifications.push_back(json::Object{
        {"level", "error"},
        {"message", json::Object{{"text", E.Path + ": " + E.Message}}}});

  // Streamed result by result, keys in sorted order by hand, so a report of
  // a whole build never holds its JSON tree in memory.
  json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    J.attributeArray("runs", [&] {
      J.object([&] {
        J.attribute(
            "invocations",
            json::Array{json::Object{
                {"executionSuccessful", Opts.Errors.empty()},
                {"toolExecutionNotifications", std::move(Notifications)}}});
        J.attribute(
            "originalUriBaseIds",
            json::Object{
                {"SRCROOT",
                 json::Object{{"description",
                               json::Object{{"text", "the directory the "
                                                     "build ran in"}}}}}});
        J.attributeArray("results", [&] {
          if (Opts.ShowSites)
            for (const MergedSite &M : R.Sites)
              J.value(resultFor(M, RuleIndex.at(ruleId(M.S).str())));
        });
        J.attribute("tool",
                    json::Object{
                        {"driver", json::Object{{"name", "sizespec-report"},
                                                {"version", SIZESPEC_VERSION},
                                                {"rules", std::move(Rules)}}}});
      });
    });
    J.attribute("version", "2.1.0");
  });
  OS << "\n";
}

} // namespace report
} // namespace sizespec
