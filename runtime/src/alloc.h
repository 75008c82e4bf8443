//===- alloc.h - The generic fast paths and the local free ----*- C++ -*-===//
//
// The layer under the public entry points (api.cc, new_delete.cc): a generic
// allocation pops the same thread lists as the specialized routines, after a
// table lookup; every operator delete recognizes the runtime's memory by
// address and pushes it onto the calling thread's list (the local path,
// whichever thread allocated it). Everything else is out of line in
// alloc.cc.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_ALLOC_H
#define SIZESPEC_RUNTIME_ALLOC_H

#include "debug.h"
#include "region.h"
#include "size_table.h"
#include "thread_cache.h"
#include "tiny.h"

#include <sizespec/config.h>

#include <cstddef>
#include <cstdint>
#include <new>

namespace sizespec {

/// The public entry an allocation came through. It picks the size table,
/// whether the allocation counts as specialized, and what the entry does
/// when the runtime is not active (see runtime.h).
enum class Entry : std::uint8_t {
  routine,       ///< alloc_*_scN<T>, T not an array
  routine_array, ///< alloc_*_scN<T[N]>
  op_new,        ///< operator new(size_t)
  op_new_array,  ///< operator new[](size_t)
  op_new_aligned,
  op_new_array_aligned,
  api_new,      ///< sizespec::allocate: like operator new
  typed_scan,   ///< alloc_scan<T> with a run-time size
  typed_noscan, ///< alloc_noscan<T> with a run-time size
  typed_aligned ///< alloc_*<T> for an over-aligned T (scan: rare enough)
};

/// The size-to-bin table of a generic entry: operator new's alignment for
/// the operator-new-like entries, class_of's for the typed ones.
constexpr const SizeTable &size_table_for(Entry E) {
  return E == Entry::typed_scan     ? kScanBins
         : E == Entry::typed_noscan ? kNoscanBins
                                    : kNewBins;
}

/// Slow path of alloc_generic (and of every allocation the runtime does not
/// serve from a list): refill, the large-object path, or the standard
/// behaviour when the runtime is not active. Size 0 < Align means aligned.
SIZESPEC_SLOW_PATH void *alloc_slow(Entry E, std::size_t Size,
                                    std::size_t Align = 0);
SIZESPEC_SLOW_PATH void *alloc_slow_nothrow(Entry E, std::size_t Size,
                                            std::size_t Align = 0) noexcept;

/// Slow path of the typed runtime-size path for a pointer-free tiny size
/// (alloc_generic_noscan): a new tiny block, or the standard behaviour when
/// the runtime is not active.
SIZESPEC_SLOW_PATH void *alloc_tiny_generic_slow(std::size_t Size);

/// The generic fast path: a size-table lookup, then the same pop as the
/// specialized routines, counting into `generic`. About 10 instructions.
template <Entry E, bool Nothrow>
SIZESPEC_FAST_PATH void *alloc_generic(std::size_t Size) noexcept(Nothrow) {
  if (SIZESPEC_LIKELY(Size <= kMaxSmallSize)) {
    unsigned B = size_table_for(E)[size_step(Size)];
    ThreadCache &TC = tls_cache;
    if (FreeObject *P = pop_free(TC.__alloc[B]);
        SIZESPEC_LIKELY(P != nullptr)) {
      ++TC.__generic[B];
      return P;
    }
  }
  if constexpr (Nothrow)
    return alloc_slow_nothrow(E, Size);
  else
    return alloc_slow(E, Size);
}

/// The local free path (detail::free_push), after the debug build's checks.
SIZESPEC_FAST_PATH void free_small(void *P, std::uintptr_t B) noexcept {
  if constexpr (kDebug)
    debug_on_free(static_cast<unsigned>(B), P);
  detail::free_push(P, B);
}

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
/// or the program's own operator delete when it replaced one.
SIZESPEC_SLOW_PATH void free_foreign(DeleteForm F, void *P,
                                     std::size_t Align = 0) noexcept;

/// Every operator delete: ownership and bin by address (no table, no
/// search), then the local free path. About 12 instructions. A tiny object
/// of the thread's current block is told by its block alone (the bin
/// follows); a bin's object costs nothing more.
template <DeleteForm F>
SIZESPEC_FAST_PATH void free_any(void *P, std::size_t Align = 0) noexcept {
  std::uintptr_t B = bin_of_address(P);
  if (SIZESPEC_LIKELY(B < kNumBins))
    free_small(P, B); // B stays 64-bit: no truncation for GCC to emit
  else if (detail::free_tiny_inline(P))
    return;
  else if (B == kTinyBin)
    tiny_free_other(P);
  else
    free_foreign(F, P, Align);
}

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_ALLOC_H
