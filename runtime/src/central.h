//===- central.h - Per-bin span lists shared by all threads ----*- C++ -*-===//
//
// The middle layer. Each bin has its own lock and span lists; thread caches
// come here in batches (refill, flush), never per object. A span that gets
// all its objects back becomes empty and stays committed, ready for reuse.
// Once it has stayed empty for the purge delay its pages go back to the OS
// (madvise), a couple per bin excepted: like Go's scavenger and jemalloc's
// decay, so a program that frees and rebuilds a structure does not fault its
// pages in again each time, while RSS still comes down after a mass free.
// The bins purge lazily, every half delay at most, when a refill or a flush
// comes to them; the background purge (purge.h), if the program asks for
// it, gives back what is left while nothing comes.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_CENTRAL_H
#define SIZESPEC_RUNTIME_CENTRAL_H

#include "span.h"

#include <cstddef>
#include <cstdint>

namespace sizespec {

/// A chain of free objects linked through their first word.
struct Batch {
  FreeObject *head = nullptr;
  std::uint32_t count = 0;
};

/// Takes up to \p want objects of bin \p b into \p out: a span's whole
/// free list, unread, if it holds at most four times \p want (\p out may
/// then hold more), else objects off one span's list or new slots.
TakeStatus central_take(unsigned b, std::uint32_t want, Batch &out) noexcept;

/// Puts a chain of objects, all of bin \p b, null-terminated, back on
/// their spans.
void central_give_back(unsigned b, FreeObject *head) noexcept;

/// The background purge's pass (purge.h) at \p now: gives back the spans
/// that have been empty for the delay, all of them in a bin unused for that
/// long. Returns the milliseconds until some of what is left falls due, or
/// kNoPurgeDue (purge_signal.h).
std::uint32_t central_purge_background(std::uint32_t now) noexcept;

/// A thread has exited, after its cache went back to the central bins:
/// trims glibc's heap if memory went back to it (composition_trim_after_exit)
/// and, whatever the delay, gives back the empty spans beyond 8 MiB in all
/// (each bin keeping its share, and at least a couple). What the exits left
/// empty would otherwise wait for the next thread to come to the central
/// bins, which in a program that is winding down may be never.
void central_purge_after_exit(std::uint32_t now) noexcept;

/// Gives back every empty span's pages now, whatever the delay. Returns the
/// bytes given back.
std::size_t central_release_all() noexcept;

/// Spans of bin \p b holding objects, and empty ones kept committed.
std::uint32_t central_spans_in_use(unsigned b) noexcept;
std::uint32_t central_spans_cached(unsigned b) noexcept;

/// Objects put back on their spans one at a time, all bins, since start
/// (test_hooks::objects_returned_to_spans).
std::uint64_t central_objects_returned() noexcept;
/// Refills the central bins have served, all bins, since start
/// (test_hooks::central_takes).
std::uint64_t central_takes() noexcept;

/// Around fork(): hold every bin lock so the child sees consistent lists.
void central_lock_all() noexcept;
void central_unlock_all() noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_CENTRAL_H
