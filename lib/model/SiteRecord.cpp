//===- SiteRecord.cpp - One allocation site and what became of it ---------===//

#include "sizespec/model/SiteRecord.h"

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

} // namespace

std::string describeSite(llvm::StringRef Form, llvm::StringRef Type,
                         bool Nothrow) {
  if (Form == "new" || Form == "new[]")
    return ((Nothrow ? "new (std::nothrow) " : "new ") + Type).str();
  return llvm::formatv("{0}<{1}>", Form, Type).str();
}

std::string siteVerdict(const SiteRecord &R) {
  if (R.Specialized) {
    std::string Line = "specialized: " + R.Describe + " -> " + R.Routine;
    if (R.Size && R.Tiny)
      return Line + llvm::formatv(" ({0} B, tiny)", *R.Size).str();
    if (R.Size && R.Class)
      return Line +
             llvm::formatv(" ({0} B, class {1})", *R.Size, *R.Class).str();
    return Line + " (runtime size)";
  }
  std::string Line = "not specialized: " + R.Describe;
  if (R.Size)
    Line += llvm::formatv(" ({0} B)", *R.Size).str();
  // A record read from a sidecar may carry the code alone.
  return Line + ": " + (R.Message.empty() ? R.Reason : R.Message);
}

std::string siteLine(const SiteRecord &R) {
  return llvm::formatv("{0}:{1}:{2}: {3}", R.File, R.Line, R.Column,
                       siteVerdict(R))
      .str();
}

std::string siteNote(const SiteRecord &R, llvm::StringRef Text) {
  return llvm::formatv("{0}:{1}:{2}: note: {3}", R.File, R.Line, R.Column, Text)
      .str();
}

llvm::StringRef statusCode(const SiteRecord &R) {
  return R.Specialized ? "specialized" : "not-specialized";
}

llvm::StringRef scanWord(const SiteRecord &R) {
  if (!R.Scan)
    return "scan?";
  return *R.Scan ? "scan" : "noscan";
}

llvm::json::Object siteJSON(const SiteRecord &R) {
  llvm::json::Object Out{
      {"file", R.File},
      {"line", R.Line},
      {"column", R.Column},
      {"form", R.Form},
      {"type", R.Type},
      {"size", orNull(R.Size)},
      {"align", orNull(R.Align)},
      {"class", orNull(R.Class)},
      {"scan", orNull(R.Scan)},
      {"status", statusCode(R)},
      {"reason", orNull(R.Reason)},
      {"message", orNull(R.Message)},
      {"routine", orNull(R.Routine)},
  };
  // Only where true: records of other sites read as they always have.
  if (R.Tiny)
    Out["tiny"] = true;
  return Out;
}

} // namespace sizespec
