//===- bench/programs/pair24.cpp - 24-byte pairs for callgrind
//-------------===//
//
// N new+delete pairs of a 24-byte object and nothing else, for counting
// instructions under callgrind in every configuration. The harness runs it
// with two values of N and divides the difference in instructions by the
// difference in N, so start-up, the first refills and exit cancel out.
// Usage: pair24 N [noscan|scan]
//
//===----------------------------------------------------------------------===//

#include "../common/sizespec_probe.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace {

struct Point {
  std::int64_t X, Y, Z;
};
struct Tagged {
  const char *Name;
  std::size_t Len;
  std::int64_t Id;
};
static_assert(sizeof(Point) == 24 && sizeof(Tagged) == 24);

template <class T> [[gnu::noinline]] void pairs(long N) {
  for (long I = 0; I < N; ++I) {
    T *P = new T;
    asm volatile("" : : "r"(P) : "memory"); // P escapes: no new/delete elision
    delete P;
  }
}

} // namespace

int main(int Argc, char **Argv) {
  long N = Argc > 1 ? std::atol(Argv[1]) : 1000000;
  if (Argc > 2 && std::strcmp(Argv[2], "scan") == 0)
    pairs<Tagged>(N);
  else
    pairs<Point>(N);
  bench::print_sizespec_stats(); // the harness checks on/off really differ
  return 0;
}
