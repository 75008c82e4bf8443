//===- Report.cpp - Site lines and the JSON sidecar -----------------------===//

#include "Report.h"
#include "Version.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace sizespec {
namespace {

template <typename T> llvm::json::Value orNull(const std::optional<T> &V) {
  if (V)
    return *V;
  return nullptr;
}

llvm::json::Value orNull(const std::string &S) {
  if (S.empty())
    return nullptr;
  return S;
}

llvm::json::Object toJSON(const SiteRecord &R) {
  return llvm::json::Object{
      {"file", R.File},
      {"line", R.Line},
      {"column", R.Column},
      {"form", R.Form},
      {"type", R.Type},
      {"describe", R.Describe},
      {"size", orNull(R.Size)},
      {"align", orNull(R.Align)},
      {"class", orNull(R.Class)},
      {"scan", orNull(R.Scan)},
      {"status", R.Specialized ? "specialized" : "not-specialized"},
      {"reason", orNull(R.Reason)},
      {"message", orNull(R.Message)},
      {"routine", orNull(R.Routine)},
  };
}

} // namespace

llvm::Error writeSidecar(llvm::StringRef Path, llvm::StringRef MainFile,
                         const PluginOptions &Opts,
                         llvm::ArrayRef<SiteRecord> Sites) {
  llvm::json::Array SiteArray;
  for (const SiteRecord &R : Sites)
    SiteArray.push_back(toJSON(R));
  llvm::json::Object Settings{
      {"off", Opts.Off},
      {"max", Opts.Max},
      {"sanitizer", Opts.Sanitizer ? llvm::json::Value(*Opts.Sanitizer)
                                   : llvm::json::Value(nullptr)}};
  llvm::json::Value Doc = llvm::json::Object{
      {"sizespec", 1},
      {"plugin_version", kPluginVersion},
      {"clang_version", kClangVersion},
      {"settings", std::move(Settings)},
      {"main_file", MainFile},
      {"sites", std::move(SiteArray)},
  };
  // llvm::writeToOutput writes a temporary file next to Path and renames it.
  return llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    OS << llvm::formatv("{0:2}", Doc) << '\n';
    return llvm::Error::success();
  });
}

} // namespace sizespec
