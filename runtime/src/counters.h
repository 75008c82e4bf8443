//===- counters.h - The stats counters -------------------------*- C++ -*-===//
//
// Updated in batches by slow paths (refill, flush, thread exit), never by a
// fast path; read by stats(). Relaxed atomics: each count is exact once the
// threads that contribute to it have synced.
//
// A thread keeps its own bin and tiny counts (ThreadState::counts,
// TinyThread::counts), and only it writes them: a load and a store
// (own_add), so a refill writes no line that another thread writes.
// stats() adds them up over the live threads (thread_count_totals,
// thread_state.h); a thread's exit folds its counts into g_counters, which
// also takes what threads past their exit count, with atomic adds.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_COUNTERS_H
#define SIZESPEC_RUNTIME_COUNTERS_H

#include <sizespec/bins.h>
#include <sizespec/config.h>

#include <atomic>
#include <cstdint>
#include <type_traits>

namespace sizespec {

/// A bin's counts as stats() adds them up.
struct BinTotals {
  std::uint64_t allocations = 0;
  std::uint64_t frees = 0;
  std::uint64_t generic = 0;
};

struct BinCounters {
  std::atomic<std::uint64_t> allocations{0};
  std::atomic<std::uint64_t> frees{0};
  std::atomic<std::uint64_t> generic{0};

  void add_to(BinTotals &t) const noexcept {
    t.allocations += allocations.load(std::memory_order_relaxed);
    t.frees += frees.load(std::memory_order_relaxed);
    t.generic += generic.load(std::memory_order_relaxed);
  }
};

/// The tiny path's counts as stats() adds them up. Blocks in use are those
/// started and not released; blocks being filled, those started and not
/// retired (tiny.h).
struct TinyTotals {
  std::uint64_t allocations = 0;
  std::uint64_t frees = 0;
  std::uint64_t generic = 0;
  std::uint64_t padding = 0;
  std::uint64_t started = 0;
  std::uint64_t retired = 0;
  std::uint64_t released = 0;
};

/// The tiny path's (tiny.h). Every count only grows, so that each thread
/// can keep its own: a block is started and retired by the thread that
/// fills it, and released by whichever frees its last object.
struct TinyCounters {
  std::atomic<std::uint64_t> allocations{0};
  std::atomic<std::uint64_t> frees{0};
  std::atomic<std::uint64_t> generic{0};
  std::atomic<std::uint64_t> padding{0};
  std::atomic<std::uint64_t> started{0};
  std::atomic<std::uint64_t> retired{0};
  std::atomic<std::uint64_t> released{0};

  void add_to(TinyTotals &t) const noexcept {
    t.allocations += allocations.load(std::memory_order_relaxed);
    t.frees += frees.load(std::memory_order_relaxed);
    t.generic += generic.load(std::memory_order_relaxed);
    t.padding += padding.load(std::memory_order_relaxed);
    t.started += started.load(std::memory_order_relaxed);
    t.retired += retired.load(std::memory_order_relaxed);
    t.released += released.load(std::memory_order_relaxed);
  }
};

/// Every thread's bin and tiny counts, added up (stats()).
struct CountTotals {
  BinTotals bins[kNumBins];
  TinyTotals tiny;
};

/// SIZESPEC_PLACEMENT's (placement.h): pairs of consecutive allocations
/// of a thread from one bin, and those sharing a line or a page.
struct PlacementCounters {
  std::atomic<std::uint64_t> pairs{0};
  std::atomic<std::uint64_t> same_line{0};
  std::atomic<std::uint64_t> same_page{0};
};

/// The process's counts: the bins' and the tiny path's of the threads that
/// have exited and of those past their exit, and the rest, which no thread
/// keeps (large allocations, memory given back, SIZESPEC_PLACEMENT).
struct Counters {
  BinCounters bins[kNumBins];
  TinyCounters tiny;
  PlacementCounters placement;
  std::atomic<std::uint64_t> large_allocations{0};
  std::atomic<std::uint64_t> large_bytes{0};
  std::atomic<std::uint64_t> bytes_returned{0};

  static void add(std::atomic<std::uint64_t> &c, std::uint64_t n) noexcept {
    if (n)
      c.fetch_add(n, std::memory_order_relaxed);
  }
};

/// Adds \p n (which may be negative) to a count that one writer at a time
/// writes (its thread, or the holder of the lock that guards it): no
/// atomic read-modify-write, no lock prefix; a reader elsewhere sees the
/// word whole, before or after.
template <class T>
inline void own_add(std::atomic<T> &c, std::type_identity_t<T> n) noexcept {
  c.store(c.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
}
SIZESPEC_INTERNAL extern Counters g_counters;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_COUNTERS_H
