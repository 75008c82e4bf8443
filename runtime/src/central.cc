//===- central.cc - Per-bin span lists shared by all threads --------------===//

#include "central.h"

#include "composition.h"
#include "counters.h"
#include "debug.h"
#include "heap_check.h"
#include "lock.h"
#include "platform.h"
#include "purge_signal.h"
#include "region.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <initializer_list>

namespace sizespec {
namespace {

/// Empty spans a bin keeps committed however long they stay empty.
constexpr std::uint32_t kMinCachedSpans = 2;
/// Empty spans, all bins together, that a thread's exit leaves committed
/// (8 MiB): the next thread of a program that runs a thread per task finds
/// its pages there, and a program whose workers have all finished holds
/// no more than this, and a couple per bin, with no purge thread.
/// thread_churn (2,000 threads of 1.3 MiB each, two at a time) faulted its
/// pages in again at each exit and ran 4.7 times slower when every exit
/// gave back all but the couple per bin (bench/notes/composition-and-memory.md,
/// "Memory given back").
constexpr std::uint32_t kExitCachedSpans = 128;
/// Spans decommitted together, adjacent ones in one madvise call. Calls are
/// dear in VMs (TLB shootdowns): on the 2-core test VM, giving back 1 GiB
/// took 18.6 s in 64 KiB calls and 0.2 s in one call.
constexpr std::uint32_t kDecommitBatch = 16;
/// A refill takes a span's whole free list, unread, when it holds at most
/// this many times what it wants (central_take).
constexpr std::uint32_t kWholeListBatches = 4;
/// A refill carves never-used objects from one aligned window of this many
/// bytes at most (central_take).
constexpr std::size_t kCarveWindow = 2048;
static_assert(kPageSize % kCarveWindow == 0, "windows split pages");
static_assert(kCarveWindow >= kMaxSmallSize, "a window holds an object");

constexpr std::array<std::uint32_t, kNumSpanBins> make_capacities() {
  std::array<std::uint32_t, kNumSpanBins> t{};
  for (unsigned b = 0; b < kNumSpanBins; ++b)
    t[b] = static_cast<std::uint32_t>(kSpanSize / object_size(b));
  return t;
}
constexpr std::array<std::uint32_t, kNumSpanBins> kCapacity = make_capacities();

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
  std::atomic<std::uint32_t> spans_in_use{0};
  std::atomic<std::uint32_t> spans_cached{0}; ///< length of `dirty`
  std::atomic<std::uint32_t> spans_clean{0};  ///< length of `clean`
  /// Objects return_objects has put back on this bin's spans (a test
  /// hook's); written under the lock, read without it.
  std::atomic<std::uint64_t> objects_returned{0};
  /// Refills this bin has served (central_take), written under the lock
  /// like objects_returned.
  std::atomic<std::uint64_t> takes{0};
  /// Objects on the free lists of the bin's spans, written under the lock
  /// and read without it: a thread with slots of its own to carve comes
  /// for them first (central_refill).
  std::atomic<std::int32_t> free_objects{0};
  /// When a thread last took or gave back objects (platform::now_ms).
  std::atomic<std::uint32_t> last_used{0};
  /// Live threads that have taken objects from this shard of the bin
  /// (central_take's ShardSet): a refill on another CPU takes the free
  /// objects of its spans only if no thread but itself is one of them.
  std::atomic<std::uint32_t> holders{0};
};
static_assert(kSpanSize / 8 <= UINT16_MAX,
              "Span::used counts a span's objects");
static_assert(kMaxShards <= UINT8_MAX + 1, "Span::shard holds a shard");

// constinit: operator new may run before this library's initializers
// (from an earlier library's), so nothing here may need one.
constinit CentralBin g_bins[kMaxShards][kNumSpanBins];
/// A bin's shards take new spans from its one frontier (region_new_span),
/// under this lock, taken inside a shard's.
constinit Lock g_frontier_locks[kNumSpanBins];
/// How many shards there are (central_init).
constinit std::atomic<unsigned> g_num_shards{1};
/// Each CPU's shard (central_init): the k-th CPU of the process's affinity
/// mask at start-up has shard k mod num_shards(), so that two CPUs share a
/// shard only where there are more CPUs than shards. A CPU outside the mask
/// (a thread's mask changed later) has shard cpu mod num_shards().
constinit std::uint8_t g_shard_of_cpu[platform::kMaxCpus]{};

/// The shards in use: only these take spans (shard_here), so the rest hold
/// none. Set once at start-up.
unsigned num_shards() { return g_num_shards.load(std::memory_order_relaxed); }

/// The shard of the CPU the calling thread runs on now.
unsigned shard_here() {
  const unsigned cpu = platform::current_cpu();
  return cpu < platform::kMaxCpus ? g_shard_of_cpu[cpu] : cpu % num_shards();
}

/// Calls \p f(b, c) for each bin b of each shard in use, c its CentralBin.
template <typename F> void for_each_shard_bin(F &&f) {
  for (unsigned shard = 0, n = num_shards(); shard < n; ++shard)
    for (unsigned b = 0; b < kNumSpanBins; ++b)
      f(b, g_bins[shard][b]);
}

/// Empty spans each shard of a bin keeps committed however long they stay
/// empty: the bin's kMinCachedSpans shared out, at least one a shard.
std::uint32_t min_cached_spans() {
  return std::max<std::uint32_t>(1, kMinCachedSpans / num_shards());
}

/// When a thread last ran the lazy purge (platform::now_ms).
constinit std::atomic<std::uint32_t> g_last_lazy_purge_ms{0};

// --- span lists (bin lock held) ---------------------------------------------

void push_front(unsigned b, SpanList &l, std::uint32_t i) {
  Span *s = g_region.span(b, i);
  s->prev = kNoSpan;
  s->next = l.head;
  if (l.head != kNoSpan)
    g_region.span(b, l.head)->prev = i;
  else
    l.tail = i;
  l.head = i;
}

void remove(unsigned b, SpanList &l, std::uint32_t i) {
  Span *s = g_region.span(b, i);
  if (s->prev != kNoSpan)
    g_region.span(b, s->prev)->next = s->next;
  else
    l.head = s->next;
  if (s->next != kNoSpan)
    g_region.span(b, s->next)->prev = s->prev;
  else
    l.tail = s->prev;
}

/// A shard's empty spans of one kind: committed, or given back to the OS.
enum class Empty { committed, decommitted };

/// The list of \p c's empty spans of kind \p kind, and its length.
SpanList &empty_list(CentralBin &c, Empty kind) {
  return kind == Empty::committed ? c.dirty : c.clean;
}
std::atomic<std::uint32_t> &empty_count(CentralBin &c, Empty kind) {
  return kind == Empty::committed ? c.spans_cached : c.spans_clean;
}

/// Takes the head of \p c's empty spans of kind \p kind into \p i: for
/// committed ones, the most recently emptied (its pages are the likeliest
/// to be in cache and TLB). False if it has none.
bool take_empty_span(unsigned b, CentralBin &c, Empty kind, std::uint32_t &i) {
  SpanList &l = empty_list(c, kind);
  if ((i = l.head) == kNoSpan)
    return false;
  remove(b, l, i);
  empty_count(c, kind).fetch_sub(1, std::memory_order_relaxed);
  return true;
}

/// For a refill of shard \p shard of bin b, which holds that shard's lock:
/// calls \p take(other, o) for each other shard o of the bin whose counts
/// \p holds(other, o), read without its lock, say it has something to take,
/// with that shard's lock, until \p take returns true; returns whether one
/// did. Another shard's lock is only tried: never two shards' locks waited
/// for at once.
template <typename Holds, typename Take>
bool take_from_other_shards(unsigned b, unsigned shard, Holds &&holds,
                            Take &&take) {
  for (unsigned o = 0, n = num_shards(); o < n; ++o) {
    CentralBin &other = g_bins[o][b];
    if (o == shard || !holds(other, o) || !other.lock.try_lock())
      continue;
    const bool done = take(other, o);
    other.lock.unlock();
    if (done)
      return true;
  }
  return false;
}

/// An empty span of bin b of kind \p kind for shard \p shard (\p c, locked):
/// its own, else another shard's. A thread moves between CPUs as the
/// scheduler likes, so the spans one CPU's shard emptied are as likely to
/// be wanted on another: a shard that committed new spans while another
/// kept empty ones would hold a rebuilt structure's memory twice
/// (bench/notes/threads.md, "Shards of the bins by CPU"). A shard with none
/// is skipped by its count, unlocked.
bool take_empty_span_anywhere(unsigned b, unsigned shard, CentralBin &c,
                              Empty kind, std::uint32_t &i) {
  return take_empty_span(b, c, kind, i) ||
         take_from_other_shards(
             b, shard,
             [&](CentralBin &other, unsigned) {
               return empty_count(other, kind)
                          .load(std::memory_order_relaxed) != 0;
             },
             [&](CentralBin &other, unsigned) {
               return take_empty_span(b, other, kind, i);
             });
}

/// A span for shard \p shard (\p c) of bin b: a committed empty one of any
/// shard, its own first; else a decommitted one, likewise; else a fresh one
/// from the frontier. Reusing the bin's empty spans before the frontier
/// keeps a bin's spans few and its range from filling.
TakeStatus acquire_span(unsigned b, unsigned shard, CentralBin &c,
                        std::uint32_t &i) {
  if (!take_empty_span_anywhere(b, shard, c, Empty::committed, i) &&
      !take_empty_span_anywhere(b, shard, c, Empty::decommitted, i)) {
    TakeStatus status;
    {
      LockGuard g(g_frontier_locks[b]);
      status = region_new_span(b, i);
    }
    if (status != TakeStatus::ok)
      return status;
    g_region.span(b, i)->resident = 0; // pages never touched
  }
  Span *s = g_region.span(b, i);
  s->shard = static_cast<std::uint8_t>(shard);
  s->free = nullptr;
  s->used = 0;
  set_carved(s, 0);
  s->owned = 0;
  push_front(b, c.partial, i);
  s->state = SpanState::partial;
  c.spans_in_use.fetch_add(1, std::memory_order_relaxed);
  return TakeStatus::ok;
}

/// Gives the pages of \p n empty spans of bin b back to the OS, one madvise
/// per run of adjacent spans, and moves them to the clean list.
void decommit_spans(unsigned b, CentralBin &c, std::uint32_t *spans,
                    std::uint32_t n) {
  std::sort(spans, spans + n);
  for (std::uint32_t run = 0, i = 1; i <= n; ++i) {
    if (i < n && spans[i] == spans[i - 1] + 1)
      continue;
    platform::decommit(g_region.span_start(b, spans[run]), std::size_t(i - run)
                                                               << kSpanShift);
    run = i;
  }
  for (std::uint32_t i = 0; i < n; ++i) {
    g_region.span(b, spans[i])->resident = 0;
    push_front(b, c.clean, spans[i]);
  }
  c.spans_clean.fetch_add(n, std::memory_order_relaxed);
  Counters::add(g_counters.bytes_returned, std::uint64_t(n) << kSpanShift);
}

/// Decommits bin b's committed empty spans that have been empty for at least
/// \p delay ms at \p now, oldest first, keeping \p keep. Returns how many.
std::uint32_t purge_bin(unsigned b, CentralBin &c, std::uint32_t now,
                        std::uint32_t delay, std::uint32_t keep) {
  std::uint32_t spans[kDecommitBatch], n = 0, total = 0;
  while (c.spans_cached.load(std::memory_order_relaxed) > keep) {
    std::uint32_t i = c.dirty.tail;
    if (now - g_region.span(b, i)->emptied_at < delay)
      break; // the rest were emptied later
    remove(b, c.dirty, i);
    c.spans_cached.fetch_sub(1, std::memory_order_relaxed);
    spans[n++] = i;
    if (n == kDecommitBatch) {
      decommit_spans(b, c, spans, n);
      total += n;
      n = 0;
    }
  }
  if (n)
    decommit_spans(b, c, spans, n);
  return total + n;
}

/// Span I of bin b has all its objects back, at time \p now.
void release_span(unsigned b, CentralBin &c, std::uint32_t i, Span *s,
                  std::uint32_t now) {
  // Its list, all it carved, goes with it: the count falls below the
  // objects listed until the return that emptied it adds its own.
  own_add(c.free_objects, -static_cast<std::int32_t>(carved_of(s)));
  remove(b, c.partial, i);
  s->state = SpanState::empty;
  s->free = nullptr;
  s->resident = std::max<std::uint32_t>(carved_of(s), s->resident);
  set_carved(s, 0);
  s->owned = 0;
  s->emptied_at = now;
  push_front(b, c.dirty, i);
  c.spans_in_use.fetch_sub(1, std::memory_order_relaxed);
  c.spans_cached.fetch_add(1, std::memory_order_relaxed);
  purge_notify(); // the background purge gives it back if it stays empty
}

/// How many slots from \p carved on a refill may carve on the span at
/// \p start: those that start in the 2 KiB window of the first one, or, if
/// more, those below the span's \p resident mark. Carving writes each
/// object's link, which makes its page resident, and spare objects a thread
/// never uses must cost no memory (mimalloc extends a page's free list
/// lazily for the same reason). What a thread leaves of a window, the next
/// refill carves, on a page already resident. A thread that needs more
/// comes back: one refill per 2 KiB of new memory, beside half a page
/// fault. Slots below the resident mark were carved before the span's
/// pages last went back: carving them again costs no memory, so a refill
/// takes what it wants of them at once. Without that, a thread starting on
/// spans another thread emptied refilled 2 KiB at a time, taking the
/// central lock for every few objects (bench/notes/whole-programs.md,
/// thread_churn).
std::uint32_t slots_to_carve(const char *start, std::uint32_t carved,
                             std::uint32_t resident, std::size_t size) {
  const std::uintptr_t first =
      reinterpret_cast<std::uintptr_t>(start) + carved * size;
  const std::uintptr_t window_end = (first | (kCarveWindow - 1)) + 1;
  const auto in_window =
      static_cast<std::uint32_t>((window_end - first + size - 1) / size);
  return std::max(in_window, resident > carved ? resident - carved : 0);
}

/// Links never-used slots [from, from + n) of bin b's span at \p start
/// onto \p out, in address order.
void carve(unsigned b, char *start, std::uint32_t from, std::uint32_t n,
           const Links &links, const SpanMark &mark, Batch &out) {
  const std::size_t size = object_size(b);
  for (std::uint32_t k = from + n; k-- > from;) {
    auto *o = reinterpret_cast<FreeObject *>(start + k * size);
    mark.clear(o); // its slot may hold it from the span's last use
    links.push(out.head, o);
    if constexpr (kDebug)
      if (b < kNumBins) // the debug build has no tiny path
        debug_on_carve(b, o);
  }
  out.count += n;
}

/// The objects on span \p s's free list: its carved slots not out. An
/// owned span counts the slots its thread has yet to carve as out.
std::uint32_t free_objects(const Span *s, std::uint32_t cap) {
  return (s->owned ? cap : carved_of(s)) - s->used;
}

/// Span I of bin b has no object to hand out, or none that a refill may
/// carve (a thread owns them): off the partial list.
void leave_partial_if_spent(unsigned b, CentralBin &c, std::uint32_t i, Span *s,
                            std::uint32_t cap) {
  if (s->free || (!s->owned && carved_of(s) < cap))
    return;
  remove(b, c.partial, i);
  s->state = SpanState::full;
}

/// At the end of a give-back (bin lock held): with no purge delay, the
/// empty spans go back at once, but a whole batch per madvise run.
void purge_without_delay(unsigned b, CentralBin &c, std::uint32_t now) {
  if (purge_delay() == 0 && c.spans_cached.load(std::memory_order_relaxed) >=
                                min_cached_spans() + kDecommitBatch)
    purge_bin(b, c, now, 0, min_cached_spans());
}

/// A give-back's hold on one shard of a bin at a time: the objects of a
/// chain may come from spans of several shards, and each goes back under
/// its own shard's lock. Never two locks at once.
class ShardHold {
public:
  ShardHold(unsigned b, std::uint32_t now) : b(b), now(now) {}
  ShardHold(const ShardHold &) = delete;
  ShardHold &operator=(const ShardHold &) = delete;
  ~ShardHold() { release(); }

