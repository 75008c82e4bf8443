//===- HotSites.cpp - A profile's samples joined to the sites -------------===//

#include "HotSites.h"

#include "sizespec/model/Codes.h"
#include "sizespec/model/Outcome.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <tuple>

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

StringRef baseName(StringRef Path) { return sys::path::filename(Path); }

/// A function's own name without its scope or template arguments
/// ("allocate"), as a line table names an inlined copy.
std::string shortName(StringRef Mangled) {
  ItaniumPartialDemangler D;
  std::string Name = Mangled.str();
  if (D.partialDemangle(Name.c_str()))
    return Name;
  std::size_t Size = 0;
  char *Base = D.getFunctionBaseName(nullptr, &Size);
  if (!Base)
    return Name;
  std::string Out = Base;
  std::free(Base);
  return Out;
}

bool sameVerdict(const MergedSite *A, const MergedSite *B) {
  return statusCode(A->S) == statusCode(B->S) && A->S.Reason == B->S.Reason;
}

/// The record is listed at its own code (a new-expression), not at a call in
/// user code of library code.
bool atOwnCode(const SiteRecord &S) {
  return baseName(S.File) == baseName(S.Code->File) && S.Line == S.Code->Line;
}

bool placedAt(const MergedSite *M, const Frame &F) {
  return F.Line == M->S.Line && baseName(F.File) == baseName(M->S.File);
}

/// The report's sites by where their code is, and by their own line.
class SiteIndex {
public:
  explicit SiteIndex(const Report &R) {
    for (const std::vector<MergedSite> *List : {&R.Sites, &R.Hidden})
      for (const MergedSite &M : *List) {
        const SiteRecord &S = M.S;
        ByLine[{baseName(S.File).str(), S.Line}].push_back(&M);
        OwnFiles.insert(baseName(S.File).str());
        if (!S.Code)
          continue;
        ByCode[{baseName(S.Code->File).str(), S.Code->Line, S.Code->Column}]
            .push_back(&M);
        CodeNames[&M] = {functionKey(S.Code->Function),
                         shortName(S.Code->Function)};
        if (!atOwnCode(S))
          ByCodeFile[baseName(S.Code->File).str()].push_back(&M);
      }
  }

  /// The site a stack's allocation comes from (see HotSites.h); without
  /// one, Why is Disagree or NoRecord (the caller tells the rest apart).
  SiteJoin join(ArrayRef<Frame> Frames, const ProfileSample &Sample) const {
    SiteJoin J;
    J.Why = NoSite::NoRecord;
    if (Frames.empty() || Frames[0].File.empty())
      return J;
    const Frame &Own = Frames[0];
    // 1. A site whose code this is; or, for library code, another of its
    // function's calls (allocate()'s call of the aligned operator new).
    std::vector<const MergedSite *> Cands;
    auto Code = ByCode.find({baseName(Own.File).str(), Own.Line, Own.Column});
    if (Code != ByCode.end())
      Cands = sameFunction(Code->second, Own, /*OrOwnCode=*/true);
    auto File = ByCodeFile.find(baseName(Own.File).str());
    if (Cands.empty() && File != ByCodeFile.end())
      Cands = sameFunction(File->second, Own, /*OrOwnCode=*/false);
    if (!Cands.empty())
      return among(Cands, Frames, Sample);
    // 2. A site at the allocation's own line.
    auto Line = ByLine.find({baseName(Own.File).str(), Own.Line});
    if (Line != ByLine.end()) {
      for (const MergedSite *M : Line->second)
        if (M->S.Column == Own.Column)
          return joined(M);
      if (Line->second.size() == 1)
        return joined(Line->second.front());
    }
    // 3. A standard library site listed further up the stack.
    for (const Frame &F : ArrayRef(Frames).drop_front()) {
      auto It = ByLine.find({baseName(F.File).str(), F.Line});
      if (It == ByLine.end())
        continue;
      for (const MergedSite *M : It->second)
        if (M->S.Form != "new" && M->S.Form != "new[]" && !M->S.Code)
          return joined(M);
    }
    return J;
  }

private:
  static SiteJoin joined(const MergedSite *M) {
    SiteJoin J;
    J.Site = M;
    return J;
  }

