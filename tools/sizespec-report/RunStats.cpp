//===- RunStats.cpp - A run's SIZESPEC_STATS table, as read ---------------===//

#include "RunStats.h"

#include "sizespec/size_classes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"
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

} // namespace

Expected<RunStats> parseRunStats(StringRef Text) {
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  size_t I = 0;
  while (I < Lines.size() && !Lines[I].trim().starts_with(kTitle))
    ++I;
  if (I == Lines.size())
    return createStringError(
        "no SIZESPEC_STATS table in it (a program run with SIZESPEC_STATS=1 "
        "prints one to stderr at exit)");
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
