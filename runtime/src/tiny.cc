//===- tiny.cc - Pointer-free objects under 16 bytes: the slow paths ------===//

#include "tiny.h"

#include "central.h"
#include "counters.h"
#include "debug.h"
#include "heap_check.h"

#include <sizespec/thread_cache.h>

#include <atomic>

namespace sizespec {
namespace {

/// What a block's count starts at while a thread fills it: above any count
/// of live objects (at most kTinyBlock), so no other free brings it to zero
/// first; and with them, within the count's byte.
constexpr std::uint8_t kTinyBias = 64;
static_assert(kTinyBias > kTinyBlock, "the bias must exceed any live count");
static_assert(kTinyBias + kTinyBlock <= 255, "the count is a byte");

/// Empty blocks a thread keeps (4 KiB); beyond it, half go back.
constexpr std::uint32_t kTinyCacheBlocks = 4096 / kTinyBlock;
/// Blocks a thread takes from the central lists at a time (1 KiB).
constexpr std::uint32_t kTinyBatch = 1024 / kTinyBlock;

std::atomic<std::uint8_t> &count_of(std::uintptr_t blk) {
  return *g_region.tiny_count(blk);
}
static_assert(sizeof(std::atomic<std::uint8_t>) == 1, "");

/// Block \p blk has no live object left: it is \p t's to fill again (the
/// central lists' if \p t is null: a thread past its exit).
void release_block(TinyThread *t, std::uintptr_t blk) {
  auto *o = reinterpret_cast<FreeObject *>(blk);
  const Links links = Links::current();
  if (!t) {
    Counters::add(g_counters.tiny.released, 1);
    links.set_next(o, nullptr);
    central_give_back(kTinyBin, o);
    return;
  }
  own_add(t->counts.released, 1);
  links.push(t->blocks, o);
  if (++t->num_blocks <= kTinyCacheBlocks)
    return;
  FreeObject *last = t->blocks;
  for (std::uint32_t i = 1; i < kTinyCacheBlocks / 2; ++i)
    last = links.next_linked(kTinyBin, last);
  FreeObject *rest = links.next_linked(kTinyBin, last);
  links.set_next(last, nullptr);
  t->num_blocks = kTinyCacheBlocks / 2;
  central_give_back(kTinyBin, rest);
}

/// The current block takes no more objects: hands its count over to the
/// shared one. \p count_tail: its unused end counts as padding (it is lost
/// while the block lives).
void retire(TinyThread &t, bool count_tail) {
  detail::ThreadCache &tc = detail::tls_cache;
  if (!tc.__tiny_end)
    return;
  const std::uintptr_t blk = tc.__tiny_end - kTinyBlock;
  tiny_sync(t);
  if (count_tail)
    own_add(t.counts.padding, tc.__tiny_end - tc.__tiny_next);
  // At most kTinyBlock: the objects in it this thread has not freed.
  auto live = static_cast<std::uint8_t>(tc.__tiny_allocs - tc.__tiny_frees);
  tc.__tiny_next = tc.__tiny_end = 0;
  tc.__tiny_allocs = tc.__tiny_frees = 0;
  t.allocs_seen = t.frees_seen = 0;
  own_add(t.counts.retired, 1);
  tiny_drop(&t, blk, static_cast<std::uint8_t>(kTinyBias - live));
}

} // namespace

void tiny_drop(TinyThread *t, std::uintptr_t blk, std::uint8_t n) noexcept {
  // acq_rel: every free's writes happen before the block is filled again.
  if (count_of(blk).fetch_sub(n, std::memory_order_acq_rel) == n)
    release_block(t, blk);
}

void tiny_sync(TinyThread &t) noexcept {
  detail::ThreadCache &tc = detail::tls_cache;
  TinyCounters &c = t.counts;
  own_add(c.allocations, tc.__tiny_allocs - t.allocs_seen);
  own_add(c.frees, tc.__tiny_frees - t.frees_seen);
  own_add(c.padding, tc.__tiny_pad);
  t.allocs_seen = tc.__tiny_allocs;
  t.frees_seen = tc.__tiny_frees;
  tc.__tiny_pad = 0;
}

void *tiny_start_block(TinyThread &t, ProfileThread &profile, std::size_t size,
                       bool generic, TakeStatus &status) noexcept {
  status = TakeStatus::ok;
  retire(t, /*CountTail=*/true);
  const Links links = Links::current();
  FreeObject *o = links.pop(kTinyBin, t.blocks);
  if (o) {
    --t.num_blocks;
  } else {
    Batch got;
    status = central_take(kTinyBin, kTinyBatch, got, &t.held);
    if (status != TakeStatus::ok)
      return nullptr;
    o = got.head;
    t.blocks = links.next_free(kTinyBin, o);
    t.num_blocks = got.count - 1;
  }
  auto blk = reinterpret_cast<std::uintptr_t>(o);
  // Ours alone until retired: its count was zero and nobody else holds it.
  count_of(blk).store(kTinyBias, std::memory_order_relaxed);
  own_add(t.counts.started, 1);
  detail::ThreadCache &tc = detail::tls_cache;
  tc.__tiny_next = blk + size; // the first object, at the block's start
  tc.__tiny_end = blk + kTinyBlock;
  tc.__tiny_allocs = 1;
  tc.__tiny_frees = 0;
  if (generic)
    own_add(t.counts.generic, 1);
  if (profile_on())
    profile_tiny(profile, size, generic);
  return o;
}

void tiny_thread_exit(TinyThread &t) noexcept {
  retire(t, /*CountTail=*/false);
  tiny_sync(t);
  if (t.blocks)
    central_give_back(kTinyBin, t.blocks);
  t.blocks = nullptr;
  t.num_blocks = 0;
  central_leave(kTinyBin, t.held);
  t.held = 0;
}

} // namespace sizespec
