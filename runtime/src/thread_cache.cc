//===- thread_cache.cc - A thread's cache: the slow paths -----------------===//

#include "thread_cache.h"

#include "counters.h"
#include "debug.h"
#include "platform.h"
#include "tiny.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <pthread.h>

namespace sizespec {

namespace detail {
SIZESPEC_API __thread ThreadCache tls_cache SIZESPEC_TLS_MODEL;
} // namespace detail

namespace {

/// A bin's `freed` list holds at most this many bytes (and 32..512
/// objects); a refill from the central bin brings half of that. A thread
/// that allocates and frees in a steady loop swaps its lists once per
/// refill's worth of objects (a slow path of about 100 instructions).
constexpr std::size_t kCacheBytes = 32 * 1024;

constexpr std::array<std::uint32_t, kNumBins> make_caps() {
  std::array<std::uint32_t, kNumBins> T{};
  for (unsigned B = 0; B < kNumBins; ++B)
    T[B] = static_cast<std::uint32_t>(std::clamp<std::size_t>(
        kCacheBytes / class_size(bin_class(B)), 32, 512));
  return T;
}
constexpr std::array<std::uint32_t, kNumBins> kCap = make_caps();
static_assert(512 <= INT16_MAX, "budgets are 16-bit");

/// A bin's cache starts small and grows with use, as tcmalloc's free lists
/// do ("slow start"): its batch (what a refill from the central bin takes;
/// the `freed` list may hold twice that) starts at one step and grows by a
/// step at each refill from the central bin and each flush, up to kCap / 2.
/// A thread that keeps a few objects of a class then holds a few spare
/// ones, not a 16 KiB refill's worth: with 60 bins in use that was a third
/// more memory than the objects (bench/README.md, "Memory").
constexpr std::size_t kBatchStepBytes = 256;

constexpr std::array<std::uint16_t, kNumBins> make_steps() {
  std::array<std::uint16_t, kNumBins> T{};
  for (unsigned B = 0; B < kNumBins; ++B)
    T[B] = static_cast<std::uint16_t>(std::clamp<std::size_t>(
        kBatchStepBytes / class_size(bin_class(B)), 1, kCap[B] / 2));
  return T;
}
constexpr std::array<std::uint16_t, kNumBins> kStep = make_steps();

/// What a thread's lists may hold at most, summed over its bins at their
/// caps (tcmalloc's per-thread cache size): a bin's batch stops growing
/// when the next step would pass it.
constexpr std::size_t kThreadCacheBytes = 1024 * 1024;

/// The slow paths' own view of a thread's lists, as of the last time they
/// folded the counts into the stats. The fast paths never touch it; it
/// lives on the heap, found through ThreadCache::state, so the runtime's
/// TLS block stays small enough for dlopen.
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
  TinyThread tiny;
#if SIZESPEC_DEBUG
  /// The debug build's allocation lists: the inline ones stay empty, so
  /// every allocation comes to thread_refill and is checked (debug.h).
  FreeObject *debug_alloc[kNumBins];
#endif
};

/// ThreadCache::state of a thread past its exit destructor. Its budgets are
/// 0 and its lists empty, so each free and allocation comes here and goes
/// straight to the central bins, one object at a time, with no state.
constinit ThreadState g_exited{};

pthread_key_t g_exit_key;

ThreadState *state() { return static_cast<ThreadState *>(tls_cache.__state); }

/// The bytes bin B's `freed` list may hold with batch \p Batch.
constexpr std::size_t cap_bytes_of(unsigned B, std::uint32_t Batch) {
  return 2 * std::size_t(Batch) * class_size(bin_class(B));
}

/// Bin B was busy (a refill from the central bin, or a flush): its batch
/// grows by a step, within kCap / 2 and the thread's budget.
void grow_batch(ThreadState &T, unsigned B) {
  if (T.batch[B] == kCap[B] / 2)
    return; // whole
  const std::uint32_t Next =
      std::min<std::uint32_t>(T.batch[B] + kStep[B], kCap[B] / 2);
  const std::size_t More = cap_bytes_of(B, Next - T.batch[B]);
  if (T.cap_bytes + More > kThreadCacheBytes)
    return;
  T.batch[B] = static_cast<std::uint16_t>(Next);
  T.cap_bytes += More;
}

/// A refill that takes bin B's `freed` list (\p List) while its batch is
/// still growing: the batch grows, and objects from the central bin top the
/// list up to it. Returns the list. Out of line: a steady loop's refills,
/// once the batch is whole, skip it.
__attribute__((noinline)) Batch grow_on_swap(ThreadState &T, unsigned B,
                                             Batch List) {
  grow_batch(T, B);
  Batch Got;
  if (List.count >= T.batch[B] ||
      central_take(B, T.batch[B] - List.count, Got) != TakeStatus::ok)
    return List;
  FreeObject *Last = Got.head;
  while (Last->__next)
    Last = Last->__next;
  Last->__next = List.head;
  return Batch{Got.head, Got.count + List.count};
}

/// The calling thread's state, set up at its first slow path.
ThreadState *attach() {
  if (ThreadState *T = state())
    return T;
  auto *T = static_cast<ThreadState *>(std::calloc(1, sizeof(ThreadState)));
  if (!T)
    platform::fatal("out of memory for a thread's cache state");
  for (unsigned B = 0; B < kNumBins; ++B) {
    T->batch[B] = kStep[B];
    T->cap_bytes += cap_bytes_of(B, kStep[B]);
  }
  tls_cache.__state = T;
  pthread_setspecific(g_exit_key, T);
  return T;
}

/// The list bin B's allocations pop: the inline fast path's, or the debug
/// build's own.
FreeObject *&alloc_list(ThreadState &T, unsigned B) {
#if SIZESPEC_DEBUG
  return T.debug_alloc[B];
#else
  (void)T;
  return tls_cache.__alloc[B];
#endif
}

/// Folds the allocations from bin B's `alloc` list since it was set into
/// the stats; \p Len is its length now.
void sync_allocs(ThreadState &T, unsigned B, std::uint32_t Len) {
  std::uint16_t &Gen = tls_cache.__generic[B];
  BinCounters &C = g_counters.bins[B];
  Counters::add(C.allocations, T.alloc_len[B] - Len);
  Counters::add(C.generic, Gen);
  Gen = 0;
  T.alloc_len[B] = Len;
}

/// Folds the frees into bin B's `freed` list since it was set into the
/// stats and returns its length.
std::uint32_t sync_frees(ThreadState &T, unsigned B) {
  std::uint32_t Frees =
      static_cast<std::uint32_t>(T.budget_set[B] - tls_cache.__free_budget[B]);
  Counters::add(g_counters.bins[B].frees, Frees);
  T.budget_set[B] = tls_cache.__free_budget[B];
  return T.freed_len[B] += Frees;
}

/// Bin B's `freed` list now holds Len objects (at most twice its batch):
/// flush when it passes twice the batch.
void set_freed(ThreadState &T, unsigned B, std::uint32_t Len) {
  auto Budget = static_cast<std::int16_t>(2 * T.batch[B] - Len);
  tls_cache.__free_budget[B] = T.budget_set[B] = Budget;
  T.freed_len[B] = Len;
}

/// One allocation handed out by a slow path rather than popped.
void count_one(unsigned B, bool Generic) {
  BinCounters &C = g_counters.bins[B];
  Counters::add(C.allocations, 1);
  if (Generic)
    Counters::add(C.generic, 1);
}

/// Keeps the first Keep objects of List (Len long) and gives the rest back.
void give_back(unsigned B, FreeObject *&List, std::uint32_t Len,
               std::uint32_t Keep) {
  if (Len <= Keep)
    return;
  FreeObject *Rest = List;
  if (Keep == 0) {
    List = nullptr;
  } else {
    FreeObject *Last = List;
    for (std::uint32_t I = 1; I < Keep; ++I)
      Last = Last->__next;
    Rest = Last->__next;
    Last->__next = nullptr;
  }
  central_give_back(B, Rest, Len - Keep);
}

std::uint32_t length(const FreeObject *P) {
  std::uint32_t N = 0;
  for (; P; P = P->__next)
    ++N;
  return N;
}

/// Thread exit: give both lists of every bin back and drop the state.
/// Frees and allocations that come later (other destructors) go straight
/// to the central bins.
void thread_exit(void *Arg) {
  auto *T = static_cast<ThreadState *>(Arg);
  ThreadCache &TC = tls_cache;
  for (unsigned B = 0; B < kNumBins; ++B) {
    FreeObject *&Alloc = alloc_list(*T, B);
    std::uint32_t AllocLen = length(Alloc);
    sync_allocs(*T, B, AllocLen);
    give_back(B, Alloc, AllocLen, 0);
    give_back(B, TC.__freed[B], sync_frees(*T, B), 0);
    TC.__free_budget[B] = 0;
  }
  tiny_thread_exit(T->tiny);
  TC.__state = &g_exited;
  std::free(T);
}

} // namespace