  /// Of \p Cands, the records of the frame's function. A line table names
  /// an inlined copy by its short name, which every instantiation shares.
  /// With \p OrOwnCode, if there are none, the records at their own code:
  /// an expression emitted into other functions (a default argument, a
  /// default member initializer in several constructors).
  std::vector<const MergedSite *>
  sameFunction(ArrayRef<const MergedSite *> Cands, const Frame &Own,
               bool OrOwnCode) const {
    bool Mangled = StringRef(Own.Function).starts_with("_Z");
    std::string Key = Mangled ? functionKey(Own.Function) : Own.Function;
    std::vector<const MergedSite *> Same, AtOwnCode;
    for (const MergedSite *M : Cands) {
      const auto &[MangledKey, Short] = CodeNames.at(M);
      if ((Mangled ? MangledKey : Short) == Key)
        Same.push_back(M);
      else if (OrOwnCode && atOwnCode(M->S))
        AtOwnCode.push_back(M);
    }
    return Same.empty() ? AtOwnCode : Same;
  }

  /// The record among \p Cands (sharing the frame's code) a stack comes
  /// from.
  SiteJoin among(std::vector<const MergedSite *> Cands, ArrayRef<Frame> Frames,
                 const ProfileSample &Sample) const {
    // The one placed on the stack, nearest the allocation.
    for (const Frame &F : Frames) {
      std::vector<const MergedSite *> At;
      for (const MergedSite *M : Cands)
        if (placedAt(M, F))
          At.push_back(M);
      if (!At.empty())
        return agreeing(std::move(At), std::nullopt, Sample);
    }
    // Else the code was inlined elsewhere: the program's own frame that
    // reached it, and the records of its file's unit.
    std::optional<Frame> Reached = ownFrame(Frames);
    if (Reached) {
      std::vector<const MergedSite *> Unit;
      for (const MergedSite *M : Cands)
        if (baseName(M->S.File) == baseName(Reached->File))
          Unit.push_back(M);
      if (!Unit.empty())
        Cands = std::move(Unit);
    }
    return agreeing(std::move(Cands), Reached, Sample);
  }

  /// \p Set, the records the stack may come from, joined if their verdicts
  /// agree (once the sample's path has ruled some out).
  static SiteJoin agreeing(std::vector<const MergedSite *> Set,
                           std::optional<Frame> Reached,
                           const ProfileSample &Sample) {
    // Narrows the set to the records that may have made the sample, if any.
    auto Keep = [&](function_ref<bool(const SiteRecord &)> May) {
      if (any_of(Set, [&](const MergedSite *M) { return May(M->S); }))
        erase_if(Set, [&](const MergedSite *M) { return !May(M->S); });
    };
    // allocator<T> allocates a whole number of T.
    Keep([&](const SiteRecord &S) {
      return !S.ElementSize || !*S.ElementSize ||
             Sample.Size % *S.ElementSize == 0;
    });
    // A routine served it: its code was specialized, for its kind (a
    // large one has none).
    if (!Sample.Generic) {
      Keep([](const SiteRecord &S) { return S.Specialized; });
      if (Sample.Kind != "large") {
        bool Scan = Sample.Kind == "scan";
        Keep(
            [&](const SiteRecord &S) { return S.Scan.value_or(Scan) == Scan; });
      }
    }
    SiteJoin J;
    if (!all_of(Set, [&](const MergedSite *M) {
          return sameVerdict(M, Set.front());
        })) {
      J.Why = NoSite::Disagree;
      return J;
    }
    J.Site = Set.front();
    for (const MergedSite *M : ArrayRef(Set).drop_front())
      if (M->S.Type != J.Site->S.Type &&
          none_of(J.Also,
                  [&](const MergedSite *A) { return A->S.Type == M->S.Type; }))
        J.Also.push_back(M);
    if (Reached && !placedAt(J.Site, *Reached))
      J.Reached = std::move(Reached);
    return J;
  }

