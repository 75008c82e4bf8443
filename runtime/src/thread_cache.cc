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

/// A bin's list holds at most this many bytes (and 32..512 objects); a
/// refill brings a quarter of that.
constexpr std::size_t kCacheBytes = 32 * 1024;

constexpr std::array<std::uint32_t, kNumBins> make_caps() {
  std::array<std::uint32_t, kNumBins> T{};
  for (unsigned B = 0; B < kNumBins; ++B)
    T[B] = static_cast<std::uint32_t>(std::clamp<std::size_t>(
        kCacheBytes / class_size(bin_class(B)), 32, 512));
  return T;
}
constexpr std::array<std::uint32_t, kNumBins> kCap = make_caps();

/// The slow paths' own view of a thread's lists: what each list held, and
/// what its budget was, when the counts were last folded in. The fast paths
/// never touch it, so it need not be initial-exec TLS.
struct ThreadState {
  std::uint32_t known_len[kNumBins];
  std::int32_t budget_set[kNumBins];
  bool registered;
  bool exiting; ///< past the key destructor: cache nothing
};
__thread ThreadState t_state;

pthread_key_t g_exit_key;

/// Folds bin B's counts since the last sync into the stats and returns the
/// list's length: it held known_len, gained a node per free (the budget's
/// drop) and lost one per allocation (the two counters).
std::uint32_t sync(unsigned B) {
  ThreadCache &TC = tls_cache;
  ThreadState &T = t_state;
  std::uint32_t Frees =
      static_cast<std::uint32_t>(T.budget_set[B] - TC.free_budget[B]);
  std::uint32_t Spec = TC.allocs[B], Gen = TC.generic[B];
  BinCounters &C = g_counters.bins[B];
  Counters::add(C.allocations, std::uint64_t(Spec) + Gen);
  Counters::add(C.generic, Gen);
  Counters::add(C.frees, Frees);
  TC.allocs[B] = TC.generic[B] = 0;
  T.budget_set[B] = TC.free_budget[B];
  return T.known_len[B] = T.known_len[B] + Frees - Spec - Gen;
}

/// Sets bin B's budget for a list of Len objects: flush when it passes the
/// cap; an exiting thread flushes on every free.
void set_budget(unsigned B, std::uint32_t Len) {
  std::int32_t Budget =
      t_state.exiting ? 0 : static_cast<std::int32_t>(kCap[B] - Len);
  tls_cache.free_budget[B] = t_state.budget_set[B] = Budget;
  t_state.known_len[B] = Len;
}

/// Keeps the first Keep objects of bin B's list and gives the rest back.
void trim(unsigned B, std::uint32_t Len, std::uint32_t Keep) {
  if (Len <= Keep)
    return;
  FreeObject *&Head = tls_cache.head[B];
  FreeObject *Rest = Head;
  if (Keep == 0) {
    Head = nullptr;
  } else {
    FreeObject *Last = Head;
    for (std::uint32_t I = 1; I < Keep; ++I)
      Last = Last->next;
    Rest = Last->next;
    Last->next = nullptr;
  }
  central_give_back(B, Rest);
}

void register_thread() {
  t_state.registered = true;
  pthread_setspecific(g_exit_key, &t_state);
}

/// Thread exit: give every list back. Frees and allocations that come later
/// (other destructors) go straight to the central bins.
void thread_exit(void *) {
  t_state.exiting = true;
  for (unsigned B = 0; B < kNumBins; ++B) {
    trim(B, sync(B), 0);
    set_budget(B, 0);
  }
}

} // namespace

void *thread_refill(unsigned B, bool Generic, TakeStatus &Status) noexcept {
  if (SIZESPEC_UNLIKELY(!t_state.registered))
    register_thread();
  sync(B); // the list is empty: this only folds in the counts
  Batch Got;
  Status = central_take(B, t_state.exiting ? 1 : kCap[B] / 4, Got);
  if (Status != TakeStatus::ok)
    return nullptr;
  FreeObject *P = Got.head;
  tls_cache.head[B] = P->next;
  set_budget(B, Got.count - 1);
  ++(Generic ? tls_cache.generic[B] : tls_cache.allocs[B]);
  return P;
}

void thread_flush(unsigned B) noexcept {
  if (SIZESPEC_UNLIKELY(!t_state.registered))
    register_thread();
  std::uint32_t Len = sync(B);
  std::uint32_t Keep = t_state.exiting ? 0 : std::min(Len, kCap[B] / 2);
  if (Len > kCap[B] || t_state.exiting) {
    trim(B, Len, Keep);
    Len = Keep;
  }
  set_budget(B, Len);
}

void thread_sync_all() noexcept {
  for (unsigned B = 0; B < kNumBins; ++B)
    sync(B);
}

void thread_cache_process_init() noexcept {
  pthread_key_create(&g_exit_key, thread_exit);
}

} // namespace sizespec
