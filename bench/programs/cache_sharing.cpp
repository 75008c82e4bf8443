//===- bench/programs/cache_sharing.cpp - False sharing between threads ---===//
//
// The cache-thrash and cache-scratch patterns, after their published
// descriptions (Berger et al., "Hoard: A Scalable Memory Allocator for
// Multithreaded Applications", ASPLOS 2000):
//
//   cache_sharing thrash THREADS ITERATIONS [SIZE] [WRITES]
//       each thread, over and over: allocate a SIZE-byte object, write each
//       byte WRITES times, free it. An allocator that hands objects of one
//       cache line to different threads makes them fight over the line
//       ("active" false sharing).
//   cache_sharing scratch THREADS ITERATIONS [SIZE] [WRITES]
//       the main thread first allocates one object per thread, one after
//       another (so they share cache lines), and hands one to each thread,
//       which frees it and then runs the thrash loop. An allocator that
//       gives a thread back the object it freed puts the threads on the
//       main thread's cache line ("passive" false sharing).
//
// SIZE is 8 (default: a tiny object with the plugin) or 64; WRITES 100.
// Fixed work; the harness reads wall time.
//
//===----------------------------------------------------------------------===//

#include "../common/program_report.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

/// A pointer-free object of N bytes, allocated by `new Obj<N>`: a site the
/// plugin specializes.
template <std::size_t N> struct Obj { unsigned char Bytes[N]; };

/// Allocates, writes and frees \p Iterations objects of N bytes; returns a
/// checksum of what was written, so no write is dropped.
template <std::size_t N> unsigned long thrash(long Iterations, int Writes) {
  unsigned long Sum = 0;
  for (long I = 0; I < Iterations; ++I) {
    Obj<N> *O = new Obj<N>;
    volatile unsigned char *P = O->Bytes;
    P[0] = 0;
    for (int W = 0; W < Writes; ++W)
      for (std::size_t B = 0; B < N; ++B)
        P[B] = static_cast<unsigned char>(P[B] + W + 1);
    Sum += P[0];
    delete O;
  }
  return Sum;
}

template <std::size_t N>
unsigned long run(bool Scratch, unsigned Threads, long Iterations, int Writes) {
  // scratch: one object per thread from the main thread, back to back.
  std::vector<Obj<N> *> Handed(Threads, nullptr);
  if (Scratch)
    for (Obj<N> *&P : Handed)
      P = new Obj<N>;
  std::vector<unsigned long> Sums(Threads);
  std::vector<std::thread> Workers;
  for (unsigned T = 0; T < Threads; ++T)
    Workers.emplace_back([&, T] {
      delete Handed[T]; // null in thrash mode
      Sums[T] = thrash<N>(Iterations, Writes);
    });
  for (std::thread &W : Workers)
    W.join();
  unsigned long Sum = 0;
  for (unsigned long S : Sums)
    Sum += S;
  return Sum;
}

} // namespace

int main(int Argc, char **Argv) {
  const char *Mode = Argc > 1 ? Argv[1] : "";
  bool Scratch = std::strcmp(Mode, "scratch") == 0;
  if (Argc < 4 || (!Scratch && std::strcmp(Mode, "thrash") != 0)) {
    std::fprintf(stderr, "usage: cache_sharing thrash|scratch THREADS "
                         "ITERATIONS [SIZE] [WRITES]\n");
    return 2;
  }
  unsigned Threads = static_cast<unsigned>(std::atoi(Argv[2]));
  long Iterations = std::atol(Argv[3]);
  std::size_t Size = Argc > 4 ? std::strtoul(Argv[4], nullptr, 10) : 8;
  int Writes = Argc > 5 ? std::atoi(Argv[5]) : 100;

  bench::ProgramTimer Timer;
  unsigned long Sum;
  if (Size == 8)
    Sum = run<8>(Scratch, Threads, Iterations, Writes);
  else if (Size == 64)
    Sum = run<64>(Scratch, Threads, Iterations, Writes);
  else {
    std::fprintf(stderr, "cache_sharing: SIZE is 8 or 64\n");
    return 2;
  }
  std::printf("cache-%s: %u threads x %ld objects of %zu B, checksum %lu\n",
              Mode, Threads, Iterations, Size, Sum);
  Timer.report();
  return 0;
}
