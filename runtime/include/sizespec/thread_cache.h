//===- sizespec/thread_cache.h - The inline fast path ----------*- C++ -*-===//
//
// The part of the thread cache that inline code touches: one free list per
// bin (<sizespec/bins.h>). Everything else about a thread's cache lives in
// the runtime (runtime/src/thread_cache.h).
//
// Included by <sizespec/sizespec.h>; valid C++11, no exceptions, no RTTI.
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

/// What the inline fast paths read and write. POD and zero-initialized: a
/// new thread's lists are empty and its budgets are 0, so its first
/// allocation and its first free take the slow paths, which set it up.
///
/// Allocation pops `alloc`; operator delete pushes onto `freed` (a local
/// free list, as mimalloc's page->local_free). When `alloc` runs dry, the
/// refill takes `freed` whole. Keeping the two apart is what lets the
/// allocation fast path count nothing: between refills it can only have
/// popped what the last refill put there.
struct ThreadCache {
  FreeObject *alloc[kNumBins];
  FreeObject *freed[kNumBins];
  /// Frees left before operator delete calls the out-of-line flush.
  std::int16_t free_budget[kNumBins];
  /// Allocations by the generic path since the last refill (it pays one
  /// increment; the specialized routines pay none).
  std::uint16_t generic[kNumBins];
  /// The slow paths' own state for this thread (runtime/src), off the TLS
  /// block: null until the thread's first slow path.
  void *state;
};
// This is the runtime's whole TLS block. A library loaded by dlopen gets
// initial-exec TLS from a surplus glibc shares among all such libraries
// (about 1.5 KiB in all), so it stays this small.
static_assert(sizeof(ThreadCache) <= 1288, "initial-exec TLS must stay small");

SIZESPEC_API extern __thread ThreadCache tls_cache SIZESPEC_TLS_MODEL;

/// Added to the bin argument of alloc_refill when the routine serves an array
/// new-expression (`new T[N]`).
constexpr unsigned kRefillArray = 0x100;

/// Slow path of alloc_small: refills bin \p Bin's list for the calling thread
/// and returns one object, or, when the runtime stands aside (sanitizer,
/// valgrind, a user-replaced operator new), returns `::operator new(Size)`
/// (`::operator new[](Size)` with kRefillArray).
/// Throws std::bad_alloc (the library is built with exceptions, so inline
/// code compiled with -fno-exceptions never needs `throw`).
SIZESPEC_API SIZESPEC_SLOW_PATH void *alloc_refill(unsigned Bin,
                                                   std::size_t Size);
/// The same, returning null on failure.
SIZESPEC_API SIZESPEC_SLOW_PATH void *
alloc_refill_nothrow(unsigned Bin, std::size_t Size) noexcept;

template <bool Nothrow> struct Refill {
  static void *call(unsigned Bin, std::size_t Size) {
    return alloc_refill(Bin, Size);
  }
};
template <> struct Refill<true> {
  static void *call(unsigned Bin, std::size_t Size) noexcept {
    return alloc_refill_nothrow(Bin, Size);
  }
};

/// alloc_small for a bin that is a constant only once inlined (the typed
/// path's constant sizes): the same code when \p Bin folds.
template <bool Nothrow, bool Array = false>
SIZESPEC_FAST_PATH void *alloc_small_in(unsigned Bin,
                                        std::size_t Size) noexcept(Nothrow) {
  FreeObject *P = pop_free(tls_cache.alloc[Bin]);
  if (SIZESPEC_UNLIKELY(P == nullptr))
    return Refill<Nothrow>::call(Bin + (Array ? kRefillArray : 0), Size);
  return P;
}

/// The fast path of every specialized routine: pop the calling thread's free
/// list for one fixed bin. No size lookup, no branch on the type, no
/// counting; one branch to alloc_refill. On x86-64, 5 instructions: load
/// the head (%fs-relative), test, branch, load its `next`, store the head.
template <unsigned Bin, bool Nothrow, bool Array = false>
SIZESPEC_FAST_PATH void *alloc_small(std::size_t Size) noexcept(Nothrow) {
  static_assert(Bin < kNumBins, "no such bin");
  return alloc_small_in<Nothrow, Array>(Bin, Size);
}

} // namespace detail
} // namespace sizespec

#endif // SIZESPEC_THREAD_CACHE_H
