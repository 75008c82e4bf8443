//===- central.cc - Per-bin span lists shared by all threads --------------===//

#include "central.h"

#include "counters.h"
#include "debug.h"
#include "lock.h"
#include "platform.h"
#include "purge.h"
#include "region.h"
#include "tiny.h"

#include <algorithm>
#include <array>
#include <atomic>

namespace sizespec {
namespace {

/// Empty spans a bin keeps committed however long they stay empty.
constexpr std::uint32_t kMinCachedSpans = 2;
/// Spans decommitted together, adjacent ones in one madvise call. Calls are
/// dear in VMs (TLB shootdowns): on the 2-core test VM, giving back 1 GiB
/// took 18.6 s in 64 KiB calls and 0.2 s in one call.
constexpr std::uint32_t kDecommitBatch = 16;
/// A refill carves never-used objects from one aligned window of this many
/// bytes at most (central_take).
constexpr std::size_t kCarveWindow = 2048;
static_assert(kPageSize % kCarveWindow == 0, "windows split pages");
static_assert(kCarveWindow >= kMaxSmallSize, "a window holds an object");
/// Spans committed at a time as a bin's frontier grows (1 MiB).
constexpr std::uint32_t kCommitChunkSpans = 16;

/// Bytes of each object a span of bin \p B holds (a tiny span: its blocks).
constexpr std::size_t object_size(unsigned B) {
  return B == kTinyBin ? kTinyBlock : class_size(bin_class(B));
}

constexpr std::array<std::uint32_t, kNumSpanBins> make_capacities() {
  std::array<std::uint32_t, kNumSpanBins> T{};
  for (unsigned B = 0; B < kNumSpanBins; ++B)
    T[B] = static_cast<std::uint32_t>(kSpanSize / object_size(B));
  return T;
}
constexpr std::array<std::uint32_t, kNumSpanBins> kCapacity = make_capacities();

/// Whole batches a thread flush gave back, kept whole for the next refill
/// (tcmalloc's transfer cache): the flush and the refill then cost O(1)
/// each, not a span lookup and a push, and a pop, per object. Bins only,
/// not the tiny range. Their objects still count as used in their spans;
/// stats(), release_free_memory() and the periodic purge put them back
/// first, so no span stays held there for long.
constexpr unsigned kTransferSlots = 8;
/// At most this many bytes per bin wait in its slots.
constexpr std::size_t kTransferBytes = 64 * 1024;
/// A shorter chain goes back to its spans at once.
constexpr std::uint32_t kMinTransferBatch = 16;

/// Spans of one bin linked through Span::prev/next.
struct SpanList {
  std::uint32_t head = kNoSpan;
  std::uint32_t tail = kNoSpan;
};

struct CentralBin {
  Lock lock;
  SpanList partial; ///< spans with free objects
  SpanList dirty; ///< empty spans still committed, most recently emptied first
  SpanList clean; ///< empty spans given back to the OS
  std::uint32_t frontier = 0;  ///< first never-used span (0: unset)
  std::uint32_t committed = 0; ///< spans [0, committed) committed
  std::atomic<std::uint32_t> spans_in_use{0};
  std::atomic<std::uint32_t> spans_cached{0}; ///< length of `dirty`
  Batch transfer[kTransferSlots]; ///< [0, transfers) hold a batch each
  std::atomic<std::uint32_t> transfers{0};
  std::size_t transfer_bytes = 0;
  /// When a thread last took or gave back objects (platform::now_ms).
  std::atomic<std::uint32_t> last_used{0};
};
// constinit: operator new may run before this library's initializers
// (from an earlier library's), so nothing here may need one.
constinit CentralBin g_bins[kNumSpanBins];

constinit std::atomic<std::uint32_t> g_purge_delay_ms{kDefaultPurgeDelayMs};
/// When a thread last looked for spans to purge (platform::now_ms).
constinit std::atomic<std::uint32_t> g_last_purge_ms{0};

// --- span lists (bin lock held) ---------------------------------------------

void push_front(unsigned B, SpanList &L, std::uint32_t I) {
  Span *S = g_region.span(B, I);
  S->prev = kNoSpan;
  S->next = L.head;
  if (L.head != kNoSpan)
    g_region.span(B, L.head)->prev = I;
  else
    L.tail = I;
  L.head = I;
}

void remove(unsigned B, SpanList &L, std::uint32_t I) {
  Span *S = g_region.span(B, I);
  if (S->prev != kNoSpan)
    g_region.span(B, S->prev)->next = S->next;
  else
    L.head = S->next;
  if (S->next != kNoSpan)
    g_region.span(B, S->next)->prev = S->prev;
  else
    L.tail = S->prev;
}

/// A span for bin B: the most recently emptied committed one (its pages are
/// the likeliest to be in cache and TLB), else a decommitted one, else a
/// fresh one from the frontier.
TakeStatus acquire_span(unsigned B, CentralBin &C, std::uint32_t &I) {
  if ((I = C.dirty.head) != kNoSpan) {
    remove(B, C.dirty, I);
    C.spans_cached.fetch_sub(1, std::memory_order_relaxed);
  } else if ((I = C.clean.head) != kNoSpan) {
    remove(B, C.clean, I);
  } else {
    if (C.frontier == 0)
      C.frontier = C.committed = g_region.first_span(B);
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
  push_front(B, C.partial, I);
  S->state = SpanState::partial;
  C.spans_in_use.fetch_add(1, std::memory_order_relaxed);
  return TakeStatus::ok;
}

/// Gives the pages of \p N empty spans of bin B back to the OS, one madvise
/// per run of adjacent spans, and moves them to the clean list.
void decommit_spans(unsigned B, CentralBin &C, std::uint32_t *Spans,
                    std::uint32_t N) {
  std::sort(Spans, Spans + N);
  for (std::uint32_t Run = 0, I = 1; I <= N; ++I) {
    if (I < N && Spans[I] == Spans[I - 1] + 1)
      continue;
    platform::decommit(g_region.span_start(B, Spans[Run]), std::size_t(I - Run)
                                                               << kSpanShift);
    Run = I;
  }
  for (std::uint32_t I = 0; I < N; ++I)
    push_front(B, C.clean, Spans[I]);
  Counters::add(g_counters.bytes_returned, std::uint64_t(N) << kSpanShift);
}

/// Decommits bin B's committed empty spans that have been empty for at least
/// \p Delay ms at \p Now, oldest first, keeping \p Keep. Returns how many.
std::uint32_t purge_bin(unsigned B, CentralBin &C, std::uint32_t Now,
                        std::uint32_t Delay, std::uint32_t Keep) {
  std::uint32_t Batch[kDecommitBatch], N = 0, Total = 0;
  while (C.spans_cached.load(std::memory_order_relaxed) > Keep) {
    std::uint32_t I = C.dirty.tail;
    if (Now - g_region.span(B, I)->emptied_at < Delay)
      break; // the rest were emptied later
    remove(B, C.dirty, I);
    C.spans_cached.fetch_sub(1, std::memory_order_relaxed);
    Batch[N++] = I;
    if (N == kDecommitBatch) {
      decommit_spans(B, C, Batch, N);
      Total += N;
      N = 0;
    }
  }
  if (N)
    decommit_spans(B, C, Batch, N);
  return Total + N;
}

/// Span I of bin B has all its objects back, at time \p Now.
void release_span(unsigned B, CentralBin &C, std::uint32_t I, Span *S,
                  std::uint32_t Now) {
  remove(B, C.partial, I);
  S->state = SpanState::empty;
  S->free = nullptr;
  S->carved = 0;
  S->emptied_at = Now;
  push_front(B, C.dirty, I);
  C.spans_in_use.fetch_sub(1, std::memory_order_relaxed);
  C.spans_cached.fetch_add(1, std::memory_order_relaxed);
  purge_notify(); // the background purge gives it back if it stays empty
}

/// Puts each object of the chain at \p Head back on its span's free list
/// (bin lock held); a span that gets all its objects back is released.
void return_objects(unsigned B, CentralBin &C, FreeObject *Head,
                    std::uint32_t Now) {
  while (Head) {
    FreeObject *O = Head;
    Head = O->__next;
    std::uint32_t I = g_region.span_index(B, O);
    Span *S = g_region.span(B, I);
    O->__next = S->free;
    S->free = O;
    if (S->state == SpanState::full) {
      push_front(B, C.partial, I);
      S->state = SpanState::partial;
    }
    if (--S->used == 0)
      release_span(B, C, I, S, Now);
  }
}

/// Puts every batch waiting in bin B's transfer slots back on its spans
/// (bin lock held).
void drain_transfers(unsigned B, CentralBin &C, std::uint32_t Now) {
  std::uint32_t N = C.transfers.load(std::memory_order_relaxed);
  for (std::uint32_t K = 0; K < N; ++K)
    return_objects(B, C, C.transfer[K].head, Now);
  C.transfer_bytes = 0;
  C.transfers.store(0, std::memory_order_relaxed);
}

/// Every half delay at most, the first thread through the central layer
/// purges every bin's spans that have been empty for the delay. Lazy, as
/// jemalloc's decay without its background thread: a process that stops
/// allocating and freeing keeps its empty spans until it calls
/// release_free_memory().
void purge_if_due(std::uint32_t Now) {
  std::uint32_t Delay = g_purge_delay_ms.load(std::memory_order_relaxed);
  std::uint32_t Last = g_last_purge_ms.load(std::memory_order_relaxed);
  if (Delay == 0 || Now - Last < std::max<std::uint32_t>(Delay / 2, 1) ||
      !g_last_purge_ms.compare_exchange_strong(Last, Now,
                                               std::memory_order_relaxed))
    return;
  for (unsigned B = 0; B < kNumSpanBins; ++B) {
    CentralBin &C = g_bins[B];
    if (C.transfers.load(std::memory_order_relaxed) == 0 &&
        C.spans_cached.load(std::memory_order_relaxed) <= kMinCachedSpans)
      continue;
    LockGuard G(C.lock);
    // Batches idle in the slots for a while hold their spans: back to them.
    drain_transfers(B, C, Now);
    purge_bin(B, C, Now, Delay, kMinCachedSpans);
  }
}

} // namespace

TakeStatus central_take(unsigned B, std::uint32_t Want, Batch &Out) noexcept {
  CentralBin &C = g_bins[B];
  const std::uint32_t Cap = kCapacity[B];
  const std::size_t Size = object_size(B);
  const std::uint32_t Now = platform::now_ms();
  TakeStatus Status = TakeStatus::ok;
  {
    LockGuard G(C.lock);
    C.last_used.store(Now, std::memory_order_relaxed);
    if (std::uint32_t Slots = C.transfers.load(std::memory_order_relaxed);
        Slots && Out.count == 0 && Want >= kMinTransferBatch) {
      Out = C.transfer[Slots - 1];
      C.transfer_bytes -= std::size_t(Out.count) * Size;
      C.transfers.store(Slots - 1, std::memory_order_relaxed);
    }
    while (Out.count < Want) {
      std::uint32_t I = C.partial.head;
      if (I == kNoSpan && (Status = acquire_span(B, C, I)) != TakeStatus::ok)
        break;
      Span *S = g_region.span(B, I);
      while (Out.count < Want) {
        FreeObject *O = pop_free(S->free);
        if (!O)
          break;
        O->__next = Out.head;
        Out.head = O;
        ++Out.count;
        ++S->used;
      }
      // Carve never-used slots, linked in address order, but only those
      // that start in the 2 KiB window of the first one: carving writes
      // each object's link, which makes its page resident, and spare
      // objects a thread never uses must cost no memory (mimalloc extends
      // a page's free list lazily for the same reason). What a thread
      // leaves of a window, the next refill of any thread carves, on a
      // page already resident. A thread that needs more comes back: one
      // refill per 2 KiB of new memory, beside half a page fault.
      char *Start = g_region.span_start(B, I);
      const std::uintptr_t First =
          reinterpret_cast<std::uintptr_t>(Start) + S->carved * Size;
      const std::uintptr_t WindowEnd = (First | (kCarveWindow - 1)) + 1;
      const auto InWindow =
          static_cast<std::uint32_t>((WindowEnd - First + Size - 1) / Size);
      std::uint32_t N = std::min({Want - Out.count, Cap - S->carved, InWindow});
      for (std::uint32_t K = S->carved + N; K-- > S->carved;) {
        auto *O = reinterpret_cast<FreeObject *>(Start + K * Size);
        O->__next = Out.head;
        Out.head = O;
        if constexpr (kDebug)
          if (B < kNumBins) // the debug build has no tiny path
            debug_on_carve(B, O);
      }
      S->carved += N;
      S->used += N;
      Out.count += N;
      if (!S->free && S->carved == Cap) {
        remove(B, C.partial, I);
        S->state = SpanState::full;
      }
      if (N)
        break; // new memory: enough for this refill
    }
  }
  purge_if_due(Now);
  return Out.count ? TakeStatus::ok : Status;
}

std::uint32_t central_frontier(unsigned B) noexcept {
  return __atomic_load_n(&g_bins[B].frontier, __ATOMIC_RELAXED);
}

void central_give_back(unsigned B, FreeObject *Head,
                       std::uint32_t Count) noexcept {
  CentralBin &C = g_bins[B];
  const std::uint32_t Now = platform::now_ms();
  {
    LockGuard G(C.lock);
    C.last_used.store(Now, std::memory_order_relaxed);
    const std::size_t Bytes = std::size_t(Count) * object_size(B);
    const std::uint32_t Slots = C.transfers.load(std::memory_order_relaxed);
    // With no purge delay the program wants its memory back at once.
    if (B < kNumBins && Count >= kMinTransferBatch && Slots < kTransferSlots &&
        C.transfer_bytes + Bytes <= kTransferBytes &&
        g_purge_delay_ms.load(std::memory_order_relaxed) != 0) {
      C.transfer[Slots] = Batch{Head, Count};
      C.transfer_bytes += Bytes;
      C.transfers.store(Slots + 1, std::memory_order_relaxed);
      purge_notify(); // the purge drains the slots if no refill takes it
      return;
    }
    return_objects(B, C, Head, Now);
    // No delay: give back at once, but a whole batch per madvise run.
    if (g_purge_delay_ms.load(std::memory_order_relaxed) == 0 &&
        C.spans_cached.load(std::memory_order_relaxed) >=
            kMinCachedSpans + kDecommitBatch)
      purge_bin(B, C, Now, 0, kMinCachedSpans);
  }
  purge_if_due(Now);
}

std::uint32_t central_purge_background(std::uint32_t Now) noexcept {
  const std::uint32_t Delay = g_purge_delay_ms.load(std::memory_order_relaxed);
  std::uint32_t Next = kNoPurgeDue;
  for (unsigned B = 0; B < kNumSpanBins; ++B) {
    CentralBin &C = g_bins[B];
    if (C.transfers.load(std::memory_order_relaxed) == 0 &&
        C.spans_cached.load(std::memory_order_relaxed) == 0)
      continue;
    LockGuard G(C.lock);
    // A bin in use keeps its transfer cache and a couple of empty spans,
    // as the lazy purge leaves them; one the program has left alone for a
    // delay gives everything back.
    const std::uint32_t Used = C.last_used.load(std::memory_order_relaxed);
    const std::uint32_t Idle = Now - Used;
    if (C.transfers.load(std::memory_order_relaxed) != 0) {
      // Their objects have been free since the bin was last used: spans
      // they empty count as empty since then.
      if (Idle >= Delay / 2)
        drain_transfers(B, C, Used);
      else
        Next = std::min(Next, Delay / 2 - Idle);
    }
    const std::uint32_t Keep = Idle < Delay ? kMinCachedSpans : 0;
    purge_bin(B, C, Now, Delay, Keep);
    // What is left falls due when its oldest span has been empty for the
    // delay, or, for the spans a busy bin keeps, when it stops being busy.
    const std::uint32_t Cached = C.spans_cached.load(std::memory_order_relaxed);
    if (Cached > Keep)
      Next = std::min(
          Next, Delay - (Now - g_region.span(B, C.dirty.tail)->emptied_at));
    else if (Cached)
      Next = std::min(Next, Delay - Idle);
  }
  return Next;
}

void central_drain_transfers() noexcept {
  const std::uint32_t Now = platform::now_ms();
  for (unsigned B = 0; B < kNumBins; ++B) {
    CentralBin &C = g_bins[B];
    if (C.transfers.load(std::memory_order_relaxed) == 0)
      continue;
    LockGuard G(C.lock);
    drain_transfers(B, C, Now);
  }
}

std::size_t central_release_all() noexcept {
  std::size_t Spans = 0;
  for (unsigned B = 0; B < kNumSpanBins; ++B) {
    CentralBin &C = g_bins[B];
    LockGuard G(C.lock);
    if (B < kNumBins)
      drain_transfers(B, C, platform::now_ms());
    Spans += purge_bin(B, C, 0, 0, 0);
  }
  return Spans << kSpanShift;
}

void central_set_purge_delay(std::uint32_t Ms) noexcept {
  g_purge_delay_ms.store(Ms, std::memory_order_relaxed);
}
std::uint32_t central_purge_delay() noexcept {
  return g_purge_delay_ms.load(std::memory_order_relaxed);
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
