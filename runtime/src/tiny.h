//===- tiny.h - Pointer-free objects under 16 bytes, packed ----*- C++ -*-===//
//
// Go's tiny allocator, for a language that frees: a thread packs pointer-free
// objects of 1..15 bytes one after another into its current 32-byte block
// (the inline alloc_tiny of <sizespec/tiny_path.h>), and a block is
// reused only once every object in it has been freed.
//
// Each block has a one-byte count of its live objects, in a table in the
// tiny range's metadata (a byte per 32 bytes: 3.1 %). The owner does not touch
// the count while it fills the block: it counts in its TLS block
// (`__tiny_allocs`, the objects it handed out from it, and `__tiny_frees`,
// those it freed), and frees of its current block by itself only count there
// (when the two meet the block is empty and starts over at its first byte). The
// shared count starts at kTinyBias; every other free takes one off it,
// atomically; when the owner moves on (retires the block) it takes off
// kTinyBias minus its own live count, so the count then is the block's live
// objects. Whoever brings it to zero releases the block. So allocation has no
// atomic, a free by the filling thread none, and any other free one.
//
// Tiny spans live in their own range (region.h, kTinyBin), 2048 blocks to a
// span; the counts in the range's metadata, 2 KiB of them per span,
// committed with it. Empty blocks are kept by the thread that released them
// (up to kTinyCacheBlocks), else go back to the central lists.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_TINY_H
#define SIZESPEC_RUNTIME_TINY_H

#include "central.h"
#include "counters.h"
#include "profile.h"
#include "region.h"

#include <sizespec/config.h>
#include <sizespec/tiny_path.h>

#include <cstddef>
#include <cstdint>

namespace sizespec {

using detail::kTinyBlock;
static_assert(kTinyBlock == std::size_t(1) << kTinyBlockShift, "");

/// A thread's slow-path state for the tiny path (inside its ThreadState).
struct TinyThread {
  FreeObject *blocks; ///< empty blocks, ready to fill
  std::uint32_t num_blocks;
  /// The shards the thread has taken blocks from (central_take).
  ShardSet held;
  /// The TLS counts (`__tiny_allocs`, `__tiny_frees`) as last folded into
  /// the stats.
  std::uint64_t allocs_seen;
  std::uint64_t frees_seen;
  /// The thread's tiny counts (counters.h): only it writes them.
  TinyCounters counts;
};

/// Takes \p n off block \p blk's shared count; the caller that brings it
/// to zero releases the block: to \p t's empty blocks, or to the central
/// lists if \p t is null (a thread past its exit).
void tiny_drop(TinyThread *t, std::uintptr_t blk, std::uint8_t n) noexcept;

/// Slow path of alloc_tiny: retires the calling thread's current block
/// (\p t its state, \p profile its profile intervals), starts a new one and
/// returns its first object (\p size bytes), counted as \p generic (the
/// typed runtime-size path) or specialized. Null, with \p status, when no
/// block could be had.
void *tiny_start_block(TinyThread &t, ProfileThread &profile, std::size_t size,
                       bool generic, TakeStatus &status) noexcept;

/// Folds the calling thread's TLS tiny counts into its TinyThread::counts.
void tiny_sync(TinyThread &t) noexcept;

/// Thread exit: retires the current block, gives every empty block back.
void tiny_thread_exit(TinyThread &t) noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_TINY_H
