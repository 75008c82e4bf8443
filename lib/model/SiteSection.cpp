//===- SiteSection.cpp - Site records inside object files -----------------===//

#include "sizespec/model/SiteSection.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace sizespec {
namespace {

/// The first word of each kind's header, and the versions read.
struct KindInfo {
  SectionRecord::Kind Kind;
  StringLiteral Magic;
  unsigned Version; ///< written; 1..Version are read
};
constexpr KindInfo kKinds[] = {
    {SectionRecord::Sites, "sizespec-sites ", kSiteSectionVersion},
    {SectionRecord::Lowered, "sizespec-lowered ", kLoweredRecordVersion},
};

const KindInfo &info(SectionRecord::Kind K) {
  for (const KindInfo &I : kKinds)
    if (I.Kind == K)
      return I;
  llvm_unreachable("every kind is in kKinds");
}

/// The `key=value` fields of a header line, after the first word.
struct Header {
  unsigned Version = 0;
  StringRef Encoding;
  std::size_t Stored = 0;
  std::size_t Raw = 0;
};

Expected<Header> parseHeader(StringRef Line, const KindInfo &Kind) {
  Header H;
  bool HaveStored = false, HaveRaw = false;
  SmallVector<StringRef, 8> Words;
  Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef W : ArrayRef(Words).drop_front()) {
    auto [Key, Value] = W.split('=');
    if (Key == "v" && Value.getAsInteger(10, H.Version))
      return createStringError("bad version '" + Value + "'");
    if (Key == "encoding")
      H.Encoding = Value;
    if (Key == "stored")
      HaveStored = !Value.getAsInteger(10, H.Stored);
    if (Key == "raw")
      HaveRaw = !Value.getAsInteger(10, H.Raw);
  }
  if (H.Version < 1 || H.Version > Kind.Version)
    return createStringError(
        formatv("unsupported {0}version {1} (this sizespec-report reads "
                "versions 1 to {2})",
                Kind.Magic, H.Version, Kind.Version)
            .str());
  if (!HaveStored || !HaveRaw)
    return createStringError("record header without stored= and raw=");
  if (H.Encoding != "none" && H.Encoding != "zlib")
    return createStringError("unknown record encoding '" + H.Encoding + "'");
  return H;
}

Expected<std::string> decodePayload(const Header &H, StringRef Stored) {
  if (H.Encoding == "none")
    return Stored.str();
  if (!compression::zlib::isAvailable())
    return createStringError("the record is zlib-compressed, and this build "
                             "of LLVM has no zlib");
  SmallVector<uint8_t, 0> Out;
  if (Error E = compression::zlib::decompress(arrayRefFromStringRef(Stored),
                                              Out, H.Raw))
    return std::move(E);
  return toStringRef(Out).str();
}

} // namespace

std::string encodeSectionRecord(SectionRecord::Kind K, StringRef Json) {
  StringRef Encoding = "none";
  SmallVector<uint8_t, 0> Packed;
  StringRef Stored = Json;
  if (Json.size() > kCompressAbove && compression::zlib::isAvailable()) {
    compression::zlib::compress(arrayRefFromStringRef(Json), Packed);
    Encoding = "zlib";
    Stored = toStringRef(Packed);
  }
  const KindInfo &Kind = info(K);
  return formatv("{0}v={1} encoding={2} stored={3} raw={4}\n", Kind.Magic,
                 Kind.Version, Encoding, Stored.size(), Json.size())
             .str() +
         Stored.str();
}

Expected<std::vector<SectionRecord>> decodeSiteRecords(StringRef Contents) {
  std::vector<SectionRecord> Records;
  for (unsigned Index = 0;; ++Index) {
    Contents = Contents.ltrim('\0');
    if (Contents.empty())
      return Records;
    auto Fail = [&](const Twine &Why) {
      return createStringError(formatv("record {0}: {1}", Index, Why).str());
    };
    const KindInfo *Kind = llvm::find_if(kKinds, [&](const KindInfo &K) {
      return Contents.starts_with(K.Magic);
    });
    if (Kind == std::end(kKinds))
      return Fail("not a sizespec-sites record");
    auto [Line, Rest] = Contents.split('\n');
    Expected<Header> H = parseHeader(Line, *Kind);
    if (!H)
      return Fail(toString(H.takeError()));
    if (Rest.size() < H->Stored)
      return Fail(
          formatv("truncated: {0} of {1} bytes", Rest.size(), H->Stored));
    Expected<std::string> Text = decodePayload(*H, Rest.take_front(H->Stored));
    if (!Text)
      return Fail(toString(Text.takeError()));
    Records.push_back({Kind->Kind, H->Version, std::move(*Text)});
    Contents = Rest.drop_front(H->Stored);
  }
}

std::string siteSectionAsm(StringRef Bytes) {
  std::string Out;
  raw_string_ostream OS(Out);
  // "" flags: not allocated, so a linked program does not map it; the
  // linker still keeps and concatenates it, --gc-sections included.
  OS << "\t.pushsection " << kSiteSection << ",\"\",%progbits\n";
  constexpr std::size_t Chunk = 2048;
  for (std::size_t At = 0; At < Bytes.size(); At += Chunk) {
    OS << "\t.ascii \"";
    for (unsigned char C : Bytes.substr(At, Chunk)) {
      if (C == '"' || C == '\\')
        OS << '\\' << C;
      else if (C >= 0x20 && C < 0x7f)
        OS << C;
      else
        OS << '\\' << char('0' + (C >> 6)) << char('0' + ((C >> 3) & 7))
           << char('0' + (C & 7));
    }
    OS << "\"\n";
  }
  OS << "\t.popsection\n";
  return Out;
}

std::string sectionBytesFromAsm(StringRef Asm, StringRef Section) {
  std::string Out;
  bool Inside = false;
  SmallVector<StringRef, 0> Lines;
  Asm.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (Line.consume_front(".pushsection")) {
      Inside = Line.ltrim().split(',').first.trim() == Section;
      continue;
    }
    if (Line == ".popsection") {
      Inside = false;
      continue;
    }
    if (!Inside || !Line.consume_front(".ascii"))
      continue;
    // What siteSectionAsm writes: one quoted string, \\ \" and \ooo.
    Line = Line.trim();
    if (!Line.consume_front("\"") || !Line.consume_back("\""))
      continue;
    for (std::size_t I = 0; I < Line.size(); ++I) {
      char C = Line[I];
      if (C != '\\' || I + 1 == Line.size()) {
        Out += C;
        continue;
      }
      char Next = Line[++I];
      if (Next >= '0' && Next <= '7' && I + 2 < Line.size()) {
        Out += char(((Next - '0') << 6) | ((Line[I + 1] - '0') << 3) |
                    (Line[I + 2] - '0'));
        I += 2;
      } else {
        Out += Next;
      }
    }
  }
  return Out;
}

} // namespace sizespec
