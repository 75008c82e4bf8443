//===- thread_state.h - A thread's cache: the slow paths' view -*- C++ -*-===//
//
// The inline half is <sizespec/thread_cache.h>: per bin, a list allocation
// pops, a list operator delete pushes, a budget of frees before a flush,
// and the generic path's count. This half runs when the allocation list is
// empty (refill, thread_state.cc), when the budget is spent (flush,
// free.cc), and when a thread exits.
//
// A thread reuses what it freed last, its `freed` list whole, when its
// allocation list runs dry: a steady loop's objects never leave it. Past
// that window (twice the bin's batch) the flush gives the whole list back
// to its spans, and what comes from the central bin comes a span at a time,
// as mimalloc reuses a page's objects: a span's whole free list when it is
// short (unread), else objects off one span's list, else new slots in
// address order, which a thread whose bin is busy carves from a span of its
// own, with no lock (central.h, OwnedSlots). Nothing keeps a thread's frees
// whole between threads (as a transfer cache would): so a program that
// frees a structure and builds the next finds its objects side by side, not
// in the order it freed them (bench/notes/placement.md, "Objects reused a
// span at a time").
//
// Frees split by where the memory goes, not by who allocated it: every
// free, from any thread, takes the local path (free_push: push onto the
// freeing thread's list, no atomics); a thread's surplus goes back to its
// spans in the central bin (free_flush -> central_give_back), which is
// where memory moves between threads. So a free from another thread costs
// what a local one does, and nothing waits in a remote queue.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_THREAD_STATE_H
#define SIZESPEC_RUNTIME_THREAD_STATE_H

#include "central.h"
#include "counters.h"
#include "profile.h"
#include "tiny.h"

#include <sizespec/config.h>
#include <sizespec/thread_cache.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