  /// Shard \p shard of the bin, locked.
  CentralBin &hold(unsigned shard) {
    CentralBin &c = g_bins[shard][b];
    if (held == &c)
      return c;
    release();
    c.lock.lock();
    c.last_used.store(now, std::memory_order_relaxed);
    held = &c;
    return c;
  }
  /// Objects put back on the held shard's spans.
  void add_returned(std::uint64_t n) { returned += n; }

private:
  void release() {
    if (!held)
      return;
    purge_without_delay(b, *held, now);
    own_add(held->free_objects, static_cast<std::int32_t>(returned));
    // The lock orders the writers; a count of all bins in one place would
    // be written by every thread's flushes.
    own_add(held->objects_returned, returned);
    returned = 0;
    held->lock.unlock();
    held = nullptr;
  }

  const unsigned b;
  const std::uint32_t now;
  CentralBin *held = nullptr;
  std::uint64_t returned = 0;
};

/// Puts each object of the chain at \p head back on its span's free list,
/// under its shard's lock (\p hold); a span that gets all its objects back
/// is released. Inline in both its callers: called from two, Clang kept it
/// out of line, and each flush paid the call (0.03 instructions a pair of
/// the Batch rows, bench/notes/threads.md). Every object is checked
/// (ReturnCheck) before it is read or written, so a link is decoded
/// unchecked: one that names an address outside the bin, 0 included, fails
/// the span index check of the run it would start.
[[gnu::always_inline]] inline void return_objects(unsigned b, ShardHold &hold,
                                                  FreeObject *head,
                                                  std::uint32_t now) {
  // Locals: the stores below could alias the globals, which each object
  // would then read again.
  const Links links = Links::current();
  const ReturnCheck check(b, region_frontier(b));
  const Region region = g_region;
  FreeObject *from = nullptr; // the object whose link named head
  bool more = head != nullptr;
  std::uintptr_t at = more ? region.span_index(b, head) : 0;
  // Head, encoded: past the first, the link that named it, as read.
  std::uintptr_t encoded = more ? links.encode(head) : 0;
  while (more) {
    // A run: objects of one span one after another, as a list freed in
    // the order its objects were made holds them. The span's record is
    // looked up once a run, and its list, its count of objects out, its
    // carved slots and its mark stay in registers through it.
    check.in_range(head, at, from);
    const auto i = static_cast<std::uint32_t>(at);
    Span *s = region.span(b, i);
    // A span's shard is set when a shard takes it (acquire_span), and it
    // stays while the span holds objects, as it does now.
    CentralBin &c = hold.hold(s->shard);
    if (s->state == SpanState::full) {
      push_front(b, c.partial, i);
      s->state = SpanState::partial;
    }
    const std::uint32_t out_before = s->used;
    const std::uint64_t carved_high = std::uint64_t(carved_of(s)) << 32;
    const std::uintptr_t span_mark = check.mark.of_span(s);
    // The span's list head, encoded as a link: each object pushed takes it,
    // and the object's own encoding becomes it, with no multiply.
    std::uintptr_t list = links.encode(s->free);
    std::uint32_t out = out_before;
    const std::uintptr_t run = at;
    FreeObject *o;
    do {
      o = head;
      check.check(o, s, out, carved_high, list, span_mark);
      const std::uintptr_t next = o->__link;
      check.mark.set(o, span_mark);
      o->__link = list;
      list = encoded;
      encoded = next;
      --out;
      if (next == detail::kListEnd) {
        more = false;
        break;
      }
      head = reinterpret_cast<FreeObject *>(next * links.inverse);
    } while ((at = region.span_index(b, head)) == run);
    from = o;
    hold.add_returned(out_before - out);
    s->free = o; // the last object pushed
    s->used = static_cast<std::uint16_t>(out);
    if (out == 0)
      release_span(b, c, i, s, now);
  }
}

/// Gives the slots \p own has not carved back to their span, under its
/// shard's lock (\p hold).
void give_back_owned(unsigned b, ShardHold &hold, OwnedSlots &own,
                     std::uint32_t now) {
  if (own.next == own.end)
    return;
  Span *s = g_region.span(b, own.span);
  CentralBin &c = hold.hold(s->shard);
  s->used = static_cast<std::uint16_t>(s->used - (own.end - own.next));
  s->owned = 0;
  if (s->state == SpanState::full) {
    push_front(b, c.partial, own.span);
    s->state = SpanState::partial;
  }
  if (s->used == 0)
    release_span(b, c, own.span, s, now);
  own = {};
}

/// The lazy purge, at the end of a refill's or a flush's visit at \p now:
/// every half delay at most, the first thread through gives back the spans
/// that have been empty for the delay (a couple per bin excepted), and trims
/// glibc's heap if it is due (composition.h). Lazy, as jemalloc's decay without
/// its background thread.
void purge_lazily(std::uint32_t now) {
  const std::uint32_t delay = purge_delay();
  std::uint32_t last = g_last_lazy_purge_ms.load(std::memory_order_relaxed);
  if (delay == 0 || now - last < std::max<std::uint32_t>(delay / 2, 1) ||
      !g_last_lazy_purge_ms.compare_exchange_strong(last, now,
                                                    std::memory_order_relaxed))
    return;
  const std::uint32_t keep = min_cached_spans();
  for_each_shard_bin([&](unsigned b, CentralBin &c) {
    if (c.spans_cached.load(std::memory_order_relaxed) <= keep)
      return;
    LockGuard g(c.lock);
    purge_bin(b, c, now, delay, keep);
  });
  composition_trim_if_idle(now);
}

} // namespace

