//===- Outcome.cpp - What the late passes did with each site --------------===//

#include "sizespec/model/Outcome.h"

#include "sizespec/model/Codes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace sizespec {
namespace {

constexpr StringLiteral kHowNames[] = {"lowered", "tiny", "generic", "call"};

StringRef howName(LoweredCall::How H) { return kHowNames[H]; }

std::optional<LoweredCall::How> howFromName(StringRef Name) {
  for (auto [I, N] : enumerate(kHowNames))
    if (N == Name)
      return static_cast<LoweredCall::How>(I);
  return std::nullopt;
}

StringRef baseName(StringRef Path) { return sys::path::filename(Path); }

} // namespace

std::string functionKey(StringRef Mangled) {
  std::string Out;
  for (size_t I = 0; I < Mangled.size(); ++I) {
    Out += Mangled[I];
    if ((Mangled[I] == 'C' || Mangled[I] == 'D') && I + 2 < Mangled.size() &&
        isDigit(Mangled[I + 1]) &&
        (Mangled[I + 2] == 'E' || Mangled[I + 2] == 'I')) {
      Out += '*';
      ++I;
    }
  }
  return Out;
}

namespace {

json::Value sizeOrNull(const std::optional<std::uint64_t> &V) {
  if (V)
    return *V;
  return nullptr;
}

/// The array under \p Key of the object \p V; null, with the error
/// reported, if it is not one.
const json::Array *arrayAt(const json::Value &V, StringRef Key, json::Path P) {
  const json::Object *O = V.getAsObject();
  const json::Array *A = O ? O->getArray(Key) : nullptr;
  if (!A)
    P.field(Key).report("expected an array");
  return A;
}

bool mapCount(json::ObjectMapper &O, StringLiteral Key, unsigned &Out) {
  std::uint64_t V = 0;
  if (!O.map(Key, V))
    return false;
  Out = static_cast<unsigned>(V);
  return true;
}

bool readCall(const json::Value &V, LoweredCall &C, json::Path P) {
  json::ObjectMapper O(V, P);
  std::string How;
  std::optional<std::string> Why;
  std::optional<std::uint64_t> Class;
  if (!O || !O.map("how", How) || !O.map("size", C.Size) ||
      !O.map("class", Class) || !O.map("why", Why) ||
      !mapCount(O, "count", C.Count))
    return false;
  const json::Array *Inlined = arrayAt(V, "inlined_at", P);
  if (!Inlined)
    return false;
  std::optional<LoweredCall::How> H = howFromName(How);
  if (!H) {
    P.field("how").report("expected lowered, tiny, generic or call");
    return false;
  }
  C.Kind = *H;
  if (Class)
    C.Class = static_cast<unsigned>(*Class);
  C.Why = Why.value_or("");
  for (const json::Value &At : *Inlined) {
    const json::Array *Pair = At.getAsArray();
    std::optional<StringRef> File;
    std::optional<std::int64_t> Line;
    if (Pair && Pair->size() == 2) {
      File = (*Pair)[0].getAsString();
      Line = (*Pair)[1].getAsInteger();
    }
    if (!File || !Line) {
      P.field("inlined_at").report("expected [file, line] pairs");
      return false;
    }
    C.InlinedAt.emplace_back(File->str(), static_cast<unsigned>(*Line));
  }
  return true;
}

bool readSite(const json::Value &V, LoweredSite &S, json::Path P) {
  json::ObjectMapper O(V, P);
  if (!O || !O.map("function", S.Function) || !O.map("file", S.File) ||
      !mapCount(O, "line", S.Line) || !mapCount(O, "column", S.Column) ||
      !O.map("scan", S.Scan) || !O.map("form", S.Form) ||
      !O.map("nothrow", S.Nothrow) || !O.map("aligned", S.Aligned) ||
      !O.map("size", S.Size))
    return false;
  const json::Array *Calls = arrayAt(V, "calls", P);
  if (!Calls)
    return false;
  S.Calls.resize(Calls->size());
  for (auto [I, C] : enumerate(*Calls))
    if (!readCall(C, S.Calls[I], P.field("calls").index(I)))
      return false;
  return true;
}

/// The entries of \p U that hold the code of \p R, where that is sure.
std::vector<const LoweredSite *> codeOf(const SiteRecord &R,
                                        const LoweredUnit &U) {
  const SiteCode &Code = *R.Code;
  std::string Function = functionKey(Code.Function);
  std::vector<const LoweredSite *> Found;
  if (U.Locations) {
    for (const LoweredSite &E : U.Sites)
      if (E.Line == Code.Line && E.Column == Code.Column &&
          baseName(E.File) == baseName(Code.File))
        Found.push_back(&E);
    // One header line holds every instantiation's allocation
    // (allocator<T>::allocate): the function tells them apart. An
    // expression emitted into other functions (a default argument, a
    // default member initializer in several constructors) keeps them all.
    std::vector<const LoweredSite *> Same;
    for (const LoweredSite *E : Found)
      if (functionKey(E->Function) == Function)
        Same.push_back(E);
    return Same.empty() ? Found : Same;
  }
  // Without locations: the function, and what the site allocates. An
  // unnamed lambda's or class's number ($_0) is the mangler's own count,
  // which the front end's mangler need not share with the compile's.
  if (StringRef(Code.Function).contains("$_"))
    return {};
  for (const LoweredSite &E : U.Sites)
    if (functionKey(E.Function) == Function &&
        E.Scan == R.Scan.value_or(!E.Scan) &&
        (E.Form == "new[]") == (R.Form == "new[]") && E.Nothrow == R.Nothrow)
      Found.push_back(&E);
  return Found;
}

bool through(const LoweredCall &C, const SiteRecord &R) {
  return any_of(C.InlinedAt, [&](const auto &At) {
    return At.second == R.Line && baseName(At.first) == baseName(R.File);
  });
}

void count(SiteOutcome &O, const LoweredCall &C) {
  switch (C.Kind) {
  case LoweredCall::Lowered:
  case LoweredCall::Tiny:
    O.Lowered += C.Count;
    if (C.Size && C.Class &&
        find(O.LoweredSizes, std::pair(*C.Size, *C.Class)) ==
            O.LoweredSizes.end())
      O.LoweredSizes.emplace_back(*C.Size, *C.Class);
    return;
  case LoweredCall::Generic:
    O.Generic += C.Count;
    return;
  case LoweredCall::Call:
    O.Calls += C.Count;
    if (O.CallWhy.empty())
      O.CallWhy = C.Why;
    return;
  }
}

/// The outcome of \p R's own calls among those of its code \p Code.
SiteOutcome outcomeOf(const SiteRecord &R, ArrayRef<const LoweredSite *> Code,
                      bool Locations) {
  auto Calls = [&](function_ref<bool(const LoweredCall &)> Keep) {
    SiteOutcome O;
    for (const LoweredSite *E : Code)
      for (const LoweredCall &C : E->Calls)
        if (Keep(C))
          count(O, C);
    sort(O.LoweredSizes);
    return O;
  };
  bool Own =
      baseName(R.File) == baseName(R.Code->File) && R.Line == R.Code->Line;
  if (Own || !Locations)
    return Calls([](const LoweredCall &) { return true; });
  // A record at a call in user code of code elsewhere (make_unique's, a
  // container's): the copies inlined there; else the copies no line of its
  // file reached (the out-of-line copy, or one inlined into other library
  // code, as allocate() into a vector's reallocation), which that call may
  // then call; else none is left. A copy inlined at another line of the
  // file is that line's.
  SiteOutcome There =
      Calls([&](const LoweredCall &C) { return through(C, R); });
  if (!There.removed())
    return There;
  return Calls([&](const LoweredCall &C) {
    return none_of(C.InlinedAt, [&](const auto &At) {
      return baseName(At.first) == baseName(R.File);
    });
  });
}

bool sameOutcome(const LoweredSite *A, const LoweredSite *B) {
  auto Kinds = [](const LoweredSite *E) {
    unsigned Mask = 0;
    for (const LoweredCall &C : E->Calls)
      Mask |= 1u << C.Kind;
    return Mask;
  };
  return Kinds(A) == Kinds(B);
}

} // namespace

