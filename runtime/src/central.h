//===- central.h - Per-bin span lists shared by all threads ----*- C++ -*-===//
//
// The middle layer. Each bin has its own locks and span lists, one of each
// per shard of the CPUs (kMaxShards); thread caches come here in
// batches (refill, flush), never per object. A span that gets
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

/// Threads share each bin's spans in shards, one for each CPU the process
/// may run on: a shard has its own lock and span lists, a refill takes new
/// objects from the shard of the CPU it runs on, and an object goes back to
/// the shard that holds its span, whichever thread frees it. Two threads
/// that run at once are on different CPUs, so they share no lock, no span
/// and no line of a bin's lists (but for a thread the scheduler moved,
/// which keeps the objects it holds). thread_churn, two tasks at once, took
/// 0.779 times the time with a shard per thread that it took when they
/// shared them, and takes 0.924 times that with a shard per CPU
/// (bench/notes/threads.md, "Shards of the bins by CPU").
inline constexpr unsigned kMaxShards = 8;

/// A set of shards of one bin, bit s for shard s: those a thread has taken
/// objects from while it lives, and may hold some of in its cache.
using ShardSet = std::uint8_t;
static_assert(kMaxShards <= 8, "a ShardSet holds a bit a shard");

/// Counts the shards at start-up, as many as the CPUs the process may run
/// on (at most kMaxShards), and gives each CPU its shard. Before it, there
/// is one.
void central_init() noexcept;

/// A chain of free objects linked through their first word.
struct Batch {
  FreeObject *head = nullptr;
  std::uint32_t count = 0;
};

/// The slots of one span that a thread carves alone, with no lock: slots
/// [next, end) of span `span` of the bin. central_take reserved them, and
/// the span counts them as out until they are carved or given back. A
/// thread that carves its own span takes the bin's lock once a span, not
/// once a batch: two threads that make new objects of one class side by
/// side took it in turns for every batch (bench/notes/threads.md).
/// next == end: none. The span's pages are resident below `resident`
/// (Span::resident, as it was when the thread took the span).
struct OwnedSlots {
  std::uint32_t span;
  std::uint16_t next, end, resident;
};

/// Takes objects of bin \p b into \p out until it holds \p want: a span's
/// whole free list, unread, if \p out is empty and the list holds at most
/// four times \p want (\p out may then hold more), else objects off one
/// span's list, else new slots. With \p own, a thread's: if it holds
/// slots, free objects only; if not, the new slots are the rest of a span,
/// reserved for the thread, and \p own holds them (central_refill carves
/// them).
/// The objects come from the spans of the calling CPU's shard. If it has
/// no partial span, they come first from the free lists of the spans of a
/// shard that no other live thread has taken objects from (\p held: the
/// shards the calling thread has; null for a thread past its exit, which
/// takes none there). \p held gains the calling CPU's shard, and any other
/// the objects came from, until central_leave.
TakeStatus central_take(unsigned b, std::uint32_t want, Batch &out,
                        ShardSet *held, OwnedSlots *own = nullptr) noexcept;

/// A thread's refill of bin \p b when it has no freed list to reuse:
/// objects freed back to the central bin first, as mimalloc reuses a
/// page's freed objects before it extends the page; then the slots of the
/// thread's own span (\p own), with no lock; then central_take, which
/// gives a thread whose bin is busy (\p may_own) the next span to own.
TakeStatus central_refill(unsigned b, std::uint32_t want, Batch &out,
                          ShardSet &held, OwnedSlots &own,
                          bool may_own) noexcept;

/// A thread's exit, after its cache of bin \p b went back: it holds no
/// object of the shards \p held any more (central_take).
void central_leave(unsigned b, ShardSet held) noexcept;

/// Carves up to \p want objects off \p own onto \p out, in address order,
/// with no lock: as the central bin carves, a 2 KiB window at a time on
/// pages not yet resident.
void carve_owned(unsigned b, OwnedSlots &own, std::uint32_t want,
                 Batch &out) noexcept;

/// Puts a chain of objects, all of bin \p b, null-terminated, back on
/// their spans, each under its span's shard's lock.
void central_give_back(unsigned b, FreeObject *head) noexcept;

/// A thread's exit, for bin \p b: puts its two chains (\p alloc and
/// \p freed, either null) back on their spans and gives the slots \p own
/// has not carved back to their span, under one take of the bin's lock,
/// not three.
void central_give_back_thread(unsigned b, FreeObject *alloc, FreeObject *freed,
                              OwnedSlots &own) noexcept;

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

/// Spans of bin \p b holding objects, and empty ones kept committed, in
/// all shards.
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
