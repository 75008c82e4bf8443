//===- central.h - Per-bin span lists shared by all threads ----*- C++ -*-===//
//
// The middle layer. Each bin has its own lock and span lists; thread caches
// come here in batches (refill, flush), never per object. A span that gets
// all its objects back becomes empty: a few stay committed for reuse, the
// rest are given back to the OS at once (madvise), which is what brings RSS
// down after a mass free.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_CENTRAL_H
#define SIZESPEC_RUNTIME_CENTRAL_H

#include "span.h"

#include <cstdint>

namespace sizespec {

/// A chain of free objects linked through their first word.
struct Batch {
  FreeObject *head = nullptr;
  std::uint32_t count = 0;
};

enum class TakeStatus {
  ok,            ///< at least one object
  exhausted,     ///< the bin's address range is full
  out_of_memory, ///< the OS (or the test commit limit) refused memory
};

/// Takes up to \p Want objects of bin \p B into \p Out.
TakeStatus central_take(unsigned B, std::uint32_t Want, Batch &Out) noexcept;

/// Gives back a chain of objects, all of bin \p B, null-terminated.
void central_give_back(unsigned B, FreeObject *Head) noexcept;

/// Spans of bin \p B holding objects, and empty ones kept committed.
std::uint32_t central_spans_in_use(unsigned B) noexcept;
std::uint32_t central_spans_cached(unsigned B) noexcept;

/// Objects per span in bin \p B.
std::uint32_t span_capacity(unsigned B) noexcept;

/// Around fork(): hold every bin lock so the child sees consistent lists.
void central_lock_all() noexcept;
void central_unlock_all() noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_CENTRAL_H