  /// The program's own frame nearest the allocation: the first, after the
  /// allocation's own, in a file where the report lists sites.
  std::optional<Frame> ownFrame(ArrayRef<Frame> Frames) const {
    for (const Frame &F : Frames.drop_front())
      if (baseName(F.File) != baseName(Frames[0].File) &&
          OwnFiles.count(baseName(F.File).str()))
        return F;
    return std::nullopt;
  }

  std::map<std::pair<std::string, unsigned>, std::vector<const MergedSite *>>
      ByLine;
  std::map<std::tuple<std::string, unsigned, unsigned>,
           std::vector<const MergedSite *>>
      ByCode;
  /// Records listed away from their code (library code: an allocator's,
  /// make_unique's), by their code's file.
  std::map<std::string, std::vector<const MergedSite *>> ByCodeFile;
  /// Each record's code function, as a linkage name compares
  /// (functionKey) and as a line table names it (shortName).
  std::map<const MergedSite *, std::pair<std::string, std::string>> CodeNames;
  std::set<std::string> OwnFiles;
};

bool isShown(const Report &R, const MergedSite *M) {
  return !R.Sites.empty() && M >= &R.Sites.front() && M <= &R.Sites.back();
}

/// Why a row has no site, and what to do.
std::string noSiteWhy(const HotSite &H) {
  switch (H.Why) {
  case NoSite::Joined:
    break;
  case NoSite::NoPlugin:
    if (!H.Callee.empty())
      return formatv("calls {0}, code built without the plugin ({1}), "
                     "which allocated through a tail call: the runtime's "
                     "generic path serves it unless {1} is rebuilt with "
                     "the plugin",
                     H.Callee, H.Object.empty() ? "a shared library" : H.Object)
          .str();
    return formatv("code built without the plugin ({0}: the runtime's "
                   "generic path serves its allocations unless it is "
                   "rebuilt with the plugin)",
                   H.Object)
        .str();
  case NoSite::NoLineTable:
    return "no site joined (this code has no line table: build with -g or "
           "-gline-tables-only)";
  case NoSite::NoRecord:
    return "no site joined (no site record names this code of the program: "
           "its unit was built without the plugin, or its records were "
           "stripped)";
  case NoSite::Disagree:
    return "no site joined (the records of this code give it different "
           "verdicts, and no place of theirs is on the stack: build with "
           "-g to tell its instantiations apart)";
  }
  return "";
}

} // namespace

StringRef hotStatus(const SiteJoin &J) {
  if (J.Site)
    return statusCode(J.Site->S);
  return J.Why == NoSite::NoPlugin ? "no-plugin" : "not-joined";
}

std::string hotWhere(const HotSite &H) {
  if (H.Reached)
    return formatv("{0}:{1}", H.Reached->File, H.Reached->Line).str();
  if (H.Site)
    return formatv("{0}:{1}", H.Site->S.File, H.Site->S.Line).str();
  return H.Where;
}

std::string hotVerdict(const HotSite &H) {
  if (!H.Site)
    return H.Function + ": " + noSiteWhy(H);
  const SiteRecord &S = H.Site->S;
  std::string Out = siteVerdict(S);
  if (H.Reached)
    Out += formatv("; its code inlined here, in {0}, from the site listed "
                   "at {1}:{2}:{3}",
                   frameName(*H.Reached), S.File, S.Line, S.Column)
               .str();
  if (!H.Also.empty()) {
    std::vector<std::string> Types;
    for (const MergedSite *M : H.Also)
      Types.push_back(M->S.Describe);
    Out += "; or " + join(Types, ", ") +
           ", alike (the line table does not name the instantiation: -g "
           "does)";
  }
  return Out;
}

