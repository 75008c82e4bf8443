//===- Shrink.cpp - Sites a few bytes over a class boundary ---------------===//

#include "Shrink.h"
#include "HotSites.h"

#include "sizespec/size_classes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>
#include <tuple>

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

/// A type of the standard library's own making (a control block, a node),
/// which no user can shrink: `std::_Sp_...`, `_Rb_tree_node<...>`.
bool isLibraryInternal(StringRef Type) {
  Type.consume_front("std::");
  Type.consume_front("__gnu_cxx::");
  Type.consume_front("__1::");
  return Type.starts_with("_");
}

} // namespace

std::string shrinkClassName(unsigned Class) {
  if (!Class)
    return "generic path";
  return formatv("class {0} ({1} B)", Class, class_size(Class)).str();
}

std::vector<ShrinkRow> shrinkRows(const Report &R, std::uint64_t Limit,
                                  const ProfileView *Profile) {
  unsigned LimitClass = class_of(Limit);
  if (Limit > 0 && LimitClass == 0)
    LimitClass = kNumClasses;
  std::map<std::tuple<std::string, std::uint64_t, unsigned>, ShrinkRow> Rows;
  for (const MergedSite &M : R.Sites) {
    const SiteRecord &S = M.S;
    if (!S.Size || *S.Size == 0 || isLibraryInternal(S.Type) || S.removed())
      continue;
    unsigned Now = 0, Into = 0;
    std::uint64_t Over = 0;
    if (S.Specialized && S.Class && *S.Class > 1 && !S.Tiny) {
      Now = *S.Class;
      Into = Now - 1;
      Over = *S.Size - class_size(Into);
    } else if (!S.Specialized && S.Reason == "size_above_limit" &&
               LimitClass > 0 && *S.Size > Limit) {
      Into = LimitClass;
      Over = *S.Size - Limit;
    } else {
      continue;
    }
    ShrinkRow &Row = Rows[{S.Type, *S.Size, Now}];
    Row.Type = S.Type;
    Row.Size = *S.Size;
    Row.Over = Over;
    Row.Now = Now;
    Row.Into = Into;
    Row.Sites.push_back(&M);
    if (Profile)
      if (double N = Profile->allocationsOf(&M)) {
        Row.Allocations += N;
        if (Now)
          Row.BytesSaved += N * double(class_size(Now) - class_size(Into));
      }
  }
  std::vector<ShrinkRow> Out;
  for (auto &[Key, Row] : Rows)
    Out.push_back(std::move(Row));
  std::stable_sort(Out.begin(), Out.end(),
                   [&](const ShrinkRow &A, const ShrinkRow &B) {
                     if (Profile)
                       return std::tie(B.BytesSaved, B.Allocations, A.Over) <
                              std::tie(A.BytesSaved, A.Allocations, B.Over);
                     return A.Over < B.Over;
                   });
  return Out;
}

} // namespace report
} // namespace sizespec
