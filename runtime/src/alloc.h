//===- alloc.h - The generic allocation fast path --------------*- C++ -*-===//
//
// The layer under the public entry points (api.cc, new_delete.cc): a generic
// allocation pops the same thread lists as the specialized routines, after a
// table lookup. Everything else is out of line in alloc.cc. The free path
// is free.h.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_ALLOC_H
#define SIZESPEC_RUNTIME_ALLOC_H

#include "debug.h"
#include "region.h"
#include "size_table.h"
#include "thread_state.h"

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
constexpr const SizeTable &size_table_for(Entry e) {
  return e == Entry::typed_scan     ? kScanBins
         : e == Entry::typed_noscan ? kNoscanBins
                                    : kNewBins;
}

/// Slow path of alloc_generic (and of every allocation the runtime does not
/// serve from a list): refill, the large-object path, or the standard
/// behaviour when the runtime is not active. Size 0 < Align means aligned.
SIZESPEC_SLOW_PATH void *alloc_slow(Entry e, std::size_t size,
                                    std::size_t align = 0);
SIZESPEC_SLOW_PATH void *alloc_slow_nothrow(Entry e, std::size_t size,
                                            std::size_t align = 0) noexcept;

/// Slow path of the typed runtime-size path for a pointer-free tiny size
/// (alloc_generic_noscan): a new tiny block, or the standard behaviour when
/// the runtime is not active.
SIZESPEC_SLOW_PATH void *alloc_tiny_generic_slow(std::size_t size);

/// The generic fast path: a size-table lookup, then the same pop as the
/// specialized routines, counting into `generic`. About 10 instructions.
template <Entry e, bool nothrow>
SIZESPEC_FAST_PATH void *alloc_generic(std::size_t size) noexcept(nothrow) {
  if (SIZESPEC_LIKELY(size <= kMaxSmallSize)) {
    unsigned b = size_table_for(e)[size_step(size)];
    ThreadCache &tc = tls_cache;
    if (FreeObject *p =
            pop_free(tc.__alloc[b], tc.__link_inverse, tc.__link_bound);
        SIZESPEC_LIKELY(p != nullptr)) {
      ++tc.__generic[b];
      return p;
    }
  }
  if constexpr (nothrow)
    return alloc_slow_nothrow(e, size);
  else
    return alloc_slow(e, size);
}

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_ALLOC_H
