//===- region.cc - The address range all spans live in --------------------===//

#include "region.h"

#include "platform.h"

#include <algorithm>
#include <cstdint>

namespace sizespec {

namespace {
/// No pointer is ours: every base 2, the shift 63 (free_path.h).
constexpr detail::InlineFreeRegion unowned_region() {
  detail::InlineFreeRegion r{2, 63, {}};
  for (std::uintptr_t &base : r.__class_base)
    base = 2;
  return r;
}
} // namespace

constinit detail::InlineFreeRegion detail::inline_free_region =
    unowned_region();
#if SIZESPEC_DEBUG
constinit detail::InlineFreeRegion g_region_index = unowned_region();
#else
// The same object under a hidden name (region.h).
extern detail::InlineFreeRegion g_region_index
    __attribute__((__alias__("_ZN8sizespec6detail18inline_free_regionE")));
#endif
constinit Region g_region;
constinit Span g_head_spans[kNumSpanBins][kHeadSpans] = {};
constinit std::atomic<std::size_t> g_bytes_committed{0};
constinit std::atomic<std::size_t> g_commit_limit{SIZE_MAX};

namespace {
/// Spans committed at a time as a bin's frontier grows (1 MiB).
constexpr std::uint32_t kCommitChunkSpans = 16;

/// A bin's spans handed out so far, and those committed ahead of them.
struct Frontier {
  std::uint32_t next = 0;      ///< first never-used span (0: unset)
  std::uint32_t committed = 0; ///< spans [0, committed) committed
};
constinit Frontier g_frontiers[kNumSpanBins];

std::uintptr_t page_floor(const void *p) {
  return reinterpret_cast<std::uintptr_t>(p) & ~(kPageSize - 1);
}
std::uintptr_t page_ceil(const void *p) {
  return (reinterpret_cast<std::uintptr_t>(p) + kPageSize - 1) &
         ~(kPageSize - 1);
}

/// Commits spans [first, first+count) of bin \p b with their metadata.
/// False if the OS refuses or the commit limit (a test hook) would be passed.
bool commit_spans(unsigned b, std::uint32_t first, std::uint32_t count) {
  std::size_t bytes = std::size_t(count) << kSpanShift;
  std::size_t before = g_bytes_committed.fetch_add(bytes);
  if (before + bytes > g_commit_limit.load(std::memory_order_relaxed)) {
    g_bytes_committed.fetch_sub(bytes);
    return false;
  }
  // The records' place at the head of the range (the first spans' records
  // are in g_head_spans; committing theirs too is harmless).
  const Span *records = g_region.records(b);
  std::uintptr_t meta_lo = page_floor(records + first);
  std::uintptr_t meta_hi = page_ceil(records + first + count);
  if (!platform::commit(reinterpret_cast<void *>(meta_lo), meta_hi - meta_lo) ||
      !platform::commit(g_region.span_start(b, first), bytes)) {
    g_bytes_committed.fetch_sub(bytes);
    return false;
  }
  // The tiny spans' counts, 2 KiB a span: the pages that hold them (a page
  // may already be committed with a neighbour; committing it again keeps
  // its contents).
  if (b == kTinyBin) {
    const auto start =
        reinterpret_cast<std::uintptr_t>(g_region.span_start(b, first));
    const void *lo = g_region.tiny_count(start);
    const void *hi = g_region.tiny_count(start + bytes);
    const std::uintptr_t counts_lo = page_floor(lo);
    if (!platform::commit(reinterpret_cast<void *>(counts_lo),
                          page_ceil(hi) - counts_lo)) {
      g_bytes_committed.fetch_sub(bytes);
      return false;
    }
  }
  return true;
}
} // namespace

bool region_init() noexcept {
  // Leave most of a finite address-space limit to the program.
  std::size_t limit = platform::address_space_limit();
  for (unsigned shift = kMaxBinShift; shift >= kMinBinShift; --shift) {
    std::size_t bin_bytes = std::size_t(1) << shift;
    std::size_t bytes = kNumSpanBins * bin_bytes;
    if (limit != SIZE_MAX && bytes > limit / 4)
      continue;
    void *p = platform::reserve(bytes, bin_bytes);
    if (!p)
      continue;
    g_region.base = static_cast<char *>(p);
    g_region.shift = shift;
    g_region.spans_per_bin = static_cast<std::uint32_t>(bin_bytes / kSpanSize);
    // Each bin's records start at the page of its colour (region.h).
    std::size_t meta_bytes =
        (kBinColours - 1) * kPageSize + g_region.spans_per_bin * sizeof(Span);
    const auto meta_spans =
        static_cast<std::uint32_t>((meta_bytes + kSpanSize - 1) / kSpanSize);
    // The tiny range: the Span array, then a count byte per block.
    g_region.tiny_counts_offset =
        (meta_bytes + kPageSize - 1) & ~(kPageSize - 1);
    std::size_t tiny_meta =
        g_region.tiny_counts_offset + (bin_bytes >> kTinyBlockShift);
    const auto tiny_meta_spans =
        static_cast<std::uint32_t>((tiny_meta + kSpanSize - 1) / kSpanSize);
    for (unsigned b = 0; b < kNumSpanBins; ++b) {
      g_region.first[b] =
          (b == kTinyBin ? tiny_meta_spans : meta_spans) + bin_colour(b);
      g_region.record_base[b] = reinterpret_cast<Span *>(
          g_region.bin_base(b) + bin_colour(b) * kPageSize);
    }
    // Bases first: a reader that sees the new shift sees the new bases.
    // In the normal build this is detail::inline_free_region too; the
    // debug build's inline frees keep calling operator delete, which
    // checks.
    const std::uintptr_t base_index =
        reinterpret_cast<std::uintptr_t>(p) >> shift;
    __atomic_store_n(&g_region_index.__base_index, base_index,
                     __ATOMIC_RELAXED);
    for (unsigned c = 1; c <= kNumClasses; ++c)
      __atomic_store_n(&g_region_index.__class_base[c - 1],
                       base_index + bin_of(c, false), __ATOMIC_RELAXED);
    __atomic_store_n(&g_region_index.__shift, shift, __ATOMIC_RELEASE);
    return true;
  }
  return false;
}

TakeStatus region_new_span(unsigned b, std::uint32_t &i) noexcept {
  Frontier &f = g_frontiers[b];
  if (f.next == 0)
    f.next = f.committed = g_region.first_span(b);
  if (f.next == g_region.spans_per_bin)
    return TakeStatus::exhausted;
  if (f.next == f.committed) {
    const std::uint32_t n =
        std::min(kCommitChunkSpans, g_region.spans_per_bin - f.committed);
    if (!commit_spans(b, f.committed, n))
      return TakeStatus::out_of_memory;
    f.committed += n;
  }
  i = f.next;
  // Relaxed: a check reads it without the lock for an object of this span,
  // which reached the checking thread after this store, through the bin's
  // lock or the program's own synchronization.
  __atomic_store_n(&f.next, i + 1, __ATOMIC_RELAXED);
  return TakeStatus::ok;
}

std::uint32_t region_frontier(unsigned b) noexcept {
  return __atomic_load_n(&g_frontiers[b].next, __ATOMIC_RELAXED);
}

} // namespace sizespec
