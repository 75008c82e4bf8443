//===- UnifiedDiff.cpp - Unified diff of a rewritten file -----------------===//
//
// The edits are known, so there is no need for a general diff algorithm:
// each edit maps a run of old lines to a run of new lines, and everything
// between edits is unchanged. Runs that touch are merged, lines equal at
// both ends of a run are trimmed (an inserted #include shows as one added
// line), and runs closer than two contexts share a hunk.
//
//===----------------------------------------------------------------------===//

#include "UnifiedDiff.h"

#include <algorithm>

using namespace llvm;

namespace sizespec::rewriter {

namespace {

/// The lines of a text, each with its '\n' when it has one.
struct Lines {
  std::vector<StringRef> Text;
  std::vector<size_t> Start; ///< Offset of each line, plus one past the end.

  explicit Lines(StringRef S) {
    size_t Pos = 0;
    while (Pos < S.size()) {
      size_t End = S.find('\n', Pos);
      End = End == StringRef::npos ? S.size() : End + 1;
      Start.push_back(Pos);
      Text.push_back(S.slice(Pos, End));
      Pos = End;
    }
    Start.push_back(S.size());
  }

  /// Index of the line holding \p Offset; size() for the end of the text.
  unsigned lineOf(size_t Offset) const {
    if (Offset >= Start.back())
      return size();
    auto It = std::upper_bound(Start.begin(), Start.end() - 1, Offset);
    return It - Start.begin() - 1;
  }
  unsigned size() const { return Text.size(); }
};

/// Old lines [OldBegin, OldEnd) became new lines [NewBegin, NewEnd).
struct Run {
  unsigned OldBegin, OldEnd, NewBegin, NewEnd;
};

constexpr unsigned Context = 3;

void printRange(raw_ostream &OS, unsigned Begin, unsigned Count) {
  // A run of zero lines is named by the line before it.
  OS << (Count == 0 ? Begin : Begin + 1) << ',' << Count;
}

void printLine(raw_ostream &OS, char Mark, StringRef Line) {
  OS << Mark << Line;
  if (!Line.ends_with("\n"))
    OS << "\n\\ No newline at end of file\n";
}

} // namespace

std::string applyEdits(StringRef Original, ArrayRef<Edit> Edits) {
  std::string Out;
  size_t Pos = 0;
  for (const Edit &E : Edits) {
    Out += Original.slice(Pos, E.Offset);
    Out += E.Text;
    Pos = E.Offset + E.Length;
  }
  Out += Original.substr(Pos);
  return Out;
}

void writeUnifiedDiff(raw_ostream &OS, StringRef Path, StringRef Original,
                      ArrayRef<Edit> Edits) {
  if (Edits.empty())
    return;
  std::string Updated = applyEdits(Original, Edits);
  Lines Old(Original), New(Updated);

  std::vector<Run> Runs;
  long Shift = 0; // New offset minus old offset, after the edits so far.
  for (const Edit &E : Edits) {
    size_t OldEndOff = E.Offset + E.Length;
    size_t NewBeginOff = E.Offset + Shift;
    size_t NewEndOff = NewBeginOff + E.Text.size();
    // The byte after the edit is unchanged, so the line holding it is the
    // last line the edit touches, in both texts.
    Run R{Old.lineOf(E.Offset), std::min(Old.lineOf(OldEndOff) + 1, Old.size()),
          New.lineOf(NewBeginOff),
          std::min(New.lineOf(NewEndOff) + 1, New.size())};
    if (!Runs.empty() && R.OldBegin <= Runs.back().OldEnd) {
      Runs.back().OldEnd = std::max(Runs.back().OldEnd, R.OldEnd);
      Runs.back().NewEnd = std::max(Runs.back().NewEnd, R.NewEnd);
    } else {
      Runs.push_back(R);
    }
    Shift += static_cast<long>(E.Text.size()) - static_cast<long>(E.Length);
  }
  for (Run &R : Runs) {
    while (R.OldBegin < R.OldEnd && R.NewBegin < R.NewEnd &&
           Old.Text[R.OldEnd - 1] == New.Text[R.NewEnd - 1])
      --R.OldEnd, --R.NewEnd;
    while (R.OldBegin < R.OldEnd && R.NewBegin < R.NewEnd &&
           Old.Text[R.OldBegin] == New.Text[R.NewBegin])
      ++R.OldBegin, ++R.NewBegin;
  }
  Runs.erase(std::remove_if(Runs.begin(), Runs.end(),
                            [](const Run &R) {
                              return R.OldBegin == R.OldEnd &&
                                     R.NewBegin == R.NewEnd;
                            }),
             Runs.end());
  if (Runs.empty())
    return;

  OS << "--- " << Path << "\n+++ " << Path << "\n";
  for (size_t I = 0; I < Runs.size();) {
    size_t J = I;
    while (J + 1 < Runs.size() &&
           Runs[J + 1].OldBegin <= Runs[J].OldEnd + 2 * Context)
      ++J;
    unsigned Lead = std::min(Context, Runs[I].OldBegin);
    unsigned Trail = std::min(Context, Old.size() - Runs[J].OldEnd);
    unsigned OldFirst = Runs[I].OldBegin - Lead;
    unsigned NewFirst = Runs[I].NewBegin - Lead;
    unsigned OldCount = Runs[J].OldEnd + Trail - OldFirst;
    unsigned NewCount = Runs[J].NewEnd + Trail - NewFirst;
    OS << "@@ -";
    printRange(OS, OldFirst, OldCount);
    OS << " +";
    printRange(OS, NewFirst, NewCount);
    OS << " @@\n";
    unsigned Line = OldFirst;
    for (size_t K = I; K <= J; ++K) {
      for (; Line < Runs[K].OldBegin; ++Line)
        printLine(OS, ' ', Old.Text[Line]);
      for (unsigned L = Runs[K].OldBegin; L < Runs[K].OldEnd; ++L)
        printLine(OS, '-', Old.Text[L]);
      for (unsigned L = Runs[K].NewBegin; L < Runs[K].NewEnd; ++L)
        printLine(OS, '+', New.Text[L]);
      Line = Runs[K].OldEnd;
    }
    for (; Line < Runs[J].OldEnd + Trail; ++Line)
      printLine(OS, ' ', Old.Text[Line]);
    I = J + 1;
  }
}

} // namespace sizespec::rewriter
