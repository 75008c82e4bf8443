//===- bench/programs/larson.cpp - A server-like multi-threaded workload --===//
//
// After the published description of Larson and Krishnan's benchmark
// ("Memory allocation for long-running server applications", ISMM 1998), as
// Hoard and mimalloc-bench run it: each thread owns a table of live objects
// of random small sizes; each step frees a random one and allocates a
// replacement of a new random size, writing it. Every round, each thread
// hands its table to the next thread, which frees what the other one
// allocated: memory made by one thread is freed by another, in random order.
//
//   larson THREADS SECONDS [SLOTS]     (4 2 1000)
//
// Sizes: 16 pointer-free types of 8..1000 bytes, picked at random.
//
// Runs for SECONDS of wall time and prints its throughput on stdout, then
// the bench-result line (program_report.h) with "ops" added, for the
// harness: operations are allocate+free pairs, across all threads.
//
//===----------------------------------------------------------------------===//

#include "../common/program_report.h"
#include "../common/rng.h"

#include <atomic>
#include <barrier>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

using bench::Rng;

struct Config {
  unsigned Threads = 4;
  double Seconds = 2;
  std::size_t Slots = 1000;
};

/// The objects: pointer-free, of the sizes a server's messages and nodes
/// have, each allocated by a new-expression of its own type (so `on`
/// specializes each site, as it would a program's). The first byte says
/// which one it is, for the free.
template <std::size_t N> struct Obj { unsigned char Bytes[N]; };
// clang-format off
#define LARSON_SIZES(X)                                                        \
  X(0, 8) X(1, 16) X(2, 24) X(3, 32) X(4, 48) X(5, 64) X(6, 96) X(7, 128)     \
  X(8, 160) X(9, 256) X(10, 384) X(11, 512) X(12, 640) X(13, 768) X(14, 896)  \
  X(15, 1000)
// clang-format on
constexpr unsigned kKinds = 16;

unsigned char *allocate(unsigned K) {
  switch (K) {
#define LARSON_NEW(K, N)                                                       \
  case K:                                                                      \
    return (new Obj<N>)->Bytes;
    LARSON_SIZES(LARSON_NEW)
#undef LARSON_NEW
  }
  std::abort();
}

void destroy(unsigned char *P) {
  switch (P[0]) {
#define LARSON_DELETE(K, N)                                                    \
  case K:                                                                      \
    delete reinterpret_cast<Obj<N> *>(P);                                      \
    return;
    LARSON_SIZES(LARSON_DELETE)
#undef LARSON_DELETE
  }
  std::abort(); // a corrupted object
}

unsigned char *make(Rng &R) {
  auto K = static_cast<unsigned>(R.next() % kKinds);
  unsigned char *P = allocate(K);
  P[0] = static_cast<unsigned char>(K);
  return P;
}

using Table = std::vector<unsigned char *>;

} // namespace

int main(int Argc, char **Argv) {
  Config C;
  if (Argc > 1)
    C.Threads = static_cast<unsigned>(std::atoi(Argv[1]));
  if (Argc > 2)
    C.Seconds = std::atof(Argv[2]);
  if (Argc > 3)
    C.Slots = std::strtoul(Argv[3], nullptr, 10);
  if (C.Threads == 0 || C.Slots == 0) {
    std::fprintf(stderr, "usage: larson THREADS SECONDS [SLOTS]\n");
    return 2;
  }

  // Each thread's table, filled by its first owner.
  std::vector<Table> Tables(C.Threads, Table(C.Slots));
  for (unsigned T = 0; T < C.Threads; ++T) {
    Rng R{0x9E3779B97F4A7C15ull * (T + 1)};
    for (unsigned char *&P : Tables[T])
      P = make(R);
  }

  bench::ProgramTimer Timer;
  const auto Stop = std::chrono::steady_clock::now() +
                    std::chrono::duration<double>(C.Seconds);
  std::atomic<bool> Done{false};
  std::atomic<std::uint64_t> Ops{0};
  // Between rounds every thread waits, then takes the next thread's table.
  std::barrier Sync(C.Threads, [&]() noexcept {
    if (std::chrono::steady_clock::now() >= Stop)
      Done.store(true, std::memory_order_relaxed);
  });
  const std::size_t StepsPerRound = 10 * C.Slots;
  std::vector<std::thread> Workers;
  for (unsigned T = 0; T < C.Threads; ++T)
    Workers.emplace_back([&, T] {
      Rng R{0xD1B54A32D192ED03ull * (T + 7)};
      std::uint64_t Mine = 0;
      for (unsigned Round = 0; !Done.load(std::memory_order_relaxed); ++Round) {
        Table &Tab = Tables[(T + Round) % C.Threads];
        for (std::size_t I = 0; I < StepsPerRound; ++I) {
          unsigned char *&Slot = Tab[R.next() % C.Slots];
          destroy(Slot);
          Slot = make(R);
        }
        Mine += StepsPerRound;
        Sync.arrive_and_wait();
      }
      Ops.fetch_add(Mine, std::memory_order_relaxed);
    });
  for (std::thread &W : Workers)
    W.join();
  for (Table &Tab : Tables)
    for (unsigned char *P : Tab)
      destroy(P);
  // The throughput varies between runs: the harness reads it from "ops",
  // and the output it compares is only the workload's shape.
  std::printf("larson: %u threads, %zu slots, 8..1000 B\n", C.Threads, C.Slots);
  Timer.report(Ops.load());
  return 0;
}
