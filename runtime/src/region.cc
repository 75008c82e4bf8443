//===- region.cc - The address range all spans live in --------------------===//

#include "region.h"

#include "debug.h"

#include "platform.h"

#include <sizespec/thread_cache.h>

#include <cstdint>

namespace sizespec {

constinit std::uintptr_t g_region_base_index = 2;
constinit unsigned g_region_shift = 63;
constinit detail::InlineFreeRegion detail::inline_free_region = {2, 63};
constinit Region g_region;
constinit Span g_head_spans[kNumSpanBins][kHeadSpans] = {};
constinit std::atomic<std::size_t> g_bytes_committed{0};
constinit std::atomic<std::size_t> g_commit_limit{SIZE_MAX};

namespace {
std::uintptr_t page_floor(const void *P) {
  return reinterpret_cast<std::uintptr_t>(P) & ~(kPageSize - 1);
}
std::uintptr_t page_ceil(const void *P) {
  return (reinterpret_cast<std::uintptr_t>(P) + kPageSize - 1) &
         ~(kPageSize - 1);
}
} // namespace

bool region_init() noexcept {
  // Leave most of a finite address-space limit to the program.
  std::size_t Limit = platform::address_space_limit();
  for (unsigned Shift = kMaxBinShift; Shift >= kMinBinShift; --Shift) {
    std::size_t BinBytes = std::size_t(1) << Shift;
    std::size_t Bytes = kNumSpanBins * BinBytes;
    if (Limit != SIZE_MAX && Bytes > Limit / 4)
      continue;
    void *P = platform::reserve(Bytes, BinBytes);
    if (!P)
      continue;
    g_region.base = static_cast<char *>(P);
    g_region.shift = Shift;
    g_region.spans_per_bin = static_cast<std::uint32_t>(BinBytes / kSpanSize);
    std::size_t MetaBytes = g_region.spans_per_bin * sizeof(Span);
    g_region.meta_spans =
        static_cast<std::uint32_t>((MetaBytes + kSpanSize - 1) / kSpanSize);
    // The tiny range: the Span array, then a count byte per 16 bytes.
    g_region.tiny_counts_offset =
        (MetaBytes + kPageSize - 1) & ~(kPageSize - 1);
    std::size_t TinyMeta =
        g_region.tiny_counts_offset + (BinBytes >> kTinyBlockShift);
    g_region.tiny_meta_spans =
        static_cast<std::uint32_t>((TinyMeta + kSpanSize - 1) / kSpanSize);
    // Base first: a reader that sees the new shift sees the new base.
    const std::uintptr_t BaseIndex =
        reinterpret_cast<std::uintptr_t>(P) >> Shift;
    __atomic_store_n(&g_region_base_index, BaseIndex, __ATOMIC_RELAXED);
    __atomic_store_n(&g_region_shift, Shift, __ATOMIC_RELEASE);
    // The same for the plugin's inline free, which must not bypass the
    // debug build's checks.
    if constexpr (!kDebug) {
      detail::InlineFreeRegion &Inline = detail::inline_free_region;
      __atomic_store_n(&Inline.__base_index, BaseIndex, __ATOMIC_RELAXED);
      __atomic_store_n(&Inline.__shift, Shift, __ATOMIC_RELEASE);
    }
    if constexpr (kDebug)
      debug_init();
    return true;
  }
  return false;
}

bool region_commit(unsigned B, std::uint32_t First,
                   std::uint32_t Count) noexcept {
  std::size_t Bytes = std::size_t(Count) << kSpanShift;
  std::size_t Before = g_bytes_committed.fetch_add(Bytes);
  if (Before + Bytes > g_commit_limit.load(std::memory_order_relaxed)) {
    g_bytes_committed.fetch_sub(Bytes);
    return false;
  }
  // The records' place at the head of the range (the first spans' records
  // are in g_head_spans; committing theirs too is harmless).
  const Span *Records = reinterpret_cast<const Span *>(g_region.bin_base(B));
  std::uintptr_t MetaLo = page_floor(Records + First);
  std::uintptr_t MetaHi = page_ceil(Records + First + Count);
  if (!platform::commit(reinterpret_cast<void *>(MetaLo), MetaHi - MetaLo) ||
      !platform::commit(g_region.span_start(B, First), Bytes)) {
    g_bytes_committed.fetch_sub(Bytes);
    return false;
  }
  // A tiny span's counts: 4 KiB each, page-aligned.
  if (B == kTinyBin &&
      !platform::commit(g_region.tiny_count(reinterpret_cast<std::uintptr_t>(
                            g_region.span_start(B, First))),
                        Bytes >> kTinyBlockShift)) {
    g_bytes_committed.fetch_sub(Bytes);
    return false;
  }
  return true;
}

} // namespace sizespec
