//===- thread_state.cc - A thread's cache: refill, exit -------------------===//

#include "thread_state.h"

#include "counters.h"
#include "debug.h"
#include "heap_check.h"
#include "lock.h"
#include "placement.h"
#include "platform.h"
#include "tiny.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <pthread.h>

namespace sizespec {

namespace detail {
namespace {
/// A new thread's cache: keys of 1, a bound of 0, every list empty.
constexpr ThreadCache initial_thread_cache() {
  ThreadCache tc{};
  tc.__link_key = tc.__link_inverse = 1;
  for (unsigned b = 0; b < kNumBins; ++b)
    tc.__alloc[b] = tc.__freed[b] = kListEnd;
  return tc;
}
} // namespace
SIZESPEC_API constinit __thread ThreadCache tls_cache SIZESPEC_TLS_MODEL =
    initial_thread_cache();
} // namespace detail

constinit ThreadState g_exited{};

namespace {

pthread_key_t g_exit_key;

/// The live threads' states, for stats() to add up their counts. A thread
/// joins at its first slow path and leaves at its exit, after folding its
/// counts into g_counters: both under the lock, so a sum counts each
/// thread once, before or after.
constinit Lock g_registry_lock;
constinit ThreadState *g_threads = nullptr;

/// Bytes of memory a thread's state takes: whole pages of the runtime's
/// own, not the process's malloc. An allocator behind the runtime (mimalloc)
/// ties a block to the heap of the thread that made it, and the state is
/// freed in the thread's exit destructor, which may run after the
/// allocator's own: each exit left it a heap to abandon, and
/// `thread_churn` under `on+mimalloc` spent 15 % of its time walking
/// mimalloc's list of abandoned segments (bench/notes/threads.md).
constexpr std::size_t kStateBytes =
    (sizeof(ThreadState) + kPageSize - 1) & ~(kPageSize - 1);
/// Exited threads' states kept for the next threads to start (under
/// g_registry_lock), so that a program running a thread per task makes
/// no system call and takes no page fault for them; more go back to the OS.
constexpr unsigned kSpareStates = 8;
constinit ThreadState *g_spare_states = nullptr;
constinit unsigned g_spare_count = 0;

/// A zeroed state for a new thread, but for the bins its last thread was
/// busy in (ThreadState::busy_before), or null if the OS has no memory.
ThreadState *new_state() {
  ThreadState *t = nullptr;
  {
    LockGuard g(g_registry_lock);
    if ((t = g_spare_states)) {
      g_spare_states = t->next;
      --g_spare_count;
    }
  }
  if (t) {
    const std::uint64_t busy_before = t->busy_before;
    std::memset(static_cast<void *>(t), 0, sizeof(ThreadState));
    t->busy_before = busy_before;
    return t;
  }
  return static_cast<ThreadState *>(platform::map(kStateBytes));
}

/// Keeps the state of an exited thread for the next one, or gives it back.
void drop_state(ThreadState *t) {
  {
    LockGuard g(g_registry_lock);
    if (g_spare_count < kSpareStates) {
      t->next = g_spare_states;
      g_spare_states = t;
      ++g_spare_count;
      return;
    }
  }
  platform::release(t, kStateBytes);
}

void join_registry(ThreadState &t) {
  LockGuard g(g_registry_lock);
  t.prev = nullptr;
  t.next = g_threads;
  if (g_threads)
    g_threads->prev = &t;
  g_threads = &t;
}

/// Folds \p t's counts into g_counters and drops it from the registry.
void leave_registry(ThreadState &t) {
  LockGuard g(g_registry_lock);
  for (unsigned b = 0; b < kNumBins; ++b) {
    BinTotals n;
    t.counts[b].add_to(n);
    BinCounters &c = g_counters.bins[b];
    Counters::add(c.allocations, n.allocations);
    Counters::add(c.frees, n.frees);
    Counters::add(c.generic, n.generic);
  }
  TinyTotals n;
  t.tiny.counts.add_to(n);
  TinyCounters &c = g_counters.tiny;
  Counters::add(c.allocations, n.allocations);
  Counters::add(c.frees, n.frees);
  Counters::add(c.generic, n.generic);
  Counters::add(c.padding, n.padding);
  Counters::add(c.started, n.started);
  Counters::add(c.retired, n.retired);
  Counters::add(c.released, n.released);
  (t.prev ? t.prev->next : g_threads) = t.next;
  if (t.next)
    t.next->prev = t.prev;
}

/// A refill that takes bin b's `freed` list (\p list) while its batch is
/// still growing, or shorter than the batch with the sampled profile on:
/// the batch grows, and objects from the central bin top the list up to it.
/// Returns the list. Out of line: a steady loop's refills, once the batch
/// is whole, skip it.
__attribute__((noinline)) Batch grow_on_swap(ThreadState &t, unsigned b,
                                             Batch list) {
  grow_batch(t, b);
  Batch got;
  if (list.count >= t.batch[b] || central_take(b, t.batch[b] - list.count, got,
                                               &t.held[b]) != TakeStatus::ok)
    return list;
  const Links links = Links::current();
  FreeObject *last = got.head;
  while (FreeObject *next = links.next_free(b, last))
    last = next;
  links.set_next(last, list.head);
  return Batch{got.head, got.count + list.count};
}

/// The list bin b's allocations pop (its encoded head): the inline fast
/// path's, or the debug build's own.
std::uintptr_t &alloc_list(ThreadState &t, unsigned b) {
#if SIZESPEC_DEBUG
  return t.debug_alloc[b];
#else
  (void)t;
  return tls_cache.__alloc[b];
#endif
}

/// Folds the allocations from bin b's `alloc` list since it was set into
/// the stats; \p len is its length now.
void sync_allocs(ThreadState &t, unsigned b, std::uint32_t len) {
  std::uint16_t &gen = tls_cache.__generic[b];
  BinCounters &c = t.counts[b];
  own_add(c.allocations, t.alloc_len[b] - len);
  own_add(c.generic, gen);
  gen = 0;
  t.alloc_len[b] = len;
}

/// One allocation handed out to a thread past its exit.
void count_one(unsigned b, bool generic) {
  BinCounters &c = g_counters.bins[b];
  Counters::add(c.allocations, 1);
  if (generic)
    Counters::add(c.generic, 1);
}

/// Thread exit: give both lists of every bin back, note in the state the
/// bins the thread was busy in, for the next thread, and drop the state.
/// Frees and allocations that come later (other destructors) go straight
/// to the central bins.
void thread_exit(void *arg) {
  auto *t = static_cast<ThreadState *>(arg);
  ThreadCache &tc = tls_cache;
  const Links links = Links::current();
  std::uint64_t busy = 0;
  for (unsigned b = 0; b < kNumBins; ++b) {
    FreeObject *alloc = links.decode_head(b, alloc_list(*t, b));
    alloc_list(*t, b) = detail::kListEnd;
    sync_allocs(*t, b, list_length(b, alloc));
    busy |= std::uint64_t(busy_in(*t, b)) << b;
    FreeObject *freed = take_freed(b);
    sync_frees(*t, b);
    central_give_back_thread(b, alloc, freed, t->owned[b]);
    central_leave(b, t->held[b]);
    tc.__free_budget[b] = 0;
  }
  t->busy_before = busy;
  tiny_thread_exit(t->tiny);
  tc.__state = &g_exited;
  leave_registry(*t);
  drop_state(t);
  central_purge_after_exit(platform::now_ms());
}

} // namespace

ThreadState *thread_state_setup() noexcept {
  ThreadState *t = new_state();
  if (!t)
    platform::fatal("out of memory for a thread's cache state");
  ThreadCache &tc = tls_cache;
  for (unsigned b = 0; b < kNumBins; ++b) {
    t->batch[b] = kStep[b];
    t->cap_bytes += cap_bytes_of(b, kStep[b]);
    // The free that brought the thread here pushed under key 1.
    if (tc.__freed[b] != detail::kListEnd)
      tc.__freed[b] *= g_link_key;
#if SIZESPEC_DEBUG
    t->debug_alloc[b] = detail::kListEnd;
#endif
  }
  tc.__link_key = g_link_key;
  tc.__link_inverse = g_link_inverse;
  tc.__link_bound = g_link_bound;
  join_registry(*t);
  tc.__state = t;
  pthread_setspecific(g_exit_key, t);
  return t;
}

FreeObject *take_freed(unsigned b) noexcept {
  FreeObject *freed = Links::current().decode_head(b, tls_cache.__freed[b]);
  tls_cache.__freed[b] = detail::kListEnd;
  return freed;
}

void give_back(unsigned b, FreeObject *&list, std::uint32_t len,
               std::uint32_t keep) noexcept {
  if (len <= keep)
    return;
  FreeObject *rest = list;
  if (keep == 0) {
    list = nullptr;
  } else {
    const Links links = Links::current();
    FreeObject *last = list;
    for (std::uint32_t i = 1; i < keep; ++i)
      last = links.next_linked(b, last);
    rest = links.next_linked(b, last);
    links.set_next(last, nullptr);
  }
  central_give_back(b, rest);
}

std::uint32_t list_length(unsigned b, const FreeObject *p) noexcept {
  std::uint32_t n = 0;
  const Links links = Links::current();
  for (const FreeObject *o = p; o; o = links.next_free(b, o))
    if (++n > kMaxListLength)
      heap_error("free-list corruption: a cycle (a double free?) in the list "
                 "of",
                 p, b);
  return n;
}

namespace {

/// An allocation of a thread past its exit: one object from the central
/// bin, or null with \p status.
void *exited_alloc(unsigned b, bool generic, TakeStatus &status) {
  Batch got;
  status = central_take(b, 1, got, /*held=*/nullptr);
  if (status != TakeStatus::ok)
    return nullptr;
  count_one(b, generic);
  if constexpr (kDebug)
    debug_on_alloc(b, got.head, nullptr);
  return got.head;
}

/// Bin b's refill from the central bin, for refill_once. Out of line: the
/// question whether the thread owns spans of the bin, inline, cost the swap
/// of a steady loop's lists a few instructions.
SIZESPEC_SLOW_PATH TakeStatus refill_from_central(ThreadState &t, unsigned b,
                                                  Batch &got) {
  return central_refill(b, t.batch[b], got, t.held[b], t.owned[b],
                        owns_spans(t, b));
}

/// One refill of bin b for thread_refill: an object, or null with
/// \p status.
SIZESPEC_FAST_PATH void *refill_once(unsigned b, std::size_t size, bool generic,
                                     TakeStatus &status) noexcept {
  ThreadState *t = thread_state();
  ThreadCache &tc = tls_cache;
  // The debug build's own lists of g_exited are not set up as lists. The
  // release build asks past the swap, which a thread past its exit never
  // takes (its lists stay empty: each free flushes at once), so that a
  // steady loop's swaps do not pay for the question.
  if (kDebug && SIZESPEC_UNLIKELY(t == &g_exited))
    return exited_alloc(b, generic, status);
  std::uintptr_t &alloc = alloc_list(*t, b);
  if constexpr (kDebug) {
    // What the inline fast path pops in the normal build.
    if (FreeObject *p =
            detail::pop_free(alloc, tc.__link_inverse, tc.__link_bound)) {
      if (generic)
        ++tc.__generic[b];
      debug_on_alloc(b, p, Links::current().next_free(b, p));
      return p;
    }
  }
  // The pop comes here with a list that is not empty only if its head
  // decoded at or above the bound: a link overwritten after its object was
  // freed.
  if (SIZESPEC_UNLIKELY(alloc != detail::kListEnd))
    link_error(b, nullptr, alloc);
  FreeObject *p;
  std::uint32_t len;
  if (tc.__freed[b] != detail::kListEnd) {
    // What this thread freed becomes what it allocates next. A bin that
    // comes here often is busy: while its batch grows, objects from the
    // central bin top the list up to it, so that a steady new/delete loop
    // swaps its lists less and less often (every kCap / 2 pairs at most).
    // The profile gives the end of a list back at each sample point; without
    // the top-up, a steady loop would keep ever fewer objects and come here
    // ever more often, at last for every allocation.
    // Its head is the inline push's (TLS, out of a stray write's reach): no
    // check. A double free of the newest object links it to itself.
    const std::uintptr_t freed = tc.__freed[b];
    Batch list{reinterpret_cast<FreeObject *>(freed * g_link_inverse),
               sync_frees(*t, b)};
    tc.__freed[b] = detail::kListEnd;
    if (SIZESPEC_UNLIKELY(list.head->__link == freed))
      heap_error("double free", list.head, b);
    if (SIZESPEC_UNLIKELY(t->batch[b] != kCap[b] / 2 ||
                          (profile_on() && list.count < t->batch[b])))
      list = grow_on_swap(*t, b, list);
    set_freed(*t, b, 0);
    p = list.head;
    len = list.count;
  } else {
    if (SIZESPEC_UNLIKELY(t == &g_exited))
      return exited_alloc(b, generic, status);
    Batch got;
    status = refill_from_central(*t, b, got);
    if (status != TakeStatus::ok) {
      sync_allocs(*t, b, 0); // `alloc` is empty
      return nullptr;
    }
    p = got.head;
    len = got.count;
    grow_batch(*t, b);
  }
  // The sampled profile may end the list early, at its next sample.
  if (profile_on()) {
    const std::uint32_t keep =
        profile_refill(t->profile, b, len, size, generic);
    give_back(b, p, len, keep);
    len = keep;
  }
  if (SIZESPEC_UNLIKELY(g_placement_on))
    placement_count(b, t->placement_last[b], p, len);
  // The allocations popped from `alloc` since the last refill (it is empty
  // now) and the one handed out here, on the thread's own counts.
  std::uint16_t &gen = tc.__generic[b];
  BinCounters &c = t->counts[b];
  own_add(c.allocations, t->alloc_len[b] + 1);
  own_add(c.generic, gen + (generic ? 1 : 0));
  gen = 0;
  // The rest of the list, its head as the pop reads it: p's link.
  alloc = p->__link;
  t->alloc_len[b] = len - 1;
  if constexpr (kDebug)
    debug_on_alloc(b, p, Links::current().next_free(b, p));
  return p;
}

} // namespace

void *thread_refill(unsigned b, std::size_t size, bool generic,
                    RefillFailed failed) {
  for (;;) {
    TakeStatus status;
    if (void *p = refill_once(b, size, generic, status))
      return p;
    void *answer = failed(size, status);
    if (reinterpret_cast<std::uintptr_t>(answer) != kRefillAgain)
      return answer;
  }
}

void thread_sync_all() noexcept {
  ThreadState *t = thread_state_if_any();
  if (!t || t == &g_exited)
    return;
  for (unsigned b = 0; b < kNumBins; ++b) {
    sync_allocs(
        *t, b,
        list_length(b, Links::current().decode_head(b, alloc_list(*t, b))));
    sync_frees(*t, b);
  }
  tiny_sync(t->tiny);
}

void thread_count_totals(CountTotals &out) noexcept {
  LockGuard g(g_registry_lock);
  for (unsigned b = 0; b < kNumBins; ++b)
    g_counters.bins[b].add_to(out.bins[b]);
  g_counters.tiny.add_to(out.tiny);
  for (const ThreadState *t = g_threads; t; t = t->next) {
    for (unsigned b = 0; b < kNumBins; ++b)
      t->counts[b].add_to(out.bins[b]);
    t->tiny.counts.add_to(out.tiny);
  }
}

void thread_registry_lock() noexcept { g_registry_lock.lock(); }
void thread_registry_unlock() noexcept { g_registry_lock.unlock(); }

void thread_cache_process_init() noexcept {
  pthread_key_create(&g_exit_key, thread_exit);
}

} // namespace sizespec
