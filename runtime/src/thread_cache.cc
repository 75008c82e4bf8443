//===- thread_cache.cc - A thread's cache: the slow paths -----------------===//

#include "thread_cache.h"

#include "counters.h"

#include <algorithm>
#include <array>
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

/// The slow paths' own view of a thread's lists, as of the last time they
/// folded the counts into the stats. The fast paths never touch it, so it
/// need not be initial-exec TLS.
struct ThreadState {
  /// Length of `alloc` when last set: allocations since then are the
  /// difference to its length now (0 at a refill).
  std::uint32_t alloc_len[kNumBins];
  /// Length of `freed`, and the budget, when last set: each free since
  /// then took one unit of budget and added one node.
  std::uint32_t freed_len[kNumBins];
  std::int16_t budget_set[kNumBins];
  bool registered;
  bool exiting; ///< past the key destructor: cache nothing
};
__thread ThreadState t_state;

pthread_key_t g_exit_key;

/// Folds the allocations from bin B's `alloc` list since it was set into
/// the stats; \p Len is its length now.
void sync_allocs(unsigned B, std::uint32_t Len) {
  ThreadState &T = t_state;
  std::uint16_t &Gen = tls_cache.generic[B];
  BinCounters &C = g_counters.bins[B];
  Counters::add(C.allocations, T.alloc_len[B] - Len);
  Counters::add(C.generic, Gen);
  Gen = 0;
  T.alloc_len[B] = Len;
}

/// Folds the frees into bin B's `freed` list since it was set into the
/// stats and returns its length.
std::uint32_t sync_frees(unsigned B) {
  ThreadState &T = t_state;
  std::uint32_t Frees =
      static_cast<std::uint32_t>(T.budget_set[B] - tls_cache.free_budget[B]);
  Counters::add(g_counters.bins[B].frees, Frees);
  T.budget_set[B] = tls_cache.free_budget[B];
  return T.freed_len[B] += Frees;
}

/// Bin B's `freed` list now holds Len objects: flush when it passes the
/// cap; an exiting thread flushes on every free.
void set_freed(unsigned B, std::uint32_t Len) {
  auto Budget = static_cast<std::int16_t>(t_state.exiting ? 0 : kCap[B] - Len);
  tls_cache.free_budget[B] = t_state.budget_set[B] = Budget;
  t_state.freed_len[B] = Len;
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
      Last = Last->next;
    Rest = Last->next;
    Last->next = nullptr;
  }
  central_give_back(B, Rest);
}

std::uint32_t length(const FreeObject *P) {
  std::uint32_t N = 0;
  for (; P; P = P->next)
    ++N;
  return N;
}

void register_thread() {
  t_state.registered = true;
  pthread_setspecific(g_exit_key, &t_state);
}

/// Thread exit: give both lists of every bin back. Frees and allocations
/// that come later (other destructors) go straight to the central bins.
void thread_exit(void *) {
  t_state.exiting = true;
  for (unsigned B = 0; B < kNumBins; ++B) {
    FreeObject *&Alloc = tls_cache.alloc[B];
    std::uint32_t AllocLen = length(Alloc);
    sync_allocs(B, AllocLen);
    give_back(B, Alloc, AllocLen, 0);
    t_state.alloc_len[B] = 0;
    give_back(B, tls_cache.freed[B], sync_frees(B), 0);
    set_freed(B, 0);
  }
}

} // namespace

void *thread_refill(unsigned B, bool Generic, TakeStatus &Status) noexcept {
  if (SIZESPEC_UNLIKELY(!t_state.registered))
    register_thread();
  ThreadCache &TC = tls_cache;
  sync_allocs(B, 0); // `alloc` is empty
  Status = TakeStatus::ok;
  FreeObject *P;
  std::uint32_t Len;
  if (TC.freed[B]) {
    // What this thread freed becomes what it allocates next.
    Len = sync_frees(B);
    P = TC.freed[B];
    TC.freed[B] = nullptr;
    set_freed(B, 0);
  } else {
    Batch Got;
    Status = central_take(B, t_state.exiting ? 1 : kCap[B] / 2, Got);
    if (Status != TakeStatus::ok)
      return nullptr;
    P = Got.head;
    Len = Got.count;
  }
  TC.alloc[B] = P->next;
  t_state.alloc_len[B] = Len - 1;
  count_one(B, Generic);
  return P;
}

void thread_flush(unsigned B) noexcept {
  if (SIZESPEC_UNLIKELY(!t_state.registered))
    register_thread();
  std::uint32_t Len = sync_frees(B);
  if (t_state.exiting || Len > kCap[B]) {
    std::uint32_t Keep = t_state.exiting ? 0 : kCap[B] / 2;
    give_back(B, tls_cache.freed[B], Len, Keep);
    Len = Keep;
  }
  set_freed(B, Len);
}

void thread_sync_all() noexcept {
  for (unsigned B = 0; B < kNumBins; ++B) {
    sync_allocs(B, length(tls_cache.alloc[B]));
    sync_frees(B);
  }
}

void thread_cache_process_init() noexcept {
  pthread_key_create(&g_exit_key, thread_exit);
}

} // namespace sizespec