std::string loweredText(const LoweredUnit &U) {
  json::Array Sites;
  for (const LoweredSite &S : U.Sites) {
    json::Array Calls;
    for (const LoweredCall &C : S.Calls) {
      json::Array Inlined;
      for (const auto &[File, Line] : C.InlinedAt)
        Inlined.push_back(json::Array{File, Line});
      json::Value Class = nullptr;
      if (C.Class)
        Class = *C.Class;
      Calls.push_back(json::Object{
          {"how", howName(C.Kind)},
          {"size", sizeOrNull(C.Size)},
          {"class", std::move(Class)},
          {"why", C.Why.empty() ? json::Value(nullptr) : json::Value(C.Why)},
          {"count", C.Count},
          {"inlined_at", std::move(Inlined)}});
    }
    Sites.push_back(json::Object{{"function", S.Function},
                                 {"file", S.File},
                                 {"line", S.Line},
                                 {"column", S.Column},
                                 {"scan", S.Scan},
                                 {"form", S.Form},
                                 {"nothrow", S.Nothrow},
                                 {"aligned", S.Aligned},
                                 {"size", sizeOrNull(S.Size)},
                                 {"calls", std::move(Calls)}});
  }
  json::Value Doc(json::Object{{"sizespec_lowered", kLoweredVersion},
                               {"locations", U.Locations},
                               {"sites", std::move(Sites)}});
  return formatv("{0}\n", Doc).str();
}

