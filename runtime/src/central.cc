//===- central.cc - Per-bin span lists shared by all threads --------------===//

#include "central.h"

#include "counters.h"
#include "lock.h"
#include "platform.h"
#include "region.h"

#include <algorithm>
#include <array>
#include <atomic>

namespace sizespec {
namespace {

/// Empty spans a bin keeps committed for quick reuse; more are decommitted.
constexpr std::uint32_t kMaxCachedSpans = 2;
/// Spans decommitted together, adjacent ones in one madvise call. Calls are
/// dear in VMs (TLB shootdowns): on the 2-core test VM, giving back 1 GiB
/// took 18.6 s in 64 KiB calls and 0.2 s in one call.
constexpr std::uint32_t kDecommitBatch = 16;
/// Spans committed at a time as a bin's frontier grows (1 MiB).
constexpr std::uint32_t kCommitChunkSpans = 16;

constexpr std::array<std::uint32_t, kNumBins> make_capacities() {
  std::array<std::uint32_t, kNumBins> T{};
  for (unsigned B = 0; B < kNumBins; ++B)
    T[B] = static_cast<std::uint32_t>(kSpanSize / class_size(bin_class(B)));
  return T;
}
constexpr std::array<std::uint32_t, kNumBins> kCapacity = make_capacities();

struct CentralBin {
  Lock lock;
  std::uint32_t partial = kNoSpan;     ///< spans with free objects (2-linked)
  std::uint32_t empty_dirty = kNoSpan; ///< empty spans still committed
  std::uint32_t empty_clean = kNoSpan; ///< empty spans given back to the OS
  std::uint32_t to_decommit[kDecommitBatch] = {}; ///< empty, awaiting madvise
  std::uint32_t num_to_decommit = 0;
  std::uint32_t frontier = 0;  ///< first never-used span (0: unset)
  std::uint32_t committed = 0; ///< spans [0, committed) committed
  std::atomic<std::uint32_t> spans_in_use{0};
  std::atomic<std::uint32_t> spans_cached{0};
};
// constinit: operator new may run before this library's initializers
// (from an earlier library's), so nothing here may need one.
constinit CentralBin g_bins[kNumBins];

// --- span lists (bin lock held) ---------------------------------------------

void link_partial(unsigned B, CentralBin &C, std::uint32_t I, Span *S) {
  S->prev = kNoSpan;
  S->next = C.partial;
  if (C.partial != kNoSpan)
    g_region.span(B, C.partial)->prev = I;
  C.partial = I;
  S->state = SpanState::partial;
}

void unlink_partial(unsigned B, CentralBin &C, Span *S) {
  if (S->prev != kNoSpan)
    g_region.span(B, S->prev)->next = S->next;
  else
    C.partial = S->next;
  if (S->next != kNoSpan)
    g_region.span(B, S->next)->prev = S->prev;
}

std::uint32_t pop_stack(unsigned B, std::uint32_t &Top) {
  std::uint32_t I = Top;
  if (I != kNoSpan)
    Top = g_region.span(B, I)->next;
  return I;
}

void push_stack(unsigned B, std::uint32_t &Top, std::uint32_t I) {
  g_region.span(B, I)->next = Top;
  Top = I;
}

/// A span for bin B: a cached empty one, else a fresh one from the frontier.
TakeStatus acquire_span(unsigned B, CentralBin &C, std::uint32_t &I) {
  I = pop_stack(B, C.empty_dirty);
  if (I != kNoSpan) {
    C.spans_cached.fetch_sub(1, std::memory_order_relaxed);
  } else if (C.num_to_decommit) {
    I = C.to_decommit[--C.num_to_decommit];
    C.spans_cached.fetch_sub(1, std::memory_order_relaxed);
  } else if ((I = pop_stack(B, C.empty_clean)) == kNoSpan) {
    if (C.frontier == 0)
      C.frontier = C.committed = g_region.meta_spans;
    if (C.frontier == g_region.spans_per_bin)
      return TakeStatus::exhausted;
    if (C.frontier == C.committed) {
      std::uint32_t N =
          std::min(kCommitChunkSpans, g_region.spans_per_bin - C.committed);
      if (!region_commit(B, C.committed, N))
        return TakeStatus::out_of_memory;
      C.committed += N;
    }
    I = C.frontier++;
  }
  Span *S = g_region.span(B, I);
  S->free = nullptr;
  S->used = 0;
  S->carved = 0;
  S->dirty = true;
  link_partial(B, C, I, S);
  C.spans_in_use.fetch_add(1, std::memory_order_relaxed);
  return TakeStatus::ok;
}

/// Gives the pages of bin B's batch of empty spans back to the OS, one
/// madvise per run of adjacent spans.
void decommit_batch(unsigned B, CentralBin &C) {
  std::uint32_t *Batch = C.to_decommit, N = C.num_to_decommit;
  std::sort(Batch, Batch + N);
  for (std::uint32_t Run = 0, I = 1; I <= N; ++I) {
    if (I < N && Batch[I] == Batch[I - 1] + 1)
      continue;
    platform::decommit(g_region.span_start(B, Batch[Run]), std::size_t(I - Run)
                                                               << kSpanShift);
    Run = I;
  }
  for (std::uint32_t I = 0; I < N; ++I) {
    g_region.span(B, Batch[I])->dirty = false;
    push_stack(B, C.empty_clean, Batch[I]);
  }
  Counters::add(g_counters.bytes_returned, std::uint64_t(N) << kSpanShift);
  C.spans_cached.fetch_sub(N, std::memory_order_relaxed);
  C.num_to_decommit = 0;
}

/// Span I of bin B has all its objects back.
void release_span(unsigned B, CentralBin &C, std::uint32_t I, Span *S) {
  unlink_partial(B, C, S);
  S->state = SpanState::empty;
  S->free = nullptr;
  S->carved = 0;
  C.spans_in_use.fetch_sub(1, std::memory_order_relaxed);
  C.spans_cached.fetch_add(1, std::memory_order_relaxed);
  if (C.spans_cached.load(std::memory_order_relaxed) <= kMaxCachedSpans) {
    push_stack(B, C.empty_dirty, I);
    return;
  }
  C.to_decommit[C.num_to_decommit++] = I;
  if (C.num_to_decommit == kDecommitBatch)
    decommit_batch(B, C);
}

} // namespace

TakeStatus central_take(unsigned B, std::uint32_t Want, Batch &Out) noexcept {
  CentralBin &C = g_bins[B];
  const std::uint32_t Cap = kCapacity[B];
  const std::size_t Size = class_size(bin_class(B));
  TakeStatus Status = TakeStatus::ok;
  LockGuard G(C.lock);
  while (Out.count < Want) {
    std::uint32_t I = C.partial;
    if (I == kNoSpan && (Status = acquire_span(B, C, I)) != TakeStatus::ok)
      break;
    Span *S = g_region.span(B, I);
    while (Out.count < Want && S->free) {
      FreeObject *O = S->free;
      S->free = O->next;
      O->next = Out.head;
      Out.head = O;
      ++Out.count;
      ++S->used;
    }
    // Carve never-used slots, linked in address order.
    std::uint32_t N = std::min(Want - Out.count, Cap - S->carved);
    char *Start = g_region.span_start(B, I);
    for (std::uint32_t K = S->carved + N; K-- > S->carved;) {
      auto *O = reinterpret_cast<FreeObject *>(Start + K * Size);
      O->next = Out.head;
      Out.head = O;
    }
    S->carved += N;
    S->used += N;
    Out.count += N;
    if (!S->free && S->carved == Cap) {
      unlink_partial(B, C, S);
      S->state = SpanState::full;
    }
  }
  return Out.count ? TakeStatus::ok : Status;
}

void central_give_back(unsigned B, FreeObject *Head) noexcept {
  CentralBin &C = g_bins[B];
  LockGuard G(C.lock);
  while (Head) {
    FreeObject *O = Head;
    Head = O->next;
    std::uint32_t I = g_region.span_index(B, O);
    Span *S = g_region.span(B, I);
    O->next = S->free;
    S->free = O;
    if (S->state == SpanState::full)
      link_partial(B, C, I, S);
    if (--S->used == 0)
      release_span(B, C, I, S);
  }
}

std::uint32_t central_spans_in_use(unsigned B) noexcept {
  return g_bins[B].spans_in_use.load(std::memory_order_relaxed);
}
std::uint32_t central_spans_cached(unsigned B) noexcept {
  return g_bins[B].spans_cached.load(std::memory_order_relaxed);
}
std::uint32_t span_capacity(unsigned B) noexcept { return kCapacity[B]; }

void central_lock_all() noexcept {
  for (CentralBin &C : g_bins)
    C.lock.lock();
}
void central_unlock_all() noexcept {
  for (CentralBin &C : g_bins)
    C.lock.unlock();
}

} // namespace sizespec
