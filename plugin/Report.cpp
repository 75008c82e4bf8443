//===- Report.cpp - The JSON sidecar --------------------------------------===//

#include "Report.h"
#include "Version.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace sizespec {

llvm::Error writeSidecar(llvm::StringRef Path, llvm::StringRef MainFile,
                         const PluginOptions &Opts,
                         llvm::ArrayRef<SiteRecord> Sites) {
  llvm::json::Array SiteArray;
  for (const SiteRecord &R : Sites) {
    llvm::json::Object Site = siteJSON(R);
    Site["describe"] = R.Describe;
    SiteArray.push_back(std::move(Site));
  }
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
