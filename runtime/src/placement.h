//===- placement.h - Where consecutive allocations land --------*- C++ -*-===//
//
// SIZESPEC_PLACEMENT=1: for each pair of consecutive allocations of a
// thread from one bin, whether the second object shares a cache line or a
// page with the first. An inline pop takes the next object of the list the
// last refill installed, so walking that list at the refill counts every
// pair the fast path will hand out, with the last object of the previous
// list before it. Off, it costs the refill one load of a flag. stats.cc
// prints the counts (a `placement` line in the table, a `placement` object
// in the JSON); bench/tools/placement counts the same pairs for other
// allocators from outside.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_PLACEMENT_H
#define SIZESPEC_RUNTIME_PLACEMENT_H

#include <sizespec/bins.h>

#include <cstdint>

namespace sizespec {

/// Whether to count (SIZESPEC_PLACEMENT); the counts are
/// g_counters.placement (counters.h).
SIZESPEC_INTERNAL extern bool g_placement_on;

/// Reads SIZESPEC_PLACEMENT (at the runtime's start).
void placement_init() noexcept;

/// Counts the pairs a list of \p len objects of bin \p b from \p list
/// will hand out, \p last (the bin's previous object handed out, 0 if
/// none) first; leaves \p last at the list's final object.
void placement_count(unsigned b, std::uintptr_t &last,
                     const detail::FreeObject *list,
                     std::uint32_t len) noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_PLACEMENT_H
