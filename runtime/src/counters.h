//===- counters.h - The process-wide stats counters ------------*- C++ -*-===//
//
// Updated in batches by slow paths (refill, flush, thread exit), never by a
// fast path; read by stats(). Relaxed atomics: each count is exact once the
// threads that contribute to it have synced.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_COUNTERS_H
#define SIZESPEC_RUNTIME_COUNTERS_H

#include <sizespec/bins.h>
#include <sizespec/config.h>

#include <atomic>
#include <cstdint>

namespace sizespec {

struct BinCounters {
  std::atomic<std::uint64_t> allocations{0};
  std::atomic<std::uint64_t> frees{0};
  std::atomic<std::uint64_t> generic{0};
};

/// The tiny path's (tiny.h). `blocks` and `current` go up and down: blocks
/// in use, and those being filled.
struct TinyCounters {
  std::atomic<std::uint64_t> allocations{0};
  std::atomic<std::uint64_t> frees{0};
  std::atomic<std::uint64_t> generic{0};
  std::atomic<std::uint64_t> padding{0};
  std::atomic<std::uint64_t> blocks{0};
  std::atomic<std::uint64_t> current{0};
};

/// SIZESPEC_PLACEMENT's (placement.h): pairs of consecutive allocations
/// of a thread from one bin, and those sharing a line or a page.
struct PlacementCounters {
  std::atomic<std::uint64_t> pairs{0};
  std::atomic<std::uint64_t> same_line{0};
  std::atomic<std::uint64_t> same_page{0};
};

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
SIZESPEC_INTERNAL extern Counters g_counters;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_COUNTERS_H