void central_purge_after_exit(std::uint32_t now) noexcept {
  std::uint32_t total = 0;
  for_each_shard_bin([&](unsigned, CentralBin &c) {
    total += c.spans_cached.load(std::memory_order_relaxed);
  });
  composition_trim_after_exit(now);
  if (total <= kExitCachedSpans)
    return;
  // Each bin's shard keeps its share of the budget, and at least its couple.
  const std::uint32_t min_keep = min_cached_spans();
  for_each_shard_bin([&](unsigned b, CentralBin &c) {
    const std::uint32_t cached = c.spans_cached.load(std::memory_order_relaxed);
    const std::uint32_t keep = std::max<std::uint32_t>(
        min_keep, std::uint64_t(cached) * kExitCachedSpans / total);
    if (cached <= keep)
      return;
    LockGuard g(c.lock);
    purge_bin(b, c, now, 0, keep);
  });
}

namespace {

/// Takes objects off span \p s's free list (bin b, its shard's lock held)
/// onto \p out until it holds \p want: the whole list, unread, if \p out is
/// empty and the list holds at most kWholeListBatches times \p want.
/// Returns how many. Inline in both its callers, as return_objects is: out
/// of line, each refill paid the call (0.03 instructions a pair of the
/// Batch rows).
[[gnu::always_inline]] inline std::uint32_t
take_listed(unsigned b, Span *s, std::uint32_t cap, std::uint32_t want,
            const Links &links, const SpanMark &mark, Batch &out) {
  if (out.count == 0 && s->free &&
      free_objects(s, cap) <= kWholeListBatches * want) {
    // The span's whole list, unread: its links are encoded as a thread's
    // are, and its objects' marks go stale with the epoch.
    out.head = s->free;
    out.count = free_objects(s, cap);
    s->free = nullptr;
    s->used += out.count;
    ++s->epoch;
    return out.count;
  }
  std::uint32_t n = 0;
  for (; out.count < want && s->free; ++n, ++out.count) {
    FreeObject *o = s->free;
    s->free = links.next_in_span(b, o);
    mark.clear(o);
    links.push(out.head, o);
  }
  s->used += n;
  return n;
}

/// Spans a refill looks at in another shard's partial list: those at its
/// head without a free list (slots left to carve) are few.
constexpr unsigned kSpansLookedAtElsewhere = 16;

/// Notes in \p held that the calling thread takes objects of bin b from
/// shard \p shard, and counts it among the shard's holders the first time.
void note_holder(unsigned b, unsigned shard, ShardSet &held) {
  const auto bit = static_cast<ShardSet>(1u << shard);
  if (held & bit)
    return;
  held |= bit;
  g_bins[shard][b].holders.fetch_add(1, std::memory_order_relaxed);
}

/// For a refill of shard \p shard (its lock held) that found no partial
/// span there: objects off the free lists of other shards' spans of bin b,
/// until \p out holds \p want. The spans stay in their shard, and their
/// objects go back there. A thread moves between CPUs as the scheduler
/// likes, and the objects it freed on one CPU, those its cache did not
/// keep, wait on their spans in that CPU's shard: a refill on another CPU
/// that started new spans instead would hold what was freed twice, up to
/// one shard's worth a CPU (bench/notes/threads.md).
/// Only from a shard no other live thread has taken objects from (\p held:
/// the calling thread's shards): a list freed in shuffled order mixes its
/// objects in every line, and objects of one line in the caches of threads
/// on two CPUs stall both at each write (bench/notes/threads.md, "Objects of
/// a shard another thread holds"). A shard with no object listed, or other
/// holders, is skipped by its counts, unlocked.
void take_listed_elsewhere(unsigned b, unsigned shard, std::uint32_t cap,
                           std::uint32_t want, const Links &links,
                           const SpanMark &mark, ShardSet &held, Batch &out) {
  take_from_other_shards(
      b, shard,
      [&](CentralBin &other, unsigned o) {
        return other.free_objects.load(std::memory_order_relaxed) > 0 &&
               other.holders.load(std::memory_order_relaxed) ==
                   ((held >> o) & 1u);
      },
      [&](CentralBin &other, unsigned o) {
        std::uint32_t listed = 0, looked = 0;
        for (std::uint32_t i = other.partial.head;
             i != kNoSpan && out.count < want &&
             looked < kSpansLookedAtElsewhere;
             ++looked) {
          Span *s = g_region.span(b, i);
          const std::uint32_t next = s->next;
          listed += take_listed(b, s, cap, want, links, mark, out);
          leave_partial_if_spent(b, other, i, s, cap);
          i = next;
        }
        own_add(other.free_objects, -static_cast<std::int32_t>(listed));
        if (listed)
          note_holder(b, o, held);
        return out.count >= want;
      });
}

/// central_take from shard \p shard.
TakeStatus take(unsigned b, unsigned shard, std::uint32_t want, Batch &out,
                ShardSet *held, OwnedSlots *own) {
  CentralBin &c = g_bins[shard][b];
  const std::uint32_t cap = kCapacity[b];
  const std::size_t size = object_size(b);
  const std::uint32_t now = platform::now_ms();
  const Links links = Links::current();
  const SpanMark mark = SpanMark::of(b);
  TakeStatus status = TakeStatus::ok;
  {
    LockGuard g(c.lock);
    c.last_used.store(now, std::memory_order_relaxed);
    own_add(c.takes, 1);
    if (held)
      note_holder(b, shard, *held);
    // A thread with slots of its own left takes only free objects here.
    const bool free_only = own && own->next < own->end;
    std::uint32_t listed = 0;      // objects taken off the spans' lists
    bool looked_elsewhere = false; // at other shards' spans' lists
    while (out.count < want) {
      std::uint32_t i = c.partial.head;
      if (i == kNoSpan && free_only)
        break;
      if (i == kNoSpan && !looked_elsewhere) {
        looked_elsewhere = true;
        if (held)
          take_listed_elsewhere(b, shard, cap, want, links, mark, *held, out);
        continue;
      }
      if (i == kNoSpan &&
          (status = acquire_span(b, shard, c, i)) != TakeStatus::ok)
        break;
      Span *s = g_region.span(b, i);
      if (free_only && !s->free)
        break;
      listed += take_listed(b, s, cap, want, links, mark, out);
      const std::uint32_t carved = carved_of(s);
      std::uint32_t n = 0;
      if (out.count < want && !free_only && !s->owned && carved < cap) {
        if (own) {
          // The rest of the span is the thread's to carve, alone: its
          // slots count as out until it carves them or gives them back.
          s->owned = 1;
          s->used += cap - carved;
          *own = {i, static_cast<std::uint16_t>(carved),
                  static_cast<std::uint16_t>(cap),
                  static_cast<std::uint16_t>(s->resident)};
          leave_partial_if_spent(b, c, i, s, cap);
          break;
        }
        // A thread's own refills carve the span they own (OwnedSlots);
        // these carve for the rest: the tiny path, a thread past its exit,
        // a top-up, a bin not yet busy.
        char *start = g_region.span_start(b, i);
        n = std::min({want - out.count, cap - carved,
                      slots_to_carve(start, carved, s->resident, size)});
        carve(b, start, carved, n, links, mark, out);
        set_carved(s, carved + n);
        s->used += n;
      }
      leave_partial_if_spent(b, c, i, s, cap);
      if (n)
        break; // new memory: enough for this refill
    }
    own_add(c.free_objects, -static_cast<std::int32_t>(listed));
  }
  purge_lazily(now);
  return out.count ? TakeStatus::ok : status;
}

} // namespace

