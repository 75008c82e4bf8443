//===- free.h - The free path, from operator delete to the spans -*- C++
//-*-===//
//
// Every free, whatever form of operator delete it comes through
// (new_delete.cc) or sizespec::deallocate (api.cc), and the plugin's inline
// free behind its sized delete (plugin/pass/LowerDeletes.cpp):
//
//   free_any(p)                        the bin from the address alone
//    |  (free_sized(p, size): and the  free_mismatched (free.cc) if not:
//    |  size fits the bin)             a delete through the wrong type
//    |- a bin's object                 free_small -> detail::free_push
//    |    (<sizespec/free_path.h>)     push onto this thread's `freed` list,
//    |                                 one unit of the bin's budget
//    |    budget spent                 detail::free_flush (free.cc): the
//    |                                 whole list back to its spans,
//    |                                 central_give_back (central.cc); a
//    |                                 span with all its objects back is
//    |                                 empty, and the purge gives it back
//    |                                 to the OS after the delay
//    |- the thread's current tiny      detail::free_tiny_inline
//    |  block (<sizespec/tiny_path.h>) (count only)
//    |- another tiny block             tiny_free_other (free.cc): one off
//    |                                 the block's shared count; at zero the
//    |                                 block is free again (tiny.cc)
//    |- anything else (malloc'd,       free_foreign (free.cc): free(), or
//       large, foreign, null)          the program's own operator delete
//
// The local path is the same from any thread: memory moves between threads
// only through the spans (thread_state.h says why).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_FREE_H
#define SIZESPEC_RUNTIME_FREE_H

#include "debug.h"
#include "region.h"
#include "size_table.h"
#include "tiny.h"

#include <sizespec/config.h>
#include <sizespec/free_path.h>
#include <sizespec/tiny_path.h>

#include <cstddef>
#include <cstdint>

namespace sizespec {

/// The local free path (detail::free_push), after the debug build's checks.
SIZESPEC_FAST_PATH void free_small(void *p, std::uintptr_t b) noexcept {
  if constexpr (kDebug)
    debug_on_free(static_cast<unsigned>(b), p);
  detail::free_push(p, b);
}

/// Slow path of detail::free_tiny_inline: \p p is in a block other than the
/// calling thread's current one.
SIZESPEC_SLOW_PATH void tiny_free_other(void *p) noexcept;

/// The operator delete form a foreign pointer arrived through; it decides
/// where the pointer goes next (the standard library's delegation chain).
enum class DeleteForm : std::uint8_t {
  plain,
  sized,
  array,
  array_sized,
  aligned,
  aligned_sized,
  array_aligned,
  array_aligned_sized,
};

/// Slow path of free_any: memory the runtime did not hand out (malloc'd,
/// large objects, anything from before or beside it): the system allocator,
/// or the program's own operator delete when it replaced one (free.cc).
SIZESPEC_SLOW_PATH void free_foreign(DeleteForm f, void *p,
                                     std::size_t align = 0) noexcept;

/// Slow path of free_sized: a sized delete whose size is not one the
/// object, \p p of bin \p b, can have (delete_size_fits); \p above is the
/// size less the bin's smallest, kDeleteSizes.lo[b] (1 for a tiny block).
/// Stops the program, naming it; with hardening off, frees \p p as
/// free_any does (free.cc). A tail call, so that free_sized needs no stack
/// frame.
SIZESPEC_SLOW_PATH void free_mismatched(void *p, std::size_t above,
                                        std::uintptr_t b) noexcept;

/// free_any's path for what is not a bin's object.
template <DeleteForm f>
SIZESPEC_FAST_PATH void free_not_small(void *p, std::uintptr_t b,
                                       std::size_t align) noexcept {
  if (detail::free_tiny_inline(p))
    return;
  if (b == kTinyBin)
    tiny_free_other(p);
  else
    free_foreign(f, p, align);
}

/// Every operator delete: ownership and bin by address (no table, no
/// search), then the local free path. About 12 instructions. A tiny object
/// of the thread's current block is told by its block alone (the bin
/// follows); a bin's object costs nothing more.
template <DeleteForm f>
SIZESPEC_FAST_PATH void free_any(void *p, std::size_t align = 0) noexcept {
  std::uintptr_t b = bin_of_address(p);
  if (SIZESPEC_LIKELY(b < kNumBins))
    free_small(p, b); // b stays 64-bit: no truncation for GCC to emit
  else
    free_not_small<f>(p, b, align);
}

/// `operator delete(p, size)` and `operator delete[](p, size)`: free_any,
/// after checking that \p size is one the object's bin holds (four more
/// instructions; the plugin's inline free does it in its bin compare).
/// The aligned forms are not checked: an over-aligned object may sit in
/// any larger class.
template <DeleteForm f>
SIZESPEC_FAST_PATH void free_sized(void *p, std::size_t size) noexcept {
  std::uintptr_t b = bin_of_address(p);
  if (SIZESPEC_LIKELY(b < kNumBins)) {
    // As delete_size_fits, with the difference passed on, not the size:
    // the size then needs no copy in a register (two instructions).
    const std::size_t above = size - kDeleteSizes.lo[b];
    if (SIZESPEC_UNLIKELY(above > kDeleteSizes.width[b]))
      return free_mismatched(p, above, b);
    return free_small(p, b);
  }
  if (size > detail::kTinyMax) {
    // Not tiny (tiny objects are 1..kTinyMax bytes), or a wrong size.
    if (SIZESPEC_UNLIKELY(b == kTinyBin))
      return free_mismatched(p, size - 1, b);
    return free_foreign(f, p);
  }
  free_not_small<f>(p, b, 0);
}

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_FREE_H
