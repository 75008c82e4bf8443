//===- HotSites.cpp - A profile's samples joined to the sites -------------===//

#include "HotSites.h"

#include "sizespec/model/Codes.h"
#include "sizespec/model/Outcome.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <tuple>

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

StringRef baseName(StringRef Path) { return sys::path::filename(Path); }

/// The report's sites by where their code is, and by their own line.
class SiteIndex {
public:
  explicit SiteIndex(const Report &R) {
    for (const std::vector<MergedSite> *List : {&R.Sites, &R.Hidden})
      for (const MergedSite &M : *List) {
        const SiteRecord &S = M.S;
        ByLine[{baseName(S.File).str(), S.Line}].push_back(&M);
        if (S.Code)
          ByCode[{baseName(S.Code->File).str(), S.Code->Line, S.Code->Column}]
              .push_back(&M);
      }
  }

  /// The site a stack's allocation comes from, or null (see HotSites.h).
  const MergedSite *join(ArrayRef<Frame> Frames) const {
    if (Frames.empty() || Frames[0].File.empty())
      return nullptr;
    const Frame &Own = Frames[0];
    auto OnStack = [&](const MergedSite *M) {
      return any_of(Frames, [&](const Frame &F) {
        return F.Line == M->S.Line && baseName(F.File) == baseName(M->S.File);
      });
    };
    // 1. A specialized site whose code this is.
    auto Code = ByCode.find({baseName(Own.File).str(), Own.Line, Own.Column});
    if (Code != ByCode.end()) {
      std::vector<const MergedSite *> Cands = Code->second;
      // One header line holds every instantiation's allocation.
      std::string Function = functionKey(Own.Function);
      std::vector<const MergedSite *> Same;
      for (const MergedSite *M : Cands)
        if (functionKey(M->S.Code->Function) == Function)
          Same.push_back(M);
      if (!Same.empty())
        Cands = std::move(Same);
      std::vector<const MergedSite *> Placed;
      for (const MergedSite *M : Cands)
        if (OnStack(M))
          Placed.push_back(M);
      if (Placed.size() == 1)
        return Placed.front();
      if (Placed.empty() && Cands.size() == 1)
        return Cands.front();
      if (!Placed.empty())
        return innermost(Placed, Frames);
      return nullptr;
    }
    // 2. A site at the allocation's own line.
    auto Line = ByLine.find({baseName(Own.File).str(), Own.Line});
    if (Line != ByLine.end()) {
      for (const MergedSite *M : Line->second)
        if (M->S.Column == Own.Column)
          return M;
      if (Line->second.size() == 1)
        return Line->second.front();
    }
    // 3. A standard library site listed further up the stack.
    for (const Frame &F : ArrayRef(Frames).drop_front()) {
      auto It = ByLine.find({baseName(F.File).str(), F.Line});
      if (It == ByLine.end())
        continue;
      for (const MergedSite *M : It->second)
        if (M->S.Form != "new" && M->S.Form != "new[]" && !M->S.Code)
          return M;
    }
    return nullptr;
  }

private:
  /// Of sites on the stack, the one nearest the allocation.
  static const MergedSite *innermost(ArrayRef<const MergedSite *> Sites,
                                     ArrayRef<Frame> Frames) {
    for (const Frame &F : Frames)
      for (const MergedSite *M : Sites)
        if (F.Line == M->S.Line && baseName(F.File) == baseName(M->S.File))
          return M;
    return Sites.front();
  }

  std::map<std::pair<std::string, unsigned>, std::vector<const MergedSite *>>
      ByLine;
  std::map<std::tuple<std::string, unsigned, unsigned>,
           std::vector<const MergedSite *>>
      ByCode;
};

bool isShown(const Report &R, const MergedSite *M) {
  return !R.Sites.empty() && M >= &R.Sites.front() && M <= &R.Sites.back();
}

} // namespace

const HotSite *ProfileView::hotSite(const MergedSite *M) const {
  auto It = Index.find(M);
  return It == Index.end() ? nullptr : &Sites[It->second];
}

