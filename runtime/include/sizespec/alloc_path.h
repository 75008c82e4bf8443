//===- sizespec/alloc_path.h - The inline allocation -----------*- C++ -*-===//
//
// The fast path of every specialized routine: a pop of the calling thread's
// free list for one fixed bin (<sizespec/thread_cache.h>), one branch to the
// out-of-line refill (runtime/src/alloc.cc, thread_state.cc). The plugin's
// pass emits the same IR (plugin/pass/LowerSites.cpp).
//
// Included by <sizespec/sizespec.h>; valid C++11, no exceptions, no RTTI,
// reserved names only (see size_classes.h).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_ALLOC_PATH_H
#define SIZESPEC_ALLOC_PATH_H

#include <sizespec/bins.h>
#include <sizespec/config.h>
#include <sizespec/thread_cache.h>

#include <cstddef>

namespace sizespec {
namespace detail {

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
  ThreadCache &__tc = tls_cache;
  FreeObject *__p =
      pop_free(__tc.__alloc[__bin], __tc.__link_inverse, __tc.__link_bound);
  if (SIZESPEC_UNLIKELY(__p == nullptr))
    return Refill<_Nothrow>::__call(__bin + (_Array ? kRefillArray : 0), __size,
                                    __align);
  return __p;
}

/// The fast path of every specialized routine: pop the calling thread's free
/// list for one fixed bin. No size lookup, no branch on the type, no
/// counting; one branch to alloc_refill. On x86-64, 6 instructions: load
/// the head (%fs-relative), multiply by the key's inverse, compare with the
/// bound, branch, load its link, store the head (<sizespec/bins.h>).
/// \p __align is what an over-aligned site passes (0 otherwise); only the
/// slow path reads it.
template <unsigned _Bin, bool _Nothrow, bool _Array = false>
SIZESPEC_FAST_PATH void *
alloc_small(std::size_t __size, std::size_t __align = 0) noexcept(_Nothrow) {
  static_assert(_Bin < kNumBins, "no such bin");
  return alloc_small_in<_Nothrow, _Array>(_Bin, __size, __align);
}

} // namespace detail
} // namespace sizespec

#endif // SIZESPEC_ALLOC_PATH_H