namespace sizespec {

using detail::ThreadCache;
using detail::tls_cache;
/// The pop of a thread list (its encoded head); chains use Links::pop.
using detail::pop_free;

/// A bin's `freed` list holds at most this many bytes (and 32..512
/// objects); a refill from the central bin brings half of that. A thread
/// that allocates and frees in a steady loop swaps its lists once per
/// refill's worth of objects (a slow path of about 100 instructions).
inline constexpr std::size_t kCacheBytes = 32 * 1024;

constexpr std::array<std::uint32_t, kNumBins> make_caps() {
  std::array<std::uint32_t, kNumBins> t{};
  for (unsigned b = 0; b < kNumBins; ++b)
    t[b] = static_cast<std::uint32_t>(std::clamp<std::size_t>(
        kCacheBytes / class_size(bin_class(b)), 32, 512));
  return t;
}
inline constexpr std::array<std::uint32_t, kNumBins> kCap = make_caps();
static_assert(512 <= INT16_MAX, "budgets are 16-bit");

/// A bin's cache starts small and grows with use, as tcmalloc's free lists
/// do ("slow start"): its batch (what a refill from the central bin takes;
/// the `freed` list may hold twice that) starts at one step and grows by a
/// step at each refill from the central bin and each flush, up to kCap / 2.
/// A thread that keeps a few objects of a class then holds a few spare
/// ones, not a 16 KiB refill's worth: with 60 bins in use that was a third
/// more memory than the objects (bench/notes/composition-and-memory.md, "Memory
/// while objects live").
inline constexpr std::size_t kBatchStepBytes = 256;

constexpr std::array<std::uint16_t, kNumBins> make_steps() {
  std::array<std::uint16_t, kNumBins> t{};
  for (unsigned b = 0; b < kNumBins; ++b)
    t[b] = static_cast<std::uint16_t>(std::clamp<std::size_t>(
        kBatchStepBytes / class_size(bin_class(b)), 1, kCap[b] / 2));
  return t;
}
inline constexpr std::array<std::uint16_t, kNumBins> kStep = make_steps();

/// What a thread's lists may hold at most, summed over its bins at their
/// caps (tcmalloc's per-thread cache size): a bin's batch stops growing
/// when the next step would pass it.
inline constexpr std::size_t kThreadCacheBytes = 1024 * 1024;

/// The slow paths' own view of a thread's lists, as of the last time they
/// folded the counts into the stats. The fast paths never touch it; it
/// lives in pages of the runtime's own (thread_state.cc), found through
/// ThreadCache::state, so the runtime's TLS block stays small enough for
/// dlopen.
struct ThreadState {
  /// Length of `alloc` when last set: allocations since then are the
  /// difference to its length now (0 at a refill).
  std::uint32_t alloc_len[kNumBins];
  /// Length of `freed`, and the budget, when last set: each free since
  /// then took one unit of budget and added one node.
  std::uint32_t freed_len[kNumBins];
  std::int16_t budget_set[kNumBins];
  /// Each bin's batch (slow start, above): a refill from the central bin
  /// takes this many objects; `freed` is flushed past twice as many.
  std::uint16_t batch[kNumBins];
  /// The sum over the bins of their caps, in bytes (<= kThreadCacheBytes).
  std::size_t cap_bytes;
  /// Each bin's slots of a span this thread carves alone (central.h): a
  /// refill carves them, with no lock, when the central bin has no freed
  /// objects to give it (central_refill).
  OwnedSlots owned[kNumBins];
  /// Each bin's shards the thread has taken objects from (central_take).
  ShardSet held[kNumBins];
  /// The bins the thread that last had this state was busy in (bit b: bin
  /// b; see owns_spans). A state outlives its thread (thread_state.cc);
  /// this is all of it the next thread keeps.
  std::uint64_t busy_before;
  /// The thread's bin counts (counters.h): only it writes them.
  BinCounters counts[kNumBins];
  /// The registry of live threads (thread_count_totals).
  ThreadState *next;
  ThreadState *prev;
  TinyThread tiny;
  /// The sampled profile's intervals (profile.h); untouched when it is off.
  ProfileThread profile;
  /// Each bin's last object handed out, for SIZESPEC_PLACEMENT (placement.h);
  /// untouched when it is off.
  std::uintptr_t placement_last[kNumBins];
#if SIZESPEC_DEBUG
  /// The debug build's allocation lists: the inline ones stay empty, so
  /// every allocation comes to thread_refill and is checked (debug.h).
  std::uintptr_t debug_alloc[kNumBins];
#endif
};

/// ThreadCache::state of a thread past its exit destructor. Its budgets are
/// 0 and its lists empty, so each free and allocation comes here and goes
/// straight to the central bins, one object at a time, with no state.
SIZESPEC_INTERNAL extern ThreadState g_exited;

/// The calling thread's state, or null before its first slow path.
inline ThreadState *thread_state_if_any() noexcept {
  return static_cast<ThreadState *>(tls_cache.__state);
}
/// Sets up the calling thread's state, at its first slow path.
SIZESPEC_SLOW_PATH ThreadState *thread_state_setup() noexcept;

/// The calling thread's state, set up at its first slow path (g_exited
/// past its exit destructor).
inline ThreadState *thread_state() noexcept {
  if (ThreadState *t = thread_state_if_any())
    return t;
  return thread_state_setup();
}

/// The bytes bin b's `freed` list may hold with batch \p batch.
constexpr std::size_t cap_bytes_of(unsigned b, std::uint32_t batch) {
  return 2 * std::size_t(batch) * class_size(bin_class(b));
}

/// Thread t is busy in bin b once it has made a quarter span's worth
/// (16 KiB) of the bin's objects.
inline bool busy_in(const ThreadState &t, unsigned b) {
  return t.counts[b].allocations.load(std::memory_order_relaxed) *
             class_size(bin_class(b)) >=
         kSpanSize / 4;
}

/// A thread owns the carving of a span of bin b (central.h, OwnedSlots)
/// once it is busy in the bin, or from its first refill if the thread that
/// last had its state was. One that makes a few objects of many classes
/// carves them beside other threads' instead: a span of its own for each
/// holds a page of each for a few objects. Owning after four refills of a
/// bin took the RSS per live byte of 8 threads from 1.14 to 1.20; after
/// 16 KiB it is 1.155 (bench/notes/threads.md, "New objects from a span of
/// the thread's own"). A program that runs a thread per task makes each
/// task's objects as the last one did, and its threads took the bin's lock
/// for every refill until they were busy again ("A thread owns what the
/// last one was busy in").
inline bool owns_spans(const ThreadState &t, unsigned b) {
  return busy_in(t, b) || (t.busy_before >> b & 1);
}
static_assert(kNumBins <= 64, "ThreadState::busy_before holds a bit a bin");

/// Bin B was busy (a refill from the central bin, or a flush): its batch
/// grows by a step, within kCap / 2 and the thread's budget.
inline void grow_batch(ThreadState &t, unsigned b) {
  if (t.batch[b] == kCap[b] / 2)
    return; // whole
  const std::uint32_t next =
      std::min<std::uint32_t>(t.batch[b] + kStep[b], kCap[b] / 2);
  const std::size_t more = cap_bytes_of(b, next - t.batch[b]);
  if (t.cap_bytes + more > kThreadCacheBytes)
    return;
  t.batch[b] = static_cast<std::uint16_t>(next);
  t.cap_bytes += more;
}

/// Folds the frees into bin b's `freed` list since it was set into the
/// stats and returns its length.
inline std::uint32_t sync_frees(ThreadState &t, unsigned b) {
  std::uint32_t frees =
      static_cast<std::uint32_t>(t.budget_set[b] - tls_cache.__free_budget[b]);
  own_add(t.counts[b].frees, frees);
  t.budget_set[b] = tls_cache.__free_budget[b];
  return t.freed_len[b] += frees;
}

/// Bin B's `freed` list now holds Len objects (at most twice its batch):
/// flush when it passes twice the batch.
inline void set_freed(ThreadState &t, unsigned b, std::uint32_t len) {
  auto budget = static_cast<std::int16_t>(2 * t.batch[b] - len);
  tls_cache.__free_budget[b] = t.budget_set[b] = budget;
  t.freed_len[b] = len;
}

/// Takes the calling thread's `freed` list of bin \p b whole, as a chain,
/// and leaves it empty (its budget unchanged).
FreeObject *take_freed(unsigned b) noexcept;

/// Keeps the first \p keep objects of \p list (\p len long) and gives the
/// rest back to the central bin.
void give_back(unsigned b, FreeObject *&list, std::uint32_t len,
               std::uint32_t keep) noexcept;

/// No thread's list is longer: a walk past it has met a cycle.
inline constexpr std::uint32_t kMaxListLength = 1u << 16;

/// The length of a chain of bin \p b; a cycle (a double free) stops the
/// program.
std::uint32_t list_length(unsigned b, const FreeObject *p) noexcept;

/// What thread_refill returns when the central bin has no object to give
/// for \p size bytes, \p status saying why: the caller's answer (an object
/// from elsewhere, or null), or kRefillAgain for another refill (the
/// new_handler made room). Handing thread_refill the answer, not
/// taking a status back, lets the callers jump to it with no frame of
/// their own: the swap of a steady loop's lists, once every few hundred
/// pairs, costs some 15 instructions less.
using RefillFailed = void *(*)(std::size_t size, TakeStatus status);
inline constexpr std::uintptr_t kRefillAgain = 1;

/// Slow path of alloc_small and of the generic fast path: refills bin \p b
/// and returns one object for an allocation of \p size bytes, counted as
/// generic or specialized; if the central bin has none to give,
/// \p failed's answer. Not noexcept: \p failed may throw std::bad_alloc.
void *thread_refill(unsigned b, std::size_t size, bool generic,
                    RefillFailed failed);

/// Folds the calling thread's TLS counts into its ThreadState::counts.
void thread_sync_all() noexcept;

/// Adds up the bin and tiny counts of every live thread and those
/// g_counters holds (threads gone) into \p out, under the registry's lock.
void thread_count_totals(CountTotals &out) noexcept;

/// Around fork(): holds the registry's lock, so the child's is free.
void thread_registry_lock() noexcept;
void thread_registry_unlock() noexcept;

/// The calling thread's tiny-path state, set up if need be; null for a
/// thread past its exit destructor.
inline TinyThread *tiny_thread() noexcept {
  ThreadState *t = thread_state();
  return t == &g_exited ? nullptr : &t->tiny;
}
/// The same without setting it up: null if the thread has none yet.
inline TinyThread *tiny_thread_if_any() noexcept {
  ThreadState *t = thread_state_if_any();
  return !t || t == &g_exited ? nullptr : &t->tiny;
}

/// Creates the key whose destructor returns a thread's cache at exit.
void thread_cache_process_init() noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_THREAD_STATE_H