HotLists hotLists(const ProfileView &P) {
  HotLists L;
  for (const HotSite &H : P.Sites) {
    if (L.Hottest.size() < kHotRows)
      L.Hottest.push_back(&H);
    if (L.NotSpecialized.size() < kHotRows &&
        (!H.Site || !H.Site->S.Specialized))
      L.NotSpecialized.push_back(&H);
  }
  return L;
}

std::string estimateWord(double N) {
  if (N >= 1e9)
    return formatv("{0:F1} G", N / 1e9).str();
  if (N >= 1e6)
    return formatv("{0:F1} M", N / 1e6).str();
  if (N >= 1e4)
    return formatv("{0:F1} K", N / 1e3).str();
  return formatv("{0}", std::llround(N)).str();
}

std::string byteWord(double N) {
  return estimateWord(N) + (N >= 1e4 ? "B" : " B");
}

ProfileView joinProfile(ProfileData Data, const Report &R,
                        ArrayRef<std::string> Programs) {
  ProfileView V;
  V.Data = std::move(Data);
  StackSymbolizer Sym(V.Data, Programs);
  SiteIndex Sites(R);
  // Unrecorded code, by its innermost frame.
  std::map<std::tuple<std::string, std::string, unsigned>, std::size_t>
      Unrecorded;
  for (const ProfileSample &S : V.Data.Samples) {
    HotStack H;
    for (std::uint64_t PC : S.PCs) {
      const std::vector<Frame> &At = Sym.frames(PC);
      V.FramesAt.try_emplace(PC, At);
      H.Frames.insert(H.Frames.end(), At.begin(), At.end());
    }
    H.Sample = &S;
    H.Allocations = estimatedAllocations(S, V.Data.Rate);
    H.Bytes = H.Allocations * double(S.Size);
    H.Site = Sites.join(H.Frames);
    V.Allocations += H.Allocations;
    V.Bytes += H.Bytes;

    std::size_t Index;
    if (H.Site) {
      auto [It, New] = V.Index.try_emplace(H.Site, V.Sites.size());
      if (New)
        V.Sites.push_back(HotSite{H.Site});
      Index = It->second;
    } else {
      const Frame &F = H.Frames.front();
      auto [It, New] = Unrecorded.try_emplace(
          std::tuple(frameName(F), F.File, F.Line), V.Sites.size());
      if (New) {
        HotSite U;
        U.Function = frameName(F);
        U.Where = F.File.empty() ? sys::path::filename(F.Object).str()
                                 : formatv("{0}:{1}", F.File, F.Line).str();
        U.InInput = any_of(Programs, [&](const std::string &P) {
          return sys::path::filename(P) == sys::path::filename(F.Object);
        });
        U.NoLineTable = U.InInput && F.File.empty();
        V.Sites.push_back(std::move(U));
      }
      Index = It->second;
    }
    HotSite &Hot = V.Sites[Index];
    Hot.Allocations += H.Allocations;
    Hot.Bytes += H.Bytes;
    Hot.Samples += S.Count;
    if (Hot.Kind.empty()) {
      Hot.Class = S.Class;
      Hot.Kind = S.Kind;
      Hot.Unit = S.Unit;
    }
    (S.Generic ? Hot.Generic : Hot.Specialized) = true;
    V.Stacks.push_back(std::move(H));
  }
  for (HotSite &H : V.Sites)
    H.Sigma = estimateSigma(H.Allocations, H.Unit, V.Data.Rate);
  V.LineTables =
      none_of(V.Sites, [](const HotSite &H) { return H.NoLineTable; });
  // Most allocations first; only the sites the report shows.
  std::vector<HotSite> Ranked;
  for (HotSite &H : V.Sites)
    if (!H.Site || isShown(R, H.Site))
      Ranked.push_back(std::move(H));
  std::stable_sort(Ranked.begin(), Ranked.end(),
                   [](const HotSite &A, const HotSite &B) {
                     return std::tie(B.Allocations, B.Bytes) <
                            std::tie(A.Allocations, A.Bytes);
                   });
  V.Sites = std::move(Ranked);
  V.Index.clear();
  for (auto [I, H] : enumerate(V.Sites))
    if (H.Site)
      V.Index[H.Site] = I;
  V.Problems = Sym.problems();
  return V;
}

} // namespace report
} // namespace sizespec