Expected<LoweredUnit> parseLowered(StringRef Text) {
  Expected<json::Value> Root = json::parse(Text);
  if (!Root)
    return createStringError(Twine("invalid JSON: ") +
                             toString(Root.takeError()));
  LoweredUnit U;
  std::int64_t Version = 0;
  json::Path::Root JRoot("lowered");
  json::ObjectMapper O(*Root, JRoot);
  if (!O || !O.map("sizespec_lowered", Version) ||
      !O.map("locations", U.Locations))
    return JRoot.getError();
  const json::Array *Sites = arrayAt(*Root, "sites", JRoot);
  if (!Sites)
    return JRoot.getError();
  if (Version != kLoweredVersion)
    return createStringError(
        formatv("unsupported lowered record version {0}", Version).str());
  json::Path SitesPath = json::Path(JRoot).field("sites");
  U.Sites.resize(Sites->size());
  for (auto [I, S] : enumerate(*Sites))
    if (!readSite(S, U.Sites[I], SitesPath.index(I)))
      return JRoot.getError();
  return U;
}

void joinOutcomes(std::vector<SiteRecord> &Sites, const LoweredUnit &U) {
  for (SiteRecord &R : Sites) {
    if (!R.Specialized || !R.Code)
      continue;
    std::vector<const LoweredSite *> Code = codeOf(R, U);
    if (Code.empty())
      continue; // not emitted here, or not to be placed for sure
    // Without locations, two sites of one function that allocate alike are
    // told apart only if the optimizer treated them alike.
    if (!U.Locations && !all_of(Code, [&](const LoweredSite *E) {
          return sameOutcome(E, Code.front());
        }))
      continue;
    R.Outcome = outcomeOf(R, Code, U.Locations);
  }
}

void settleOutcome(SiteRecord &R) {
  if (!R.Specialized || !R.Outcome || R.Outcome->removed() ||
      R.Outcome->Lowered || R.Outcome->Generic)
    return;
  R.Specialized = false;
  R.Reason = reasonCode(Reason::LateCall).str();
  R.Message = reasonMessage(Reason::LateCall).str();
  if (!R.Outcome->CallWhy.empty())
    R.Message += ": " + R.Outcome->CallWhy;
  R.Routine.clear();
}

} // namespace sizespec