TakeStatus central_take(unsigned b, std::uint32_t want, Batch &out,
                        ShardSet *held, OwnedSlots *own) noexcept {
  return take(b, shard_here(), want, out, held, own);
}

TakeStatus central_refill(unsigned b, std::uint32_t want, Batch &out,
                          ShardSet &held, OwnedSlots &own,
                          bool may_own) noexcept {
  TakeStatus status = TakeStatus::ok;
  const unsigned shard = shard_here();
  if (own.next == own.end ||
      g_bins[shard][b].free_objects.load(std::memory_order_relaxed) > 0)
    status = take(b, shard, want, out, &held, may_own ? &own : nullptr);
  if (out.count < want)
    carve_owned(b, own, want - out.count, out);
  return out.count ? TakeStatus::ok : status;
}

void carve_owned(unsigned b, OwnedSlots &own, std::uint32_t want,
                 Batch &out) noexcept {
  if (own.next == own.end)
    return;
  char *start = g_region.span_start(b, own.span);
  const std::uint32_t n =
      std::min({want, std::uint32_t(own.end - own.next),
                slots_to_carve(start, own.next, own.resident, object_size(b))});
  carve(b, start, own.next, n, Links::current(), SpanMark::of(b), out);
  own.next = static_cast<std::uint16_t>(own.next + n);
  // Before any of them is handed out, so that a free from any thread finds
  // them carved (ReturnCheck).
  set_carved(g_region.span(b, own.span), own.next);
}

