//===- bench/programs/thread_churn.cpp - Short-lived threads --------------===//
//
// A program that runs each task on a thread of its own: THREADS threads,
// AT_ONCE at a time, each allocating OBJECTS objects of typed sizes
// (8..1000 B, pointer-free), writing them, freeing them and exiting. What a
// thread's exit costs is paid THREADS times: the runtime gives back what an
// exit leaves empty (two spans per size class kept), so the next thread
// faults its pages in again, where an allocator that keeps them does not.
// AT_ONCE 1 runs the same tasks with no two threads at the same time: what
// the threads pay for running side by side is the difference.
//
//   thread_churn THREADS [OBJECTS [AT_ONCE]]     (2000 4000 2)
//
// Prints its task count on stdout, then the bench-result line
// (program_report.h) with "ops" the allocations made, for the harness.
//
//===----------------------------------------------------------------------===//

#include "../common/program_report.h"
#include "../common/rng.h"
#include "thread_churn_objects.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

namespace {

using bench::Rng;
using churn::destroy;
using churn::kKinds;
using churn::make;

/// One task: its objects, linked through a side table the thread owns.
void task(unsigned Seed, std::size_t Objects) {
  Rng R{0x9E3779B97F4A7C15ull * (Seed + 1)};
  std::vector<unsigned char *> Live(Objects);
  for (unsigned char *&P : Live)
    P = make(static_cast<unsigned>(R.next() % kKinds));
  for (unsigned char *P : Live)
    destroy(P);
}

} // namespace

int main(int Argc, char **Argv) {
  const unsigned Threads = Argc > 1 ? std::atoi(Argv[1]) : 2000;
  const std::size_t Objects =
      Argc > 2 ? std::strtoul(Argv[2], nullptr, 10) : 4000;
  const unsigned AtOnce = Argc > 3 ? std::atoi(Argv[3]) : 2;
  if (Threads == 0 || Objects == 0 || AtOnce == 0) {
    std::fprintf(stderr, "usage: thread_churn THREADS [OBJECTS [AT_ONCE]]\n");
    return 2;
  }
  bench::ProgramTimer Timer;
  std::vector<std::thread> Running;
  Running.reserve(AtOnce);
  for (unsigned T = 0; T < Threads; T += AtOnce) {
    for (unsigned K = 0; K < AtOnce && T + K < Threads; ++K)
      Running.emplace_back(task, T + K, Objects);
    for (std::thread &Th : Running)
      Th.join();
    Running.clear();
  }
  std::printf("%u tasks\n", Threads);
  Timer.report(static_cast<long long>(Threads) * Objects);
}
