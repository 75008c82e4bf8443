//===- region.h - The address range all spans live in ----------*- C++ -*-===//
//
// One reservation, cut into kNumSpanBins equal, aligned bin ranges, one per
// (class, scan) pair and one for the tiny path's 32-byte blocks ("big bag
// of pages"): an address alone says whether the runtime owns it and which
// bin it belongs to, with no table lookup.
//
//   base                          base + R          base + 64R       + 65R
//   | bin 0: span metadata, spans | bin 1: ... | ... | tiny blocks |
//
// Each bin range starts with the metadata of its spans (a Span per 64 KiB),
// then the spans, handed out from a commit frontier. Memory is reserved
// inaccessible and committed (mprotect) as the frontier grows. The records
// of each bin's first kHeadSpans spans live apart, side by side in one small
// table, so that a program using every bin a little touches a few pages of
// metadata rather than a page per bin (65 pages, 260 KiB).
//
// The bin ranges are aligned alike, so the same span of every bin would sit
// at the same offset of its range, and the pages that a program uses at
// once, a few of each bin it allocates from, would fall into the same sets of
// a set-associative TLB and evict each other. Bins are coloured instead: bin
// b's records start at page (b mod kBinColours) of its range and its spans
// at span (b mod kBinColours) after the records (bench/notes/placement.md,
// "Bins coloured").
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_REGION_H
#define SIZESPEC_RUNTIME_REGION_H

#include "span.h"

#include <sizespec/bins.h>
#include <sizespec/config.h>
#include <sizespec/free_path.h>
#include <sizespec/tiny_path.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace sizespec {

/// The OS page: what commit, give back and RSS count in.
constexpr std::size_t kPageSize = 4096;

constexpr unsigned kSpanShift = 16;
constexpr std::size_t kSpanSize = std::size_t(1) << kSpanShift;
static_assert(kSpanSize % kMinSpanAlign == 0,
              "spans must honour kMinSpanAlign");
static_assert(kSpanSize >= 16 * kMaxSmallSize, "a span holds 16+ objects");
static_assert(kSpanSize / 8 < (1u << 15), "a span's slots fit Span::resident");

/// The range after the bins': spans of 32-byte blocks into which the tiny
/// path packs pointer-free objects (tiny.h). Pointer-free only, like the
/// noscan bins. Its metadata has, after the Span array, a byte of count per
/// block (Region::tiny_count).
constexpr unsigned kTinyBin = kNumBins;
constexpr std::size_t kTinyBlockShift = 5;
/// Every range the region has: the bins and the tiny range.
constexpr unsigned kNumSpanBins = kNumBins + 1;

/// Bytes of each object a span of bin \p b holds (a tiny span: its blocks).
constexpr std::size_t object_size(unsigned b) {
  return b == kTinyBin ? detail::kTinyBlock : class_size(bin_class(b));
}

/// Bin ranges are 2^shift bytes: 4 GiB each, or less when the address
/// space is short (valgrind allows ~32 GiB, `ulimit -v`).
constexpr unsigned kMaxBinShift = 32;
constexpr unsigned kMinBinShift = 24;

/// How many offsets the bins' spans and records are spread over (the
/// header): 16 spans, 1 MiB, as far as 4 KiB pages go before they come
/// back to the same set of a 256-set TLB.
constexpr std::uint32_t kBinColours = 16;
constexpr std::uint32_t bin_colour(unsigned b) { return b % kBinColours; }

/// The region's geometry as operator delete reads it: a pointer's bin is
/// (p >> shift) - base_index. The one definition is
/// detail::inline_free_region (<sizespec/free_path.h>), which the plugin's
/// inline free reads too; this is its hidden name in the library, so that
/// the library reads it without going through the GOT. The debug build,
/// whose inline frees must all reach its checks, keeps a separate copy and
/// leaves detail::inline_free_region unowned (every base 2, the shift 63).
/// Written once at start-up (region_init); before that unowned too:
/// (p >> 63) - 2 is never below kNumSpanBins, so nothing is ours.
SIZESPEC_INTERNAL extern detail::InlineFreeRegion g_region_index;