void central_give_back(unsigned b, FreeObject *head) noexcept {
  const std::uint32_t now = platform::now_ms();
  {
    ShardHold hold(b, now);
    return_objects(b, hold, head, now);
  }
  purge_lazily(now);
}

void central_give_back_thread(unsigned b, FreeObject *alloc, FreeObject *freed,
                              OwnedSlots &own) noexcept {
  if (!alloc && !freed && own.next == own.end)
    return;
  const std::uint32_t now = platform::now_ms();
  {
    ShardHold hold(b, now);
    for (FreeObject *head : {alloc, freed})
      return_objects(b, hold, head, now);
    give_back_owned(b, hold, own, now);
  }
  purge_lazily(now);
}

void central_leave(unsigned b, ShardSet held) noexcept {
  for (unsigned shard = 0; held; ++shard, held >>= 1)
    if (held & 1u)
      g_bins[shard][b].holders.fetch_sub(1, std::memory_order_relaxed);
}

std::uint32_t central_purge_background(std::uint32_t now) noexcept {
  const std::uint32_t delay = purge_delay();
  std::uint32_t next = kNoPurgeDue;
  const std::uint32_t min_keep = min_cached_spans();
  for_each_shard_bin([&](unsigned b, CentralBin &c) {
    if (c.spans_cached.load(std::memory_order_relaxed) == 0)
      return;
    LockGuard g(c.lock);
    // A bin in use keeps a couple of empty spans, as the lazy purge leaves
    // them; one the program has left alone for a delay gives them back.
    const std::uint32_t idle =
        now - c.last_used.load(std::memory_order_relaxed);
    const std::uint32_t keep = idle < delay ? min_keep : 0;
    purge_bin(b, c, now, delay, keep);
    // What is left falls due when its oldest span has been empty for the
    // delay, or, for the spans a busy bin keeps, when it stops being busy.
    const std::uint32_t cached = c.spans_cached.load(std::memory_order_relaxed);
    if (cached > keep)
      next = std::min(
          next, delay - (now - g_region.span(b, c.dirty.tail)->emptied_at));
    else if (cached)
      next = std::min(next, delay - idle);
  });
  return next;
}

