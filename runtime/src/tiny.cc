//===- tiny.cc - Pointer-free objects under 16 bytes: the slow paths ------===//

#include "tiny.h"

#include "counters.h"
#include "debug.h"
#include "thread_cache.h"

#include <atomic>

namespace sizespec {
namespace {

/// What a block's count starts at while a thread fills it: above any count
/// of live objects (at most 16), so no other free brings it to zero first.
constexpr std::uint8_t kTinyBias = 64;
static_assert(kTinyBias > kTinyBlock, "the bias must exceed any live count");

/// Empty blocks a thread keeps (4 KiB); beyond it, half go back.
constexpr std::uint32_t kTinyCacheBlocks = 256;
/// Blocks a thread takes from the central lists at a time.
constexpr std::uint32_t kTinyBatch = 64;

std::atomic<std::uint8_t> &count_of(std::uintptr_t Blk) {
  return *g_region.tiny_count(Blk);
}
static_assert(sizeof(std::atomic<std::uint8_t>) == 1, "");

/// Block \p Blk has no live object left: it is \p T's to fill again (the
/// central lists' if \p T is null: a thread past its exit).
void release_block(TinyThread *T, std::uintptr_t Blk) {
  g_counters.tiny.blocks.fetch_sub(1, std::memory_order_relaxed);
  auto *O = reinterpret_cast<FreeObject *>(Blk);
  if (!T) {
    O->__next = nullptr;
    central_give_back(kTinyBin, O);
    return;
  }
  O->__next = T->blocks;
  T->blocks = O;
  if (++T->num_blocks <= kTinyCacheBlocks)
    return;
  FreeObject *Last = T->blocks;
  for (std::uint32_t I = 1; I < kTinyCacheBlocks / 2; ++I)
    Last = Last->__next;
  FreeObject *Rest = Last->__next;
  Last->__next = nullptr;
  T->num_blocks = kTinyCacheBlocks / 2;
  central_give_back(kTinyBin, Rest);
}

/// Takes \p N off block \p Blk's count; releases it at zero.
void drop(TinyThread *T, std::uintptr_t Blk, std::uint8_t N) {
  // acq_rel: every free's writes happen before the block is filled again.
  if (count_of(Blk).fetch_sub(N, std::memory_order_acq_rel) == N)
    release_block(T, Blk);
}

/// The current block takes no more objects: hands its count over to the
/// shared one. \p CountTail: its unused end counts as padding (it is lost
/// while the block lives).
void retire(TinyThread &T, bool CountTail) {
  ThreadCache &TC = tls_cache;
  if (!TC.__tiny_end)
    return;
  const std::uintptr_t Blk = TC.__tiny_end - kTinyBlock;
  tiny_sync(T);
  if (CountTail)
    Counters::add(g_counters.tiny.padding, TC.__tiny_end - TC.__tiny_next);
  // At most 16: the objects in it this thread has not freed.
  auto Live = static_cast<std::uint8_t>(TC.__tiny_allocs - TC.__tiny_frees);
  TC.__tiny_next = TC.__tiny_end = 0;
  TC.__tiny_allocs = TC.__tiny_frees = 0;
  T.allocs_seen = T.frees_seen = 0;
  g_counters.tiny.current.fetch_sub(1, std::memory_order_relaxed);
  drop(&T, Blk, static_cast<std::uint8_t>(kTinyBias - Live));
}

} // namespace

void tiny_sync(TinyThread &T) noexcept {
  ThreadCache &TC = tls_cache;
  TinyCounters &C = g_counters.tiny;
  Counters::add(C.allocations, TC.__tiny_allocs - T.allocs_seen);
  Counters::add(C.frees, TC.__tiny_frees - T.frees_seen + T.other_frees);
  Counters::add(C.generic, T.generic);
  Counters::add(C.padding, TC.__tiny_pad);
  T.allocs_seen = TC.__tiny_allocs;
  T.frees_seen = TC.__tiny_frees;
  T.generic = T.other_frees = 0;
  TC.__tiny_pad = 0;
}

void tiny_free_other(void *P) noexcept {
  std::uintptr_t Blk = reinterpret_cast<std::uintptr_t>(P) & ~(kTinyBlock - 1);
  TinyThread *T = tiny_thread();
  if (T)
    ++T->other_frees;
  else
    Counters::add(g_counters.tiny.frees, 1);
  drop(T, Blk, 1);
}

void *tiny_start_block(std::size_t Size, bool Generic,
                       TakeStatus &Status) noexcept {
  Status = TakeStatus::ok;
  TinyThread *T = kDebug ? nullptr : tiny_thread();
  if (!T)
    return nullptr;
  retire(*T, /*CountTail=*/true);
  FreeObject *O = pop_free(T->blocks);
  if (O) {
    --T->num_blocks;
  } else {
    Batch Got;
    Status = central_take(kTinyBin, kTinyBatch, Got);
    if (Status != TakeStatus::ok)
      return nullptr;
    O = Got.head;
    T->blocks = O->__next;
    T->num_blocks = Got.count - 1;
  }
  auto Blk = reinterpret_cast<std::uintptr_t>(O);
  // Ours alone until retired: its count was zero and nobody else holds it.
  count_of(Blk).store(kTinyBias, std::memory_order_relaxed);
  g_counters.tiny.blocks.fetch_add(1, std::memory_order_relaxed);
  g_counters.tiny.current.fetch_add(1, std::memory_order_relaxed);
  ThreadCache &TC = tls_cache;
  TC.__tiny_next = Blk + Size; // the first object, at the block's start
  TC.__tiny_end = Blk + kTinyBlock;
  TC.__tiny_allocs = 1;
  TC.__tiny_frees = 0;
  if (Generic)
    ++T->generic;
  return O;
}

void tiny_count_generic() noexcept {
  if (TinyThread *T = tiny_thread_if_any())
    ++T->generic;
}

void tiny_thread_exit(TinyThread &T) noexcept {
  retire(T, /*CountTail=*/false);
  tiny_sync(T);
  if (T.blocks)
    central_give_back(kTinyBin, T.blocks);
  T.blocks = nullptr;
  T.num_blocks = 0;
}

std::uint64_t tiny_blocks_in_use() noexcept {
  return g_counters.tiny.blocks.load(std::memory_order_relaxed);
}
std::uint64_t tiny_blocks_current() noexcept {
  return g_counters.tiny.current.load(std::memory_order_relaxed);
}

} // namespace sizespec