/// The bin of \p p, kTinyBin for a tiny block, or a value >= kNumSpanBins
/// if the runtime does not own it.
/// Four instructions with the caller's compare: load the shift, shift,
/// subtract the base index (a memory operand), compare.
/// Plain loads: both words are written once, before the runtime hands out
/// its first object, and any mix of old and new values rejects every
/// pointer, so a racing delete of foreign memory is still sent away. (Clang
/// turns atomic loads of globals into lea+mov, two more instructions.)
SIZESPEC_FAST_PATH std::uintptr_t bin_of_address(const void *p) noexcept {
  return (reinterpret_cast<std::uintptr_t>(p) >> g_region_index.__shift) -
         g_region_index.__base_index;
}

/// The records of the first spans holding objects of every bin (33 KiB).
constexpr std::uint32_t kHeadSpans = 16;
SIZESPEC_INTERNAL extern Span g_head_spans[kNumSpanBins][kHeadSpans];

/// The region's geometry; fixed after region_init().
struct Region {
  char *base = nullptr;
  unsigned shift = 0;
  std::uint32_t spans_per_bin = 0;
  /// Where the tiny range's count table starts (page-aligned).
  std::size_t tiny_counts_offset = 0;
  /// Per bin, its first span that holds objects (past the spans that hold
  /// its metadata, at its colour) and its span records (from page `colour`
  /// of its range); tables, so that the slow paths load them rather than
  /// work them out.
  std::uint32_t first[kNumSpanBins] = {};
  Span *record_base[kNumSpanBins] = {};

  char *bin_base(unsigned b) const { return base + (std::size_t(b) << shift); }
  /// The first span of bin \p b that holds objects.
  std::uint32_t first_span(unsigned b) const { return first[b]; }
  /// Bin \p b's span records, indexed by span.
  Span *records(unsigned b) const { return record_base[b]; }
  /// The count byte of the tiny block at \p blk.
  std::atomic<std::uint8_t> *tiny_count(std::uintptr_t blk) const {
    char *tiny = bin_base(kTinyBin);
    std::size_t index =
        (blk - reinterpret_cast<std::uintptr_t>(tiny)) >> kTinyBlockShift;
    return reinterpret_cast<std::atomic<std::uint8_t> *>(
        tiny + tiny_counts_offset + index);
  }
  /// Span I's record: in the head table for a bin's first kHeadSpans
  /// spans, else at the head of the bin's range.
  Span *span(unsigned b, std::uint32_t i) const {
    const std::uint32_t k = i - first_span(b);
    return k < kHeadSpans ? &g_head_spans[b][k] : records(b) + i;
  }
  char *span_start(unsigned b, std::uint32_t i) const {
    return bin_base(b) + (std::size_t(i) << kSpanShift);
  }
  /// The index of the span \p p is in, not truncated: an address outside
  /// bin b's range (a forged link's, say) gives an index outside it, never
  /// one of its spans'.
  std::uintptr_t span_index(unsigned b, const void *p) const {
    return static_cast<std::uintptr_t>(static_cast<const char *>(p) -
                                       bin_base(b)) >>
           kSpanShift;
  }
};
SIZESPEC_INTERNAL extern Region g_region;

/// Reserves the region; false if no range of kMinBinShift fits.
bool region_init() noexcept;

/// Hands out bin \p b's next never-used span (its index in \p i), from
/// the bin's frontier, committing spans ahead of it a chunk at a time.
/// One caller per bin at a time: the central bin, under its frontier lock.
TakeStatus region_new_span(unsigned b, std::uint32_t &i) noexcept;

/// The first span of bin \p b never handed out: spans from it on have no
/// committed metadata. Read without the bin's lock (the checks).
std::uint32_t region_frontier(unsigned b) noexcept;

/// Bytes committed so far, and the limit region_new_span's commits honour.
SIZESPEC_INTERNAL extern std::atomic<std::size_t> g_bytes_committed;
SIZESPEC_INTERNAL extern std::atomic<std::size_t> g_commit_limit;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_REGION_H
