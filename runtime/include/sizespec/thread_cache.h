//===- sizespec/thread_cache.h - What inline code reads and writes -*- C++
//-*-===//
//
// The part of a thread's cache that inline code touches: one free list per
// bin (<sizespec/bins.h>) to allocate from and one to free onto, a budget of
// frees, and the tiny path's current block. The inline paths that use it,
// one header each: <sizespec/alloc_path.h> (the pop), <sizespec/free_path.h>
// (the push), <sizespec/tiny_path.h> (the bump). Everything else about a
// thread's cache lives in the runtime (runtime/src/thread_state.h).
//
// Included by <sizespec/sizespec.h>; valid C++11, no exceptions, no RTTI,
// reserved names only (see size_classes.h).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_THREAD_CACHE_H
#define SIZESPEC_THREAD_CACHE_H

#include <sizespec/bins.h>
#include <sizespec/config.h>

#include <cstddef>
#include <cstdint>

namespace sizespec {

namespace detail {

/// What the inline fast paths read and write. POD: a new thread's lists
/// are empty and its budgets are 0, so its first allocation and its first
/// free take the slow paths, which set it up.
///
/// Allocation pops `__alloc`; operator delete pushes onto `__freed` (a local
/// free list, as mimalloc's page->local_free). When `__alloc` runs dry,
/// the refill takes `__freed` whole. Keeping the two apart is what lets the
/// allocation fast path count nothing: between refills it can only have
/// popped what the last refill put there.
///
/// The lists' heads and links are encoded (<sizespec/bins.h>): the pops
/// decode a head with `__link_inverse` and compare it with `__link_bound`,
/// the pushes encode with `__link_key`. A new thread starts with keys of 1,
/// a bound of 0 and every list at kListEnd (kInitialThreadCache, in the
/// runtime), so every pop takes the slow path until it is set up, and a
/// free before that pushes under key 1, which the set-up re-encodes.
struct ThreadCache {
  std::uintptr_t __link_bound;
  /// Not at offset 0: the inline free reads it in a block of its own, where
  /// Clang folds a %fs-relative load only behind an address computation.
  std::uintptr_t __link_key;
  std::uintptr_t __link_inverse;
  std::uintptr_t __alloc[kNumBins];
  std::uintptr_t __freed[kNumBins];
  /// Frees left before operator delete calls the out-of-line flush.
  std::int16_t __free_budget[kNumBins];
  /// Allocations by the generic path since the last refill (it pays one
  /// increment; the specialized routines pay none).
  std::uint16_t __generic[kNumBins];
  /// The tiny path (alloc_tiny): pointer-free objects under 16 bytes are
  /// packed into the thread's current 32-byte block, from `__tiny_next` up
  /// to `__tiny_end` (both 0 until the first tiny allocation). The counts
  /// sit apart, so that no compiler merges their increments into one vector
  /// operation.
  ///
  /// Objects handed out from the current block, and those of them this
  /// thread has freed: when the two meet, the block is empty and starts
  /// over (runtime/src/tiny.h). Two counts that only go up, one per path:
  /// a pair of them costs one increment each, not a chain of two on one.
  std::uint64_t __tiny_allocs;
  std::uintptr_t __tiny_next;
  std::uint64_t __tiny_frees;
  std::uintptr_t __tiny_end;
  /// Bytes skipped to align tiny objects (a stat).
  std::uint64_t __tiny_pad;
  /// The slow paths' own state for this thread (runtime/src), off the TLS
  /// block: null until the thread's first slow path.
  void *__state;
};
// This is the runtime's whole TLS block. A library loaded by dlopen gets
// initial-exec TLS from a surplus glibc shares among all such libraries
// (1520 bytes in glibc 2.36: 7 x 144 + 512), so it stays this small
// (test/runtime/dlopen_test.cc loads it that way).
static_assert(sizeof(ThreadCache) <= 1352, "initial-exec TLS must stay small");

SIZESPEC_API extern __thread ThreadCache tls_cache SIZESPEC_TLS_MODEL;

} // namespace detail
} // namespace sizespec

#endif // SIZESPEC_THREAD_CACHE_H
