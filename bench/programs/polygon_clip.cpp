//===- bench/programs/polygon_clip.cpp - Clipper's polygon operations -----===//
//
// Clipper (Debian's source, package libpolyclipping, compiled into each
// configuration), a polygon clipping and offsetting library. Each pass runs
// the library's own benchmark (its console demo's --benchmark: the
// intersection of two random 100-vertex polygons in a 400 x 400 space,
// even-odd fill) OPS times, then unions 2 x OPS random star-shaped parcels
// into a polygon tree, offsets the union outwards with round joins, and
// takes the parcels away from the offset outline. A clip builds an edge
// array per path (new TEdge[N]), then its output as linked points (new
// OutPt, 40 B), joins and intersection nodes, each freed when the clip is
// cleared: many small objects of a few sizes, made and freed per
// operation, beside vectors of run-time sizes. Usage:
//   polygon_clip [ops=300] [passes=2]
// Prints the counts and a hash of every solution on stdout (identical in
// every configuration), the measurements on stderr.
//
//===----------------------------------------------------------------------===//

#include "../common/output_hash.h"
#include "../common/program_report.h"
#include "../common/rng.h"

#include <clipper.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

using namespace ClipperLib;

/// What the passes made: paths, points, and a hash of their coordinates.
struct Tally {
  std::uint64_t Hash = bench::kFnvOffset;
  std::size_t Paths = 0, Points = 0;

  void add(const ClipperLib::Paths &Solution) {
    for (const Path &P : Solution) {
      ++Paths;
      Points += P.size();
      for (const IntPoint &Pt : P)
        for (cInt V : {Pt.X, Pt.Y})
          Hash = bench::fnv1a_word(static_cast<std::uint64_t>(V), Hash);
    }
  }
};

/// As the library's benchmark makes them: \p Edges vertices placed at
/// random in a \p Width x \p Height space (a self-intersecting polygon).
void randomPolygon(bench::Rng &R, int Edges, int Width, int Height,
                   Paths &Out) {
  Out.resize(1);
  Out[0].resize(Edges);
  for (IntPoint &P : Out[0]) {
    P.X = static_cast<cInt>(R.next() % Width);
    P.Y = static_cast<cInt>(R.next() % Height);
  }
}

/// A star-shaped parcel of 6 to 24 vertices around a random centre of a
/// 10,000-unit square, in 1/100 units.
Path parcel(bench::Rng &R) {
  const int Vertices = 6 + static_cast<int>(R.next() % 19);
  const double Cx = static_cast<double>(R.next() % 1000000);
  const double Cy = static_cast<double>(R.next() % 1000000);
  Path P;
  for (int I = 0; I < Vertices; ++I) {
    const double Angle = 6.283185307179586 * I / Vertices;
    const double Radius = 2000 + static_cast<double>(R.next() % 8000);
    P.emplace_back(static_cast<cInt>(Cx + Radius * std::cos(Angle)),
                   static_cast<cInt>(Cy + Radius * std::sin(Angle)));
  }
  return P;
}

/// One pass: the library's benchmark, then the parcels' union, its offset
/// outline and the difference.
bool pass(bench::Rng &R, long Ops, Tally &T) {
  Paths Subject, Clip, Solution;
  Clipper C;
  for (long I = 0; I < Ops; ++I) {
    randomPolygon(R, 100, 400, 400, Subject);
    randomPolygon(R, 100, 400, 400, Clip);
    C.Clear();
    C.AddPaths(Subject, ptSubject, true);
    C.AddPaths(Clip, ptClip, true);
    if (!C.Execute(ctIntersection, Solution, pftEvenOdd, pftEvenOdd))
      return false;
    T.add(Solution);
  }

  Paths Parcels;
  for (long I = 0; I < Ops * 2; ++I)
    Parcels.push_back(parcel(R));
  C.Clear();
  C.AddPaths(Parcels, ptSubject, true);
  PolyTree Tree;
  if (!C.Execute(ctUnion, Tree, pftNonZero, pftNonZero))
    return false;
  Paths Union;
  PolyTreeToPaths(Tree, Union);
  T.add(Union);

  ClipperOffset Offset;
  Offset.AddPaths(Union, jtRound, etClosedPolygon);
  Paths Outline;
  Offset.Execute(Outline, 500.0);
  T.add(Outline);

  C.Clear();
  C.AddPaths(Outline, ptSubject, true);
  C.AddPaths(Parcels, ptClip, true);
  if (!C.Execute(ctDifference, Solution, pftNonZero, pftNonZero))
    return false;
  T.add(Solution);
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  const long Ops = Argc > 1 ? std::atol(Argv[1]) : 300;
  const int Passes = Argc > 2 ? std::atoi(Argv[2]) : 2;
  if (Ops <= 0 || Passes <= 0) {
    std::fprintf(stderr, "usage: polygon_clip [ops] [passes]\n");
    return 2;
  }
  bench::ProgramTimer Timer;
  bench::Rng R{0x2545F4914F6CDD1Du};
  Tally T;
  for (int Pass = 0; Pass < Passes; ++Pass)
    if (!pass(R, Ops, T)) {
      std::fprintf(stderr, "polygon_clip: a clip failed\n");
      return 1;
    }
  Timer.report();

  std::printf("%zu paths, %zu points, hash %016llx\n", T.Paths, T.Points,
              static_cast<unsigned long long>(T.Hash));
  return 0;
}
