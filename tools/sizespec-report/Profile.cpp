//===- Profile.cpp - A run's sampled allocation profile, as read ----------===//

#include "Profile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

bool number(StringRef Word, std::uint64_t &Out) {
  return !Word.getAsInteger(0, Out); // 0: decimal, or 0x for hex
}

} // namespace

Expected<ProfileData> parseProfile(StringRef Text) {
  ProfileData P;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  bool Header = false, End = false;
  for (auto [Index, Line] : enumerate(Lines)) {
    auto Fail = [&](const Twine &Why) {
      return createStringError(
          formatv("line {0}: {1}", Index + 1, Why.str()).str());
    };
    Line = Line.rtrim("\r");
    if (Line.empty())
      continue;
    if (!Header) {
      if (Line != "sizespec-profile v=1")
        return Fail(Line.starts_with("sizespec-profile ")
                        ? "unsupported profile version (this sizespec-report "
                          "reads v=1)"
                        : "not a sizespec profile (no \"sizespec-profile "
                          "v=1\" line)");
      Header = true;
      continue;
    }
    auto [Key, Rest] = Line.split(' ');
    SmallVector<StringRef, 16> W;
    Rest.split(W, ' ', -1, /*KeepEmpty=*/false);
    if (Key == "rate") {
      if (W.size() != 1 || !number(W[0], P.Rate) || !P.Rate)
        return Fail("bad rate");
    } else if (Key == "mode") {
      P.Mode = Rest.str();
    } else if (Key == "none") {
      P.None = Rest.str();
    } else if (Key == "pid") {
      // Informative.
    } else if (Key == "object") {
      ProfileObject O;
      if (W.size() < 5 || !number(W[0], O.Lo) || !number(W[1], O.Hi) ||
          !number(W[2], O.Bias) || !number(W[3], O.Offset))
        return Fail("bad object line");
      // The path is the rest of the line: it may hold spaces.
      StringRef Path = Rest;
      for (int I = 0; I < 4; ++I)
        Path = Path.split(' ').second;
      O.Path = Path.str();
      P.Objects.push_back(std::move(O));
    } else if (Key == "sample") {
      ProfileSample S;
      std::uint64_t Class = 0;
      if (W.size() < 6 || !number(W[0], S.Count) || !number(W[1], S.Unit) ||
          !number(W[2], S.Size) || !number(W[3], Class) || !S.Unit ||
          !is_contained({"noscan", "scan", "tiny", "large"}, W[4]) ||
          (W[5] != "specialized" && W[5] != "generic"))
        return Fail("bad sample line");
      S.Class = static_cast<unsigned>(Class);
      S.Kind = W[4].str();
      S.Generic = W[5] == "generic";
      for (StringRef PC : ArrayRef(W).drop_front(6)) {
        std::uint64_t V;
        if (!number(PC, V))
          return Fail("bad address '" + PC + "'");
        S.PCs.push_back(V);
      }
      P.Samples.push_back(std::move(S));
    } else if (Key == "samples") {
      if (W.size() != 1 || !number(W[0], P.TotalSamples))
        return Fail("bad samples line");
    } else if (Key == "dropped") {
      if (W.size() != 1 || !number(W[0], P.Dropped))
        return Fail("bad dropped line");
    } else if (Key == "end") {
      End = true;
      break;
    }
    // Other keys: a later version's; ignored.
  }
  if (!Header)
    return createStringError("empty file: not a sizespec profile");
  if (!End)
    return createStringError("truncated: no \"end\" line (was the program "
                             "still writing it?)");
  if (!P.Rate)
    return createStringError("no rate line");
  return P;
}

Expected<ProfileData> readProfile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return errorCodeToError(Buf.getError());
  return parseProfile((*Buf)->getBuffer());
}

double sampleChance(std::uint64_t Unit, std::uint64_t Rate) {
  return -std::expm1(-double(Unit) / double(Rate));
}

double estimatedAllocations(const ProfileSample &S, std::uint64_t Rate) {
  double Units = double(S.Count) / sampleChance(S.Unit, Rate);
  if (S.Kind == "tiny" && S.Size)
    return Units * double(S.Unit) / double(S.Size);
  return Units;
}

double estimateSigma(double N, std::uint64_t Unit, std::uint64_t Rate) {
  double P = sampleChance(Unit, Rate);
  return std::sqrt(N * (1 - P) / P);
}

} // namespace report
} // namespace sizespec
