//===- sizespec/stats.h - Allocation statistics ----------------*- C++ -*-===//
//
// Like Go's runtime/metrics: what the runtime has done, per (class, scan).
//
// Counts are gathered in batches: a thread folds its counts in at refill,
// flush and exit, and stats() folds in the calling thread's own counts
// first. So a single thread, or any set of threads after they are joined,
// reads exact figures; counts of threads still running may lag by one
// cache's worth.
//
// SIZESPEC_STATS=1 in the environment prints print_stats()'s table to
// stderr at exit.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_STATS_H
#define SIZESPEC_STATS_H

#include <sizespec/config.h>
#include <sizespec/mode.h>
#include <sizespec/size_classes.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>

namespace sizespec {

/// Counts for one (class, scan) pair.
struct ClassStats {
  std::uint64_t allocations;  ///< objects handed out (specialized + generic)
  std::uint64_t frees;        ///< objects given back
  std::uint64_t specialized;  ///< allocations by an alloc_*_scN routine
  std::uint64_t generic;      ///< allocations by the generic path
  std::uint64_t bytes_in_use; ///< (allocations - frees) * class size
  std::uint64_t spans;        ///< spans holding objects of this pair
};

/// The tiny path: pointer-free objects of 1..15 bytes packed into shared
/// 32-byte blocks (like Go's /gc/heap/tiny/allocs:objects). A block is
/// reused once every object in it has been freed.
struct TinyStats {
  std::uint64_t allocations; ///< objects packed (specialized + generic)
  std::uint64_t frees;
  std::uint64_t specialized; ///< by alloc_noscan_tiny (the plugin's sites)
  std::uint64_t generic;     ///< by the typed runtime-size path
  std::uint64_t blocks;      ///< blocks in use: being filled or holding one
  /// Blocks in use that take no more objects: each is kept by its live
  /// objects, however few, and `pinned_bytes` (16 a block) with it.
  std::uint64_t pinned_blocks;
  std::uint64_t pinned_bytes;
  /// Bytes of blocks never handed out, so far: skipped to align an object,
  /// or left at the end of a block too full for the next one.
  std::uint64_t padding_bytes;
  std::uint64_t spans; ///< spans holding blocks in use
};

struct Stats {
  /// Indexed [class][scan]; class 0 is unused.
  ClassStats classes[kNumClasses + 1][2];
  TinyStats tiny;
  /// Allocations above kMaxSmallSize, or over-aligned, served by the system
  /// allocator (their frees are not told apart from other foreign frees).
  std::uint64_t large_allocations;
  std::uint64_t large_bytes;
  std::uint64_t spans_held;      ///< spans holding objects, all pairs
  std::uint64_t spans_cached;    ///< empty spans kept committed for reuse
  std::uint64_t bytes_committed; ///< span memory currently committed
  std::uint64_t bytes_returned;  ///< span memory given back (madvise)
  Mode mode;                     ///< <sizespec/mode.h>

  const ClassStats &at(unsigned size_class, bool scan) const {
    return classes[size_class][scan ? 1 : 0];
  }
};

/// A snapshot of the counts (see the batching note above).
SIZESPEC_API Stats stats() noexcept;

/// Prints the stats table to \p out (the format SIZESPEC_STATS=1 uses).
SIZESPEC_API void print_stats(std::FILE *out) noexcept;
/// Prints the stats as one line of JSON to \p out (SIZESPEC_STATS=json;
/// the keys: <sizespec/stats_format.h>).
SIZESPEC_API void print_stats_json(std::FILE *out) noexcept;

/// Writes the sampled allocation profile (SIZESPEC_PROFILE=FILE turns it
/// on; SIZESPEC_PROFILE_RATE=BYTES sets the mean interval between samples,
/// 512 KiB by default) to \p path, "%p" in it the process id; null: the
/// file SIZESPEC_PROFILE names, as at exit. The format is
/// docs/interfaces.md's "The allocation profile"; `sizespec-report
/// --profile FILE PROGRAM` reads it. False if it could not be written (or
/// no path is known).
SIZESPEC_API bool write_profile(const char *path = nullptr) noexcept;

/// What the runtime knows about one address.
struct ObjectInfo {
  bool ours;           ///< inside the runtime's spans
  unsigned size_class; ///< 0 if not ours, or tiny
  bool scan;           ///< the span's kind
  bool tiny;           ///< in a tiny block (pointer-free)
};
/// O(1), by address; any pointer is fine.
SIZESPEC_API ObjectInfo object_info(const void *p) noexcept;

} // namespace sizespec

#endif // SIZESPEC_STATS_H