void *thread_refill(unsigned B, bool Generic, TakeStatus &Status) noexcept {
  ThreadState *T = attach();
  ThreadCache &TC = tls_cache;
  if (SIZESPEC_UNLIKELY(T == &g_exited)) {
    Batch Got;
    Status = central_take(B, 1, Got);
    if (Status != TakeStatus::ok)
      return nullptr;
    count_one(B, Generic);
    if constexpr (kDebug)
      debug_on_alloc(B, Got.head, nullptr);
    return Got.head;
  }
  FreeObject *&Alloc = alloc_list(*T, B);
  if constexpr (kDebug) {
    // What the inline fast path pops in the normal build.
    if (FreeObject *P = pop_free(Alloc)) {
      if (Generic)
        ++TC.__generic[B];
      debug_on_alloc(B, P, Alloc);
      return P;
    }
  }
  // Status is read only when this returns null.
  FreeObject *P;
  std::uint32_t Len;
  if (TC.__freed[B]) {
    // What this thread freed becomes what it allocates next. A bin that
    // comes here often is busy: while its batch grows, objects from the
    // central bin top the list up to it, so that a steady new/delete loop
    // swaps its lists less and less often (every kCap / 2 pairs at most).
    Batch List{TC.__freed[B], sync_frees(*T, B)};
    TC.__freed[B] = nullptr;
    if (SIZESPEC_UNLIKELY(T->batch[B] != kCap[B] / 2))
      List = grow_on_swap(*T, B, List);
    set_freed(*T, B, 0);
    P = List.head;
    Len = List.count;
  } else {
    Batch Got;
    Status = central_take(B, T->batch[B], Got);
    if (Status != TakeStatus::ok) {
      sync_allocs(*T, B, 0); // `alloc` is empty
      return nullptr;
    }
    P = Got.head;
    Len = Got.count;
    grow_batch(*T, B);
  }
  // The allocations popped from `alloc` since the last refill (it is empty
  // now) and the one handed out here, folded in with one atomic add.
  std::uint16_t &Gen = TC.__generic[B];
  BinCounters &C = g_counters.bins[B];
  C.allocations.fetch_add(T->alloc_len[B] + 1, std::memory_order_relaxed);
  Counters::add(C.generic, Gen + (Generic ? 1 : 0));
  Gen = 0;
  Alloc = P;
  T->alloc_len[B] = Len - 1;
  P = pop_free(Alloc);
  if constexpr (kDebug)
    debug_on_alloc(B, P, Alloc);
  return P;
}

