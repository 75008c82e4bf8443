//===- Stamp.cpp - Find and print the plugin's stamp records --------------===//

#include "Stamp.h"
#include "ObjectRecords.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace llvm::object;

namespace sizespec {
namespace report {
namespace {

Error scanObject(const ObjectPart &Obj, StampScan &Scan) {
  ++Scan.Objects;
  return Obj.forEachSectionNamed(kStampSection, [&](StringRef Contents) {
    Scan.HasSection = true;
    addStampRecords(Contents, Scan.Stamps);
    return Error::success();
  });
}

std::string plural(unsigned N, StringRef Word) {
  return formatv("{0} {1}{2}", N, Word, N == 1 ? "" : "s").str();
}

} // namespace

unsigned StampScan::records() const {
  unsigned N = 0;
  for (const Stamp &S : Stamps)
    N += S.Count;
  return N;
}

void addStampRecords(StringRef Contents, std::vector<Stamp> &Into) {
  SmallVector<StringRef, 16> Records;
  Contents.split(Records, '\0', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef R : Records) {
    auto It = find_if(Into, [&](const Stamp &S) { return S.Record == R; });
    if (It == Into.end())
      It = Into.insert(Into.end(), Stamp{parseStamp(R)});
    ++It->Count;
  }
}

Expected<StampScan> readStamps(StringRef Path) {
  StampScan Scan;
  Scan.Path = Path.str();
  if (Error E = forEachObject(Path, [&](const ObjectPart &Obj, StringRef) {
        return scanObject(Obj, Scan);
      }))
    return std::move(E);
  return Scan;
}

void printStampsText(const StampScan &Scan, raw_ostream &OS) {
  if (Scan.Stamps.empty()) {
    OS << Scan.Path << ": no sizespec stamp: built without the sizespec "
       << "plugin (or the stamp was stripped)\n";
    return;
  }
  OS << formatv("{0}: {1} built with the sizespec plugin, {2}\n", Scan.Path,
                plural(Scan.records(), "stamped object"),
                plural(Scan.Stamps.size(), "distinct stamp"));
  for (const Stamp &S : Scan.Stamps) {
    OS << "\t";
    if (!S.Recognized) {
      OS << S.Record << "\t(" << plural(S.Count, "object")
         << "; not a version 1 stamp)\n";
      continue;
    }
    ListSeparator Sep(" ");
    for (const auto &[Key, Value] : drop_begin(S.Fields))
      OS << Sep << Key << "=" << Value;
    OS << "\t(" << plural(S.Count, "object") << ")\n";
  }
}

void printStampsJson(ArrayRef<StampScan> Scans, raw_ostream &OS) {
  json::Array Files;
  for (const StampScan &Scan : Scans) {
    json::Array Stamps;
    for (const Stamp &S : Scan.Stamps) {
      json::Object Fields;
      for (const auto &[Key, Value] : S.Fields)
        Fields[Key] = Value;
      Stamps.push_back(json::Object{{"record", S.Record},
                                    {"count", S.Count},
                                    {"recognized", S.Recognized},
                                    {"fields", std::move(Fields)}});
    }
    Files.push_back(json::Object{{"file", Scan.Path},
                                 {"objects", Scan.Objects},
                                 {"stamped", !Scan.Stamps.empty()},
                                 {"stamps", std::move(Stamps)}});
  }
  OS << formatv("{0:2}\n", json::Value(std::move(Files)));
}

} // namespace report
} // namespace sizespec
