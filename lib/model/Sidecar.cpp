//===- Sidecar.cpp - One translation unit's records as JSON ---------------===//

#include "sizespec/model/Sidecar.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace llvm;

namespace sizespec {
namespace {

/// Renders one settings value as the word the report shows after `key=`.
std::string settingWord(const json::Value &V) {
  if (auto S = V.getAsString())
    return S->str();
  std::string Out;
  raw_string_ostream OS(Out);
  OS << V;
  return Out;
}

bool readCode(const json::Value *V, SiteRecord &R, json::Path P) {
  if (!V || V->kind() == json::Value::Null)
    return true;
  json::ObjectMapper O(*V, P);
  SiteCode C;
  std::uint64_t Line = 0, Column = 0;
  if (!O || !O.map("function", C.Function) || !O.map("file", C.File) ||
      !O.map("line", Line) || !O.map("column", Column))
    return false;
  C.Line = static_cast<unsigned>(Line);
  C.Column = static_cast<unsigned>(Column);
  R.Code = std::move(C);
  return true;
}

bool readOutcome(const json::Value *V, SiteRecord &R, json::Path P) {
  if (!V || V->kind() == json::Value::Null)
    return true;
  json::ObjectMapper O(*V, P);
  SiteOutcome Out;
  std::optional<std::string> Why;
  const json::Array *Sizes = nullptr;
  static const json::Array None;
  std::uint64_t Lowered = 0, Generic = 0, Calls = 0;
  if (!O || !O.map("lowered", Lowered) || !O.map("generic", Generic) ||
      !O.map("calls", Calls) || !O.map("call_why", Why))
    return false;
  Out.Lowered = static_cast<unsigned>(Lowered);
  Out.Generic = static_cast<unsigned>(Generic);
  Out.Calls = static_cast<unsigned>(Calls);
  if (const json::Object *Obj = V->getAsObject())
    Sizes = Obj->getArray("lowered_sizes");
  for (const json::Value &S : Sizes ? *Sizes : None) {
    const json::Object *SO = S.getAsObject();
    std::optional<std::int64_t> Size, Class;
    if (SO) {
      Size = SO->getInteger("size");
      Class = SO->getInteger("class");
    }
    if (!Size || !Class) {
      P.field("lowered_sizes").report("expected {\"size\": N, \"class\": N}");
      return false;
    }
    Out.LoweredSizes.emplace_back(*Size, static_cast<unsigned>(*Class));
  }
  Out.CallWhy = Why.value_or("");
  R.Outcome = std::move(Out);
  return true;
}

bool readSite(const json::Value &V, SiteRecord &R, json::Path P) {
  json::ObjectMapper O(V, P);
  std::string Status;
  std::uint64_t Line = 0, Column = 0;
  std::optional<std::uint64_t> Class;
  std::optional<std::string> Reason, Message, Routine, Describe;
  if (!O || !O.map("file", R.File) || !O.map("line", Line) ||
      !O.map("column", Column) || !O.map("form", R.Form) ||
      !O.map("type", R.Type) || !O.map("size", R.Size) ||
      !O.map("align", R.Align) || !O.map("class", Class) ||
      !O.map("scan", R.Scan) || !O.map("status", Status) ||
      !O.map("reason", Reason) || !O.map("message", Message) ||
      !O.map("routine", Routine) || !O.map("describe", Describe) ||
      !O.mapOptional("nothrow", R.Nothrow) || !O.mapOptional("tiny", R.Tiny) ||
      !O.mapOptional("element_size", R.ElementSize))
    return false;
  R.Line = static_cast<unsigned>(Line);
  R.Column = static_cast<unsigned>(Column);
  if (Class)
    R.Class = static_cast<unsigned>(*Class);
  R.Reason = Reason.value_or("");
  R.Message = Message.value_or("");
  R.Routine = Routine.value_or("");
  R.Describe = Describe ? *Describe : describeSite(R.Form, R.Type, R.Nothrow);
  const json::Object *Obj = V.getAsObject();
  if (!readCode(Obj->get("code"), R, P.field("code")) ||
      !readOutcome(Obj->get("outcome"), R, P.field("outcome")))
    return false;
  if (Status == "removed" && !(R.Outcome && R.Outcome->removed())) {
    P.field("outcome").report("a removed site needs an outcome with no calls");
    return false;
  }
  if (Status == "specialized" || Status == "removed") {
    R.Specialized = true;
    if (!Routine) {
      P.field("routine").report("a specialized site needs a routine");
      return false;
    }
  } else if (Status == "not-specialized") {
    R.Specialized = false;
    if (!Reason) {
      P.field("reason").report("a not-specialized site needs a reason");
      return false;
    }
  } else {
    P.field("status").report(
        "expected \"specialized\", \"not-specialized\" or \"removed\"");
    return false;
  }
  return true;
}

} // namespace

std::string settingsWords(const json::Object &Settings) {
  SmallVector<std::string, 8> Words;
  for (const auto &KV : Settings)
    Words.push_back(
        formatv("{0}={1}", KV.first.str(), settingWord(KV.second)).str());
  llvm::sort(Words);
  return join(Words, " ");
}

Expected<Sidecar> parseSidecar(StringRef Text, StringRef Path) {
  Expected<json::Value> Root = json::parse(Text);
  if (!Root)
    return createStringError(Twine("invalid JSON: ") +
                             toString(Root.takeError()));

  const json::Object *Obj = Root->getAsObject();
  if (!Obj)
    return createStringError("not a sizespec sidecar (expected a JSON object)");
  const json::Value *Version = Obj->get("sizespec");
  if (!Version)
    return createStringError(
        "not a sizespec sidecar (no \"sizespec\" version key)");
  std::optional<int64_t> V = Version->getAsInteger();
  if (!V)
    return createStringError("sidecar version is not an integer");
  if (*V < 1 || *V > kSidecarVersion)
    return createStringError(formatv("unsupported sidecar version {0} (this "
                                     "sizespec-report reads versions 1 to {1})",
                                     *V, kSidecarVersion)
                                 .str());

  Sidecar Result;
  Result.Path = Path.str();
  json::Path::Root JRoot("sidecar");
  json::ObjectMapper O(*Root, JRoot);
  std::optional<std::string> Plugin, Clang, MainFile, Directory;
  if (!O.map("plugin_version", Plugin) || !O.map("clang_version", Clang) ||
      !O.map("main_file", MainFile) || !O.mapOptional("directory", Directory))
    return JRoot.getError();
  const json::Value *SitesValue = Obj->get("sites");
  if (!SitesValue)
    return createStringError("missing \"sites\"");
  const json::Array *Sites = SitesValue->getAsArray();
  if (!Sites)
    return createStringError("\"sites\" is not an array");
  Result.PluginVersion = Plugin.value_or("");
  Result.ClangVersion = Clang.value_or("");
  Result.MainFile = MainFile.value_or("");
  Result.Directory = Directory.value_or("");

  if (const json::Value *Settings = Obj->get("settings")) {
    const json::Object *S = Settings->getAsObject();
    if (!S && Settings->kind() != json::Value::Null)
      return createStringError("\"settings\" is not an object");
    if (S)
      Result.Settings = *S;
  }

  json::Path RootPath(JRoot);
  json::Path SitesPath = RootPath.field("sites");
  Result.Sites.resize(Sites->size());
  for (auto [I, V] : enumerate(*Sites))
    if (!readSite(V, Result.Sites[I], SitesPath.index(I)))
      return JRoot.getError();
  return Result;
}

Expected<Sidecar> readSidecar(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return errorCodeToError(Buf.getError());
  return parseSidecar((*Buf)->getBuffer(), Path);
}

std::string sidecarText(const Sidecar &SC, bool Pretty) {
  json::Array Sites;
  for (const SiteRecord &R : SC.Sites) {
    json::Object Site = siteJSON(R);
    Site["describe"] = R.Describe;
    Sites.push_back(std::move(Site));
  }
  json::Object Doc{
      {"sizespec", kSidecarVersion},
      {"plugin_version", SC.PluginVersion},
      {"clang_version", SC.ClangVersion},
      {"settings", json::Object(SC.Settings)},
      {"main_file", SC.MainFile},
      {"sites", std::move(Sites)},
  };
  if (!SC.Directory.empty())
    Doc["directory"] = SC.Directory;
  json::Value V(std::move(Doc));
  return (Pretty ? formatv("{0:2}\n", V) : formatv("{0}\n", V)).str();
}

Error writeSidecar(StringRef Path, const Sidecar &SC) {
  std::string Text = sidecarText(SC);
  // llvm::writeToOutput writes a temporary file next to Path and renames it.
  return writeToOutput(Path, [&](raw_ostream &OS) {
    OS << Text;
    return Error::success();
  });
}

} // namespace sizespec