void detail::free_flush(unsigned B) noexcept {
  ThreadState *T = attach();
  if (SIZESPEC_UNLIKELY(T == &g_exited)) {
    // Each free of an exited thread flushes at once: the list is one long.
    Counters::add(g_counters.bins[B].frees, length(tls_cache.__freed[B]));
    central_give_back(B, tls_cache.__freed[B]);
    tls_cache.__freed[B] = nullptr;
    tls_cache.__free_budget[B] = 0;
    return;
  }
  std::uint32_t Len = sync_frees(*T, B);
  if (Len > 2u * T->batch[B]) {
    give_back(B, tls_cache.__freed[B], Len, T->batch[B]);
    Len = T->batch[B];
    grow_batch(*T, B);
  }
  set_freed(*T, B, Len);
}

void thread_sync_all() noexcept {
  ThreadState *T = state();
  if (!T || T == &g_exited)
    return;
  for (unsigned B = 0; B < kNumBins; ++B) {
    sync_allocs(*T, B, length(alloc_list(*T, B)));
    sync_frees(*T, B);
  }
  tiny_sync(T->tiny);
}

TinyThread *tiny_thread() noexcept {
  ThreadState *T = attach();
  return T == &g_exited ? nullptr : &T->tiny;
}

TinyThread *tiny_thread_if_any() noexcept {
  ThreadState *T = state();
  return !T || T == &g_exited ? nullptr : &T->tiny;
}

void thread_cache_process_init() noexcept {
  pthread_key_create(&g_exit_key, thread_exit);
}

} // namespace sizespec
