//===- RunStats.cpp - A run's SIZESPEC_STATS table, as read ---------------===//

#include "RunStats.h"

#include "sizespec/size_classes.h"
#include "sizespec/stats_format.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

constexpr StringLiteral kTitle = "sizespec: stats (mode ";
constexpr StringLiteral kFooter = "sizespec: spans-held";

Error rowError(unsigned LineNo, StringRef Line) {
  return createStringError(
      formatv("line {0}: not a row of the stats table: '{1}'", LineNo, Line)
          .str());
}

/// The line of SIZESPEC_STATS=json's object starts so.
std::string jsonStart() {
  return formatv("{{\"{0}\":", stats_json::kVersionKey).str();
}

/// A count of \p O (\p Path names it in the error).
Error readCount(const json::Object &O, const char *Key, std::uint64_t &Out,
                const Twine &Path) {
  std::optional<std::int64_t> V = O.getInteger(Key);
  if (!V || *V < 0)
    return createStringError((Path + ": '" + Key + "' is not a count").str());
  Out = static_cast<std::uint64_t>(*V);
  return Error::success();
}

/// The counts of a class row or of the tiny object.
Error readRow(const json::Object &O, RunStats::Row &R, const Twine &Path) {
  namespace k = stats_json;
  if (Error E = readCount(O, k::kAllocations, R.Allocations, Path))
    return E;
  if (Error E = readCount(O, k::kSpecialized, R.Specialized, Path))
    return E;
  return readCount(O, k::kGeneric, R.Generic, Path);
}

/// SIZESPEC_STATS=json's object (<sizespec/stats_format.h>).
Expected<RunStats> parseRunStatsJson(StringRef Line) {
  namespace k = stats_json;
  Expected<json::Value> V = json::parse(Line);
  if (!V)
    return createStringError("the SIZESPEC_STATS JSON line: " +
                             toString(V.takeError()));
  const json::Object *O = V->getAsObject();
  std::optional<std::int64_t> Version =
      O ? O->getInteger(k::kVersionKey) : std::nullopt;
  if (!Version || *Version != k::kVersion)
    return createStringError(formatv("the SIZESPEC_STATS JSON line has "
                                     "version {0}; this sizespec-report "
                                     "reads version {1}",
                                     Version.value_or(0), k::kVersion)
                                 .str());
  RunStats Out;
  std::optional<StringRef> Mode = O->getString(k::kMode);
  if (!Mode)
    return createStringError("the SIZESPEC_STATS JSON line has no mode");
  Out.Mode = Mode->str();
  if (std::optional<StringRef> Reason = O->getString(k::kReason))
    Out.Mode += (": " + *Reason).str();
  const json::Array *Classes = O->getArray(k::kClasses);
  const json::Object *Tiny = O->getObject(k::kTiny);
  const json::Object *Large = O->getObject(k::kLarge);
  if (!Classes || !Tiny || !Large)
    return createStringError("the SIZESPEC_STATS JSON line lacks 'classes', "
                             "'tiny' or 'large'");
  RunStats::Row TinyRow;
  if (Error E = readRow(*Tiny, TinyRow, "tiny"))
    return std::move(E);
  if (TinyRow.Allocations)
    Out.Rows.push_back(TinyRow);
  for (auto [I, C] : llvm::enumerate(*Classes)) {
    std::string Path = formatv("classes[{0}]", I).str();
    const json::Object *Row = C.getAsObject();
    std::optional<std::int64_t> Class =
        Row ? Row->getInteger(k::kClass) : std::nullopt;
    std::optional<StringRef> Kind =
        Row ? Row->getString(k::kKind) : std::nullopt;
    if (!Class || *Class < 1 || *Class > kNumClasses || !Kind ||
        (*Kind != "scan" && *Kind != "noscan"))
      return createStringError(Path + ": not a (class, kind) row");
    RunStats::Row R;
    R.Class = static_cast<unsigned>(*Class);
    R.Scan = *Kind == "scan";
    if (Error E = readRow(*Row, R, Path))
      return std::move(E);
    Out.Rows.push_back(R);
  }
  if (Error E =
          readCount(*Large, k::kAllocations, Out.LargeAllocations, "large"))
    return std::move(E);
  return Out;
}

} // namespace

Expected<RunStats> parseRunStats(StringRef Text) {
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  const std::string Json = jsonStart();
  size_t I = 0;
  while (I < Lines.size() && !Lines[I].trim().starts_with(kTitle)) {
    if (Lines[I].trim().starts_with(Json))
      return parseRunStatsJson(Lines[I].trim());
    ++I;
  }
  if (I == Lines.size())
    return createStringError(
        "no SIZESPEC_STATS table in it (a program run with SIZESPEC_STATS=1 "
        "prints one to stderr at exit, SIZESPEC_STATS=json a JSON line)");
  RunStats Out;
  StringRef Title = Lines[I].trim();
  Title.consume_front(kTitle);
  Out.Mode = Title.rtrim(')').str();
  ++I; // The column header.
  for (++I; I < Lines.size(); ++I) {
    StringRef Line = Lines[I].trim();
    if (Line.starts_with(kFooter) || Line.empty())
      break;
    SmallVector<StringRef, 9> F;
    Line.split(F, ' ', -1, /*KeepEmpty=*/false);
    if (F.size() != 9)
      return rowError(I + 1, Line);
    if (F[0] == "large") {
      if (F[3].getAsInteger(10, Out.LargeAllocations))
        return rowError(I + 1, Line);
      continue;
    }
    RunStats::Row R;
    bool Tiny = F[0] == "tiny";
    if ((!Tiny && (F[0].getAsInteger(10, R.Class) || R.Class < 1 ||
                   R.Class > kNumClasses)) ||
        (F[2] != "scan" && F[2] != "noscan") ||
        F[3].getAsInteger(10, R.Allocations) ||
        F[6].getAsInteger(10, R.Specialized) ||
        F[7].getAsInteger(10, R.Generic))
      return rowError(I + 1, Line);
    R.Scan = F[2] == "scan";
    Out.Rows.push_back(R);
  }
  return Out;
}

std::string runClassName(unsigned Class) {
  return Class ? std::to_string(Class) : "tiny";
}

std::uint64_t runClassSize(unsigned Class) {
  return Class ? class_size(Class) : 16;
}

std::vector<RunJoin> joinRun(const Report &R, const RunStats &Run) {
  std::map<std::pair<unsigned, bool>, RunJoin> Rows;
  auto At = [&](unsigned C, bool Scan) -> RunJoin & {
    RunJoin &J = Rows[{C, Scan}];
    J.Class = C;
    J.Scan = Scan;
    return J;
  };
  for (const MergedSite &M : R.Sites)
    if (M.S.Specialized && M.S.Class && M.S.Scan)
      ++At(M.S.Tiny ? 0 : *M.S.Class, *M.S.Scan).SpecializedSites;
  for (const RunStats::Row &Row : Run.Rows) {
    RunJoin &J = At(Row.Class, Row.Scan);
    J.Allocations = Row.Allocations;
    J.Specialized = Row.Specialized;
    J.Generic = Row.Generic;
  }
  std::vector<RunJoin> Out;
  for (auto &[Key, J] : Rows)
    Out.push_back(J);
  return Out;
}

Expected<RunStats> readRunStats(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return errorCodeToError(Buf.getError());
  return parseRunStats((*Buf)->getBuffer());
}

} // namespace report
} // namespace sizespec