double ProfileView::allocationsOf(const MergedSite *M) const {
  double N = 0;
  for (const HotSite &H : Sites)
    if (H.Site == M)
      N += H.Allocations;
  return N;
}

StringRef workLeft(const HotSite &H) {
  if (H.Site)
    return H.Site->S.Specialized ? "" : "not-specialized";
  if (!H.Generic)
    return ""; // every sample came through a routine
  return H.Why == NoSite::NoPlugin ? "not-specialized" : "not-joined";
}

HotLists hotLists(const ProfileView &P) {
  HotLists L;
  auto Add = [](std::vector<const HotSite *> &List, const HotSite &H) {
    if (List.size() < kHotRows)
      List.push_back(&H);
  };
  for (const HotSite &H : P.Sites) {
    Add(L.Hottest, H);
    StringRef Left = workLeft(H);
    if (Left == "not-specialized")
      Add(L.NotSpecialized, H);
    else if (Left == "not-joined")
      Add(L.NotJoined, H);
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
  // Rows: a site at a place; a stack without one by its innermost frame.
  std::map<std::tuple<const MergedSite *, std::string, unsigned>, std::size_t>
      Joined;
  std::map<std::tuple<NoSite, std::string, std::string, std::string, unsigned>,
           std::size_t>
      Unjoined;
  auto rowOf = [&](auto &Rows, auto Key) {
    auto [It, New] = Rows.try_emplace(std::move(Key), V.Sites.size());
    return std::pair(It->second, New);
  };
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
    H.Join = Sites.join(H.Frames, S);
    const Frame &F = H.Frames.front();
    if (!H.Join.Site && H.Join.Why == NoSite::NoRecord) {
      bool InInput = any_of(Programs, [&](const std::string &P) {
        return sys::path::filename(P) == sys::path::filename(F.Object);
      });
      H.Join.Why = !InInput         ? NoSite::NoPlugin
                   : F.File.empty() ? NoSite::NoLineTable
                                    : NoSite::NoRecord;
      // The program's call of a library's function that allocated through
      // a tail call.
      if (H.Join.Why == NoSite::NoRecord)
        if (auto Call = Sym.libraryCall(S.PCs.front());
            Call && !isAllocationEntry(Call->Symbol)) {
          H.Join.Why = NoSite::NoPlugin;
          H.Join.Callee = demangle(Call->Symbol);
          H.Join.CalleeObject = sys::path::filename(Call->Library).str();
        }
    }
    V.Allocations += H.Allocations;
    V.Bytes += H.Bytes;

    const SiteJoin &J = H.Join;
    auto [Index, New] =
        J.Site
            ? rowOf(Joined, std::tuple(J.Site, J.Reached ? J.Reached->File : "",
                                       J.Reached ? J.Reached->Line : 0))
            : rowOf(Unjoined,
                    std::tuple(J.Why, frameName(F), J.Callee, F.File, F.Line));
    if (New) {
      HotSite Row;
      static_cast<SiteJoin &>(Row) = J;
      if (!J.Site) {
        Row.Function = frameName(F);
        Row.Object = J.CalleeObject.empty()
                         ? sys::path::filename(F.Object).str()
                         : J.CalleeObject;
        Row.Where = F.File.empty() ? Row.Object
                                   : formatv("{0}:{1}", F.File, F.Line).str();
      }
      V.Sites.push_back(std::move(Row));
    }
    HotSite &Hot = V.Sites[Index];
    for (const MergedSite *M : J.Also)
      if (!is_contained(Hot.Also, M))
        Hot.Also.push_back(M);
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
  V.LineTables = none_of(
      V.Sites, [](const HotSite &H) { return H.Why == NoSite::NoLineTable; });
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
  V.Problems = Sym.problems();
  return V;
}

} // namespace report
} // namespace sizespec
