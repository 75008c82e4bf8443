//===- bench/micro/threads.cpp - two threads
//--------------------------------===//
//
// Threads/owners: two threads, each allocating and freeing its own 24-byte
// objects (the thread-local fast path, twice; no sharing). Threads/remote: a
// producer allocates and a consumer thread frees every object, so each free
// is a free from another thread (mimalloc's `_mt` path, sizespec's remote
// free). Both are timed in wall-clock time per object.
//
//===----------------------------------------------------------------------===//

#include "register.h"
#include "types.h"

#include <benchmark/benchmark.h>

#include <atomic>
#include <cstddef>
#include <thread>

namespace bench {
namespace {

void ownPairs(benchmark::State &State) {
  for (auto _ : State) {
    Point *P = new Point;
    benchmark::DoNotOptimize(P);
    delete P;
  }
}

/// A bounded single-producer single-consumer queue of pointers. Head and
/// Tail sit on their own cache lines so the two threads only share the
/// lines they must.
class SpscRing {
public:
  bool push(Point *P) {
    std::size_t H = Head.load(std::memory_order_relaxed);
    if (H - Tail.load(std::memory_order_acquire) == kSize)
      return false;
    Slots[H & (kSize - 1)] = P;
    Head.store(H + 1, std::memory_order_release);
    return true;
  }

  Point *pop() {
    std::size_t T = Tail.load(std::memory_order_relaxed);
    if (T == Head.load(std::memory_order_acquire))
      return nullptr;
    Point *P = Slots[T & (kSize - 1)];
    Tail.store(T + 1, std::memory_order_release);
    return P;
  }

private:
  // A power of two, and deep: each side can run thousands of objects ahead
  // before it must wait, so the figure is the allocator's (allocation plus
  // remote free) rather than the cost of handing the core back and forth.
  static constexpr std::size_t kSize = 16384;
  alignas(64) std::atomic<std::size_t> Head{0};
  alignas(64) std::atomic<std::size_t> Tail{0};
  alignas(64) Point *Slots[kSize];
};

void producerConsumer(benchmark::State &State) {
  static Point Stop;    // the end-of-stream marker; never deleted
  static SpscRing Ring; // 128 KiB: too big for the stack; one run at a time
  // Two cores shared with other work: a waiting side yields rather than
  // spins, or it could hold the core its partner needs.
  std::thread Consumer([] {
    for (;;) {
      Point *P = Ring.pop();
      if (!P) {
        std::this_thread::yield();
        continue;
      }
      if (P == &Stop)
        return;
      delete P;
    }
  });
  for (auto _ : State) {
    Point *P = new Point;
    benchmark::DoNotOptimize(P);
    while (!Ring.push(P))
      std::this_thread::yield();
  }
  while (!Ring.push(&Stop))
    std::this_thread::yield();
  Consumer.join();
}

} // namespace

void register_threads() {
  benchmark::RegisterBenchmark("Threads/owners/NoScan24", ownPairs)
      ->Threads(2)
      ->UseRealTime();
  benchmark::RegisterBenchmark("Threads/remote/NoScan24", producerConsumer)
      ->UseRealTime();
}

} // namespace bench