std::size_t central_release_all() noexcept {
  std::size_t spans = 0;
  for_each_shard_bin([&](unsigned b, CentralBin &c) {
    LockGuard g(c.lock);
    spans += purge_bin(b, c, 0, 0, 0);
  });
  return spans << kSpanShift;
}

void central_init() noexcept {
  bool allowed[platform::kMaxCpus];
  const unsigned cpus = platform::allowed_cpus(allowed);
  const unsigned n = std::min(cpus, kMaxShards);
  for (unsigned cpu = 0, k = 0; cpu < platform::kMaxCpus; ++cpu)
    g_shard_of_cpu[cpu] =
        static_cast<std::uint8_t>(allowed[cpu] ? k++ % n : cpu % n);
  g_num_shards.store(n, std::memory_order_release);
}

/// Sums \p field over bin b's shards.
template <typename T>
T sum_over_shards(unsigned b, std::atomic<T> CentralBin::*field) {
  T n = 0;
  for (unsigned shard = 0, shards = num_shards(); shard < shards; ++shard)
    n += (g_bins[shard][b].*field).load(std::memory_order_relaxed);
  return n;
}

std::uint32_t central_spans_in_use(unsigned b) noexcept {
  return sum_over_shards(b, &CentralBin::spans_in_use);
}
std::uint32_t central_spans_cached(unsigned b) noexcept {
  return sum_over_shards(b, &CentralBin::spans_cached);
}

std::uint64_t central_objects_returned() noexcept {
  std::uint64_t n = 0;
  for (unsigned b = 0; b < kNumSpanBins; ++b)
    n += sum_over_shards(b, &CentralBin::objects_returned);
  return n;
}

std::uint64_t central_takes() noexcept {
  std::uint64_t n = 0;
  for (unsigned b = 0; b < kNumSpanBins; ++b)
    n += sum_over_shards(b, &CentralBin::takes);
  return n;
}

// Shards before frontiers, as acquire_span takes them.
void central_lock_all() noexcept {
  for_each_shard_bin([](unsigned, CentralBin &c) { c.lock.lock(); });
  for (Lock &l : g_frontier_locks)
    l.lock();
}
void central_unlock_all() noexcept {
  for (Lock &l : g_frontier_locks)
    l.unlock();
  for_each_shard_bin([](unsigned, CentralBin &c) { c.lock.unlock(); });
}

} // namespace sizespec
