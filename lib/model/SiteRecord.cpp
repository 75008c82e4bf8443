//===- SiteRecord.cpp - One allocation site and what became of it ---------===//

#include "sizespec/model/SiteRecord.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
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

std::string routineBaseName(bool Scan, bool RuntimeSize, bool Tiny,
                            unsigned Class) {
  std::string Name = Scan ? "alloc_scan" : "alloc_noscan";
  if (RuntimeSize)
    return Name;
  if (Tiny)
    return Name + "_tiny";
  return Name + "_sc" + std::to_string(Class);
}

std::string routineName(bool Scan, bool RuntimeSize, bool Tiny, unsigned Class,
                        llvm::StringRef Type) {
  return (routineBaseName(Scan, RuntimeSize, Tiny, Class) + "<" + Type + ">")
      .str();
}

void SiteOutcome::add(const SiteOutcome &O) {
  Lowered += O.Lowered;
  Generic += O.Generic;
  Calls += O.Calls;
  for (const auto &SC : O.LoweredSizes)
    if (llvm::find(LoweredSizes, SC) == LoweredSizes.end())
      LoweredSizes.push_back(SC);
  llvm::sort(LoweredSizes);
  if (CallWhy.empty())
    CallWhy = O.CallWhy;
}

/// " (24 B, class 3)", " (4 B, tiny)" or " (runtime size)".
static std::string sizeNote(const SiteRecord &R) {
  if (R.Size && R.Tiny)
    return llvm::formatv(" ({0} B, tiny)", *R.Size).str();
  if (R.Size && R.Class)
    return llvm::formatv(" ({0} B, class {1})", *R.Size, *R.Class).str();
  return " (runtime size)";
}

std::string siteVerdict(const SiteRecord &R) {
  if (R.removed())
    return "removed by the optimizer: " + R.Describe + sizeNote(R);
  if (R.Specialized)
    return "specialized: " + R.Describe + " -> " + R.Routine + sizeNote(R);
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

std::string outcomeNote(const SiteRecord &R) {
  if (!R.Specialized || !R.Outcome || R.Outcome->removed())
    return "";
  const SiteOutcome &O = *R.Outcome;
  auto Sizes = [&] {
    std::vector<std::string> Parts;
    for (auto [Size, Class] : O.LoweredSizes)
      Parts.push_back(llvm::formatv("class {0} ({1} B)", Class, Size).str());
    return llvm::join(Parts, ", ");
  };
  unsigned Kinds = (O.Lowered > 0) + (O.Generic > 0) + (O.Calls > 0);
  // A record read back has no RuntimeSize: a specialized site without a
  // size is one.
  bool Runtime = R.RuntimeSize || !R.Size;
  if (Kinds == 1 && O.Lowered && Runtime)
    return "its size is a constant once inlined: lowered inline to " + Sizes();
  if (Kinds < 2)
    return "";
  std::vector<std::string> Parts;
  if (O.Lowered)
    Parts.push_back(llvm::formatv("{0} lowered inline", O.Lowered).str() +
                    (Runtime ? " to " + Sizes() : std::string()));
  if (O.Generic)
    Parts.push_back(
        llvm::formatv("{0} sent to the generic path", O.Generic).str());
  if (O.Calls)
    Parts.push_back(
        llvm::formatv("{0} left as a call of operator new", O.Calls).str() +
        (O.CallWhy.empty() ? std::string() : " (" + O.CallWhy + ")"));
  return llvm::formatv("the optimizer left {0} copies of its call: {1}",
                       O.total(), llvm::join(Parts, ", "))
      .str();
}

std::string siteNote(const SiteRecord &R, llvm::StringRef Text) {
  return llvm::formatv("{0}:{1}:{2}: note: {3}", R.File, R.Line, R.Column, Text)
      .str();
}

llvm::StringRef statusCode(const SiteRecord &R) {
  if (R.removed())
    return "removed";
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
  // The join to the lowered record tells a nothrow site from a plain one of
  // the same function by it (Outcome.cpp).
  if (R.Nothrow)
    Out["nothrow"] = true;
  if (R.ElementSize)
    Out["element_size"] = *R.ElementSize;
  if (R.Code)
    Out["code"] = llvm::json::Object{{"function", R.Code->Function},
                                     {"file", R.Code->File},
                                     {"line", R.Code->Line},
                                     {"column", R.Code->Column}};
  if (R.Outcome) {
    const SiteOutcome &O = *R.Outcome;
    llvm::json::Array Sizes;
    for (auto [Size, Class] : O.LoweredSizes)
      Sizes.push_back(llvm::json::Object{{"size", Size}, {"class", Class}});
    Out["outcome"] = llvm::json::Object{{"lowered", O.Lowered},
                                        {"generic", O.Generic},
                                        {"calls", O.Calls},
                                        {"lowered_sizes", std::move(Sizes)},
                                        {"call_why", orNull(O.CallWhy)}};
  }
  return Out;
}

} // namespace sizespec
