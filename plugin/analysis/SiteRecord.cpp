//===- SiteRecord.cpp - A site as the reports and sidecar show it ---------===//

#include "SiteRecord.h"
#include "SiteAnalysis.h"

#include "clang/Basic/SourceManager.h"
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

SiteRecord recordOf(const Site &S, clang::SourceLocation Where,
                    const clang::SourceManager &SM) {
  SiteRecord R;
  clang::PresumedLoc P = SM.getPresumedLoc(Where);
  if (P.isValid()) {
    R.File = P.getFilename();
    R.Line = P.getLine();
    R.Column = P.getColumn();
  }
  R.Form = formName(S.Form).str();
  R.Type = S.TypeName;
  R.Describe = S.describe();
  R.Size = S.Size;
  R.Align = S.Align;
  if (S.Size && S.Class)
    R.Class = S.Class;
  R.Scan = S.Scan;
  R.Specialized = S.eligible();
  R.RuntimeSize = S.RuntimeSize;
  if (!S.eligible()) {
    R.Reason = reasonCode(S.Why).str();
    R.Message = S.Message;
  } else {
    R.Routine = S.routineName();
  }
  return R;
}

std::string siteLine(const SiteRecord &R) {
  std::string Line = R.File + ":" + std::to_string(R.Line) + ":" +
                     std::to_string(R.Column) + ": ";
  if (R.Specialized) {
    Line += "specialized: " + R.Describe + " -> " + R.Routine;
    if (R.Size && R.Class)
      Line += " (" + std::to_string(*R.Size) + " B, class " +
              std::to_string(*R.Class) + ")";
    else
      Line += " (runtime size)";
    return Line;
  }
  Line += "not specialized: " + R.Describe;
  if (R.Size)
    Line += " (" + std::to_string(*R.Size) + " B)";
  return Line + ": " + R.Message;
}

llvm::json::Object siteJSON(const SiteRecord &R) {
  return llvm::json::Object{
      {"file", R.File},
      {"line", R.Line},
      {"column", R.Column},
      {"form", R.Form},
      {"type", R.Type},
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

} // namespace sizespec
