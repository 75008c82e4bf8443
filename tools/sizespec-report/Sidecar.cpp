//===- Sidecar.cpp - Read and validate one sidecar ------------------------===//

#include "Sidecar.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace llvm;

namespace sizespec {
namespace report {
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

std::string settingsString(const json::Object &Settings) {
  SmallVector<std::string, 8> Words;
  for (const auto &KV : Settings)
    Words.push_back(
        formatv("{0}={1}", KV.first.str(), settingWord(KV.second)).str());
  llvm::sort(Words);
  return join(Words, " ");
}

bool readSite(const json::Value &V, Site &S, json::Path P) {
  json::ObjectMapper O(V, P);
  std::string Status;
  if (!O || !O.map("file", S.File) || !O.map("line", S.Line) ||
      !O.map("column", S.Column) || !O.map("form", S.Form) ||
      !O.map("type", S.Type) || !O.map("size", S.Size) ||
      !O.map("align", S.Align) || !O.map("class", S.Class) ||
      !O.map("scan", S.Scan) || !O.map("status", Status) ||
      !O.map("reason", S.Reason) || !O.map("message", S.Message) ||
      !O.map("routine", S.Routine) || !O.map("describe", S.Describe) ||
      !O.mapOptional("nothrow", S.Nothrow))
    return false;
  if (Status == "specialized") {
    S.Specialized = true;
    if (!S.Routine) {
      P.field("routine").report("a specialized site needs a routine");
      return false;
    }
  } else if (Status == "not-specialized") {
    S.Specialized = false;
    if (!S.Reason) {
      P.field("reason").report("a not-specialized site needs a reason");
      return false;
    }
  } else {
    P.field("status").report("expected \"specialized\" or \"not-specialized\"");
    return false;
  }
  return true;
}

} // namespace

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
  if (*V != kSidecarVersion)
    return createStringError(formatv("unsupported sidecar version {0} (this "
                                     "sizespec-report reads version {1})",
                                     *V, kSidecarVersion)
                                 .str());

  Sidecar Result;
  Result.Path = Path.str();
  json::Path::Root JRoot("sidecar");
  json::ObjectMapper O(*Root, JRoot);
  std::optional<std::string> Plugin, Clang, MainFile;
  if (!O.map("plugin_version", Plugin) || !O.map("clang_version", Clang) ||
      !O.map("main_file", MainFile))
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

  if (const json::Value *Settings = Obj->get("settings")) {
    const json::Object *S = Settings->getAsObject();
    if (!S && Settings->kind() != json::Value::Null)
      return createStringError("\"settings\" is not an object");
    if (S)
      Result.Settings = settingsString(*S);
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

} // namespace report
} // namespace sizespec
