//===- sizespec/thread_cache.h - The inline fast path ----------*- C++ -*-===//
//
// The part of the thread cache that inline code touches: one free list per
// bin (<sizespec/bins.h>). Everything else about a thread's cache lives in
// the runtime (runtime/src/thread_cache.h).
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

/// What the inline fast paths read and write. POD and zero-initialized: a
/// new thread's lists are empty and its budgets are 0, so its first
/// allocation and its first free take the slow paths, which set it up.
///
/// Allocation pops `__alloc`; operator delete pushes onto `__freed` (a local
/// free list, as mimalloc's page->local_free). When `__alloc` runs dry,
/// the refill takes `__freed` whole. Keeping the two apart is what lets the
/// allocation fast path count nothing: between refills it can only have
/// popped what the last refill put there.
struct ThreadCache {
  FreeObject *__alloc[kNumBins];
  FreeObject *__freed[kNumBins];
  /// Frees left before operator delete calls the out-of-line flush.
  std::int16_t __free_budget[kNumBins];
  /// Allocations by the generic path since the last refill (it pays one
  /// increment; the specialized routines pay none).
  std::uint16_t __generic[kNumBins];
  /// The tiny path (alloc_tiny): pointer-free objects under 16 bytes are
  /// packed into the thread's current 16-byte block, from `__tiny_next` up
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
static_assert(sizeof(ThreadCache) <= 1328, "initial-exec TLS must stay small");

SIZESPEC_API extern __thread ThreadCache tls_cache SIZESPEC_TLS_MODEL;

/// Added to the bin argument of alloc_refill when the routine serves an array
/// new-expression (`new T[N]`).
constexpr unsigned kRefillArray = 0x100;

/// Slow path of alloc_small: refills bin \p __bin's list for the calling
/// thread and returns one object, or, when the runtime stands aside
/// (sanitizer, valgrind, a user-replaced operator new), returns what the
/// site's own operator new would: `::operator new(__size)`
/// (`::operator new[](__size)` with kRefillArray).
/// Throws std::bad_alloc (the library is built with exceptions, so inline
/// code compiled with -fno-exceptions never needs `throw`).
SIZESPEC_API SIZESPEC_SLOW_PATH void *alloc_refill(unsigned __bin,
                                                   std::size_t __size);
/// The same, returning null on failure; standing aside, it calls the
/// nothrow `::operator new(__size, std::nothrow)`.
SIZESPEC_API SIZESPEC_SLOW_PATH void *
alloc_refill_nothrow(unsigned __bin, std::size_t __size) noexcept;
/// The same for a site that passes its alignment (an over-aligned type in
/// C++17): standing aside, `::operator new(__size, std::align_val_t)`.
SIZESPEC_API SIZESPEC_SLOW_PATH void *
alloc_refill_aligned(unsigned __bin, std::size_t __size, std::size_t __align);
SIZESPEC_API SIZESPEC_SLOW_PATH void *
alloc_refill_aligned_nothrow(unsigned __bin, std::size_t __size,
                             std::size_t __align) noexcept;

template <bool _Nothrow> struct Refill {
  static void *__call(unsigned __bin, std::size_t __size, std::size_t __align) {
    return __align ? alloc_refill_aligned(__bin, __size, __align)
                   : alloc_refill(__bin, __size);
  }
};
template <> struct Refill<true> {
  static void *__call(unsigned __bin, std::size_t __size,
                      std::size_t __align) noexcept {
    return __align ? alloc_refill_aligned_nothrow(__bin, __size, __align)
                   : alloc_refill_nothrow(__bin, __size);
  }
};

/// alloc_small for a bin that is a constant only once inlined (the typed
/// path's constant sizes): the same code when \p __bin folds.
template <bool _Nothrow, bool _Array = false>
SIZESPEC_FAST_PATH void *
alloc_small_in(unsigned __bin, std::size_t __size,
               std::size_t __align = 0) noexcept(_Nothrow) {
  FreeObject *__p = pop_free(tls_cache.__alloc[__bin]);
  if (SIZESPEC_UNLIKELY(__p == nullptr))
    return Refill<_Nothrow>::__call(__bin + (_Array ? kRefillArray : 0), __size,
                                    __align);
  return __p;
}

/// The fast path of every specialized routine: pop the calling thread's free
/// list for one fixed bin. No size lookup, no branch on the type, no
/// counting; one branch to alloc_refill. On x86-64, 5 instructions: load
/// the head (%fs-relative), test, branch, load its `next`, store the head.
/// \p __align is what an over-aligned site passes (0 otherwise); only the
/// slow path reads it.
template <unsigned _Bin, bool _Nothrow, bool _Array = false>
SIZESPEC_FAST_PATH void *
alloc_small(std::size_t __size, std::size_t __align = 0) noexcept(_Nothrow) {
  static_assert(_Bin < kNumBins, "no such bin");
  return alloc_small_in<_Nothrow, _Array>(_Bin, __size, __align);
}

// --- The inline free --------------------------------------------------------

/// The region's geometry, for free_inline: a pointer's bin is
/// (p >> __shift) - __base_index. The normal build sets it once, when it
/// reserves the region, base index first. Until then, and always in the
/// debug build (whose frees are all checked), it stays {2, 63}: (p >> 63) - 2
/// is never below kNumBins, so every inline free calls operator delete.
struct InlineFreeRegion {
  std::uintptr_t __base_index;
  unsigned __shift;
};
SIZESPEC_API extern InlineFreeRegion inline_free_region;

/// Slow path of free_push: bin \p __bin's free budget is spent (or the
/// thread has no cache yet, or is past its exit destructor). Gives objects
/// back to the central bin if the list is over its cap.
SIZESPEC_API SIZESPEC_SLOW_PATH void free_flush(unsigned __bin) noexcept;

/// The local free: pushes \p __p onto the calling thread's `freed` list for
/// bin \p __bin, whichever thread allocated it, and spends one unit of the
/// bin's budget; when it runs out, free_flush. Every operator delete ends
/// here, and so does free_inline.
SIZESPEC_FAST_PATH void free_push(void *__p, std::uintptr_t __bin) noexcept {
  ThreadCache &__tc = tls_cache;
  FreeObject *__o = static_cast<FreeObject *>(__p);
  __o->__next = __tc.__freed[__bin];
  __tc.__freed[__bin] = __o;
  // Written so that Clang emits `decw %fs:...; js` (for `--x < 0` it
  // reloads and compares the old value: three more instructions).
  std::int16_t __left;
  __builtin_sub_overflow(__tc.__free_budget[__bin], 1, &__left);
  __tc.__free_budget[__bin] = __left;
  if (SIZESPEC_UNLIKELY(__left < 0))
    free_flush(static_cast<unsigned>(__bin));
}

/// What the plugin emits inline for `operator delete(p, N)` with a constant
/// N of a small size (plugin/pass/LowerDeletes.cpp): the bin from the address
/// (a pointer-free type allocated in a translation unit without the plugin
/// lives in a scan bin), then the local free; false, with nothing done, for
/// anything else (null, a tiny block, a large object, memory the runtime did
/// not hand out, the debug build), which the caller hands to operator
/// delete. About 11 instructions, no call.
SIZESPEC_FAST_PATH bool free_inline(void *__p) noexcept {
  std::uintptr_t __bin =
      (reinterpret_cast<std::uintptr_t>(__p) >> inline_free_region.__shift) -
      inline_free_region.__base_index;
  if (SIZESPEC_UNLIKELY(__bin >= kNumBins))
    return false;
  free_push(__p, __bin);
  return true;
}

// --- The tiny path ---------------------------------------------------------

/// Pointer-free objects of 1..kTinyMax bytes may be packed, one after
/// another, into shared blocks of kTinyBlock bytes (Go's tiny allocator).
/// A block is reused once every object in it has been freed.
constexpr std::size_t kTinyBlock = 16;
constexpr std::size_t kTinyMax = kTinyBlock - 1;

constexpr bool is_tiny_size(std::size_t __size) {
  return __size >= 1 && __size <= kTinyMax;
}

/// The alignment a tiny object of \p __size bytes gets: its type's
/// alignment divides its size, so the size's lowest set bit (at most 8 below
/// 16). An array new-expression's size may include an 8-byte cookie (then
/// it is 9 or more): above 8 bytes an array gets 8.
constexpr std::size_t tiny_align(std::size_t __size, bool __array) {
  return __array && __size > 8 ? 8 : (__size & (~__size + 1));
}

/// Slow path of alloc_tiny: starts a new block (the current one has no room
/// or there is none yet) and returns the object, or, when the runtime stands
/// aside, what the site's own operator new would (`::operator new[]` with
/// kRefillArray in \p __flags). Throws std::bad_alloc.
SIZESPEC_API SIZESPEC_SLOW_PATH void *alloc_tiny_refill(unsigned __flags,
                                                        std::size_t __size);
/// The same, returning null on failure.
SIZESPEC_API SIZESPEC_SLOW_PATH void *
alloc_tiny_refill_nothrow(unsigned __flags, std::size_t __size) noexcept;

template <bool _Nothrow> struct TinyRefill {
  static void *__call(unsigned __flags, std::size_t __size) {
    return alloc_tiny_refill(__flags, __size);
  }
};
template <> struct TinyRefill<true> {
  static void *__call(unsigned __flags, std::size_t __size) noexcept {
    return alloc_tiny_refill_nothrow(__flags, __size);
  }
};

/// The tiny fast path's bump: places the calling thread's next \p __size
/// bytes in its current block, aligned to \p __align, at \p __p, and counts
/// them; false when the block has no room (or there is none yet: both
/// bounds are 0). No atomics: other threads only touch a block's count when
/// they free into it.
SIZESPEC_FAST_PATH bool tiny_bump(std::size_t __size, std::uintptr_t __align,
                                  std::uintptr_t &__p) noexcept {
  ThreadCache &__tc = tls_cache;
  const std::uintptr_t __next = __tc.__tiny_next;
  __p = (__next + __align - 1) & ~(__align - 1);
  if (SIZESPEC_UNLIKELY(__p + __size > __tc.__tiny_end))
    return false;
  __tc.__tiny_next = __p + __size;
  ++__tc.__tiny_allocs;
  // A branch, not an add of 0: a store each time would chain the pairs.
  if (__align > 1 && __p != __next)
    __tc.__tiny_pad += __p - __next;
  return true;
}

/// The tiny fast path, for \p __size in 1..kTinyMax: the bump, else one
/// branch to alloc_tiny_refill.
template <bool _Nothrow, bool _Array = false>
SIZESPEC_FAST_PATH void *alloc_tiny(std::size_t __size) noexcept(_Nothrow) {
  std::uintptr_t __p;
  if (SIZESPEC_LIKELY(tiny_bump(__size, tiny_align(__size, _Array), __p)))
    return reinterpret_cast<void *>(__p);
  return TinyRefill<_Nothrow>::__call(_Array ? kRefillArray : 0, __size);
}

/// The tiny path's local free: \p __p is in the calling thread's current
/// block (a null or foreign \p __p never is: no block ends at 16). It only
/// counts; when every object handed out from the block is back, the block
/// starts over at its first byte. False if \p __p is elsewhere. Every
/// operator delete tries it after the bins; the plugin's inline free of a
/// size under 16 too.
SIZESPEC_FAST_PATH bool free_tiny_inline(void *__p) noexcept {
  ThreadCache &__tc = tls_cache;
  std::uintptr_t __blk =
      reinterpret_cast<std::uintptr_t>(__p) & ~(kTinyBlock - 1);
  std::uintptr_t __end = __tc.__tiny_end;
  if (SIZESPEC_UNLIKELY(__blk + kTinyBlock != __end))
    return false;
  // The block's start from its end, not from __p: the next allocation's
  // address must not wait for this one's (a new/delete loop would chain
  // each pair through memory). The compiler must not see that they are
  // equal, or it would use __blk.
  __asm__("" : "+r"(__end));
  if (++__tc.__tiny_frees == __tc.__tiny_allocs)
    __tc.__tiny_next = __end - kTinyBlock;
  return true;
}

} // namespace detail
} // namespace sizespec

#endif // SIZESPEC_THREAD_CACHE_H
