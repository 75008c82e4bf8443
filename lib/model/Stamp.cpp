//===- Stamp.cpp - The stamp every compile carries ------------------------===//

#include "sizespec/model/Stamp.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace sizespec {
namespace {
constexpr StringLiteral kFirstWord = "sizespec-stamp";
} // namespace

std::string encodeStamp(const StampSettings &S) {
  std::string Out;
  raw_string_ostream OS(Out);
  OS << kFirstWord << " v=" << kStampVersion << " plugin=" << S.Plugin
     << " clang=" << S.Clang << " off=" << (S.Off ? 1 : 0) << " max=" << S.Max
     << " sanitizer=" << (S.Sanitizer ? *S.Sanitizer : "none")
     << " hardening=" << (S.Hardened ? 1 : 0);
  return Out;
}

ParsedStamp parseStamp(StringRef Record) {
  ParsedStamp P;
  P.Record = Record.str();
  SmallVector<StringRef, 8> Words;
  Record.split(Words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  if (Words.empty() || Words.front() != kFirstWord)
    return P;
  for (StringRef W : drop_begin(Words)) {
    auto [Key, Value] = W.split('=');
    P.Fields.emplace_back(Key.str(), Value.str());
  }
  P.Recognized = !P.Fields.empty() && P.Fields.front().first == "v" &&
                 P.Fields.front().second == std::to_string(kStampVersion);
  StampSettings &S = P.Settings;
  for (const auto &[Key, Value] : P.Fields) {
    std::uint64_t N;
    if (Key == "plugin")
      S.Plugin = Value;
    else if (Key == "clang")
      S.Clang = Value;
    else if (Key == "off")
      S.Off = Value == "1";
    else if (Key == "max" && !StringRef(Value).getAsInteger(10, N))
      S.Max = N;
    else if (Key == "sanitizer" && Value != "none")
      S.Sanitizer = Value;
    else if (Key == "hardening")
      S.Hardened = Value != "0";
  }
  return P;
}

} // namespace sizespec
