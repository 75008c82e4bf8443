//===- sizespec/free_path.h - The inline free ------------------*- C++ -*-===//
//
// The local free: a push onto the calling thread's `freed` list for the
// object's bin, found from its address, one branch to the out-of-line flush
// when the bin's budget is spent. Every operator delete ends here
// (runtime/src/free.h walks the whole free path), and so does the free the
// plugin's pass emits inline for a sized delete (plugin/pass/LowerDeletes.cpp).
//
// Included by <sizespec/sizespec.h>; valid C++11, no exceptions, no RTTI,
// reserved names only (see size_classes.h).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_FREE_PATH_H
#define SIZESPEC_FREE_PATH_H

#include <sizespec/bins.h>
#include <sizespec/config.h>
#include <sizespec/thread_cache.h>

#include <cstddef>
#include <cstdint>

namespace sizespec {
namespace detail {

/// The region's geometry, for free_inline: a pointer's bin is
/// (p >> __shift) - __base_index. __class_base[C - 1] is the index of class
/// C's first bin, __base_index + bin_of(C, false): the plugin's inline free
/// of `operator delete(p, Size)` subtracts the base of the size's first
/// class, and one compare both finds the bin and checks that it holds
/// objects of that size (sized_delete_class_min..max).
/// The normal build sets it once, when it reserves the region, bases
/// first. Until then, and always in the debug build (whose frees are all
/// checked), every base stays 2 and the shift 63: (p >> 63) - 2 is never
/// below kNumBins, so every inline free calls operator delete.
struct InlineFreeRegion {
  std::uintptr_t __base_index;
  unsigned __shift;
  std::uintptr_t __class_base[kNumClasses];
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
  push_free(__tc.__freed[__bin], static_cast<FreeObject *>(__p),
            __tc.__link_key);
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
/// not hand out, an object of a class \p __size bytes cannot be in, the
/// debug build), which the caller hands to operator delete. With \p __size a
/// constant, the compare that finds the bin also checks its class (from
/// the first bin of sized_delete_class_min to the last of ..._max). About
/// 11 instructions, no call.
SIZESPEC_FAST_PATH bool free_inline(void *__p, std::size_t __size) noexcept {
  const unsigned __first = sized_delete_class_min(__size);
  const std::uintptr_t __bins =
      2 * (1 + sized_delete_class_max(__size) - __first);
  const std::uintptr_t __in_classes =
      (reinterpret_cast<std::uintptr_t>(__p) >> inline_free_region.__shift) -
      inline_free_region.__class_base[__first - 1];
  if (SIZESPEC_UNLIKELY(__in_classes >= __bins))
    return false;
  free_push(__p, __in_classes + bin_of(__first, false));
  return true;
}

} // namespace detail
} // namespace sizespec

#endif // SIZESPEC_FREE_PATH_H
