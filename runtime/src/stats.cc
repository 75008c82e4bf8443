//===- stats.cc - sizespec::stats() and the SIZESPEC_STATS table ----------===//

#include "central.h"
#include "counters.h"
#include "placement.h"
#include "profile.h"
#include "region.h"
#include "runtime.h"
#include "thread_state.h"
#include "tiny.h"

#include <sizespec/stats.h>
#include <sizespec/stats_format.h>

#include <cstring>

namespace sizespec {

constinit Counters g_counters;

Stats stats() noexcept {
  Stats s;
  std::memset(&s, 0, sizeof s);
  s.mode = g_mode.load(std::memory_order_acquire);
  if (s.mode == Mode::active)
    thread_sync_all();
  CountTotals n;
  thread_count_totals(n);
  for (unsigned b = 0; b < kNumBins; ++b) {
    const BinTotals &c = n.bins[b];
    ClassStats &out = s.classes[bin_class(b)][bin_scan(b) ? 1 : 0];
    out.allocations = c.allocations;
    out.frees = c.frees;
    out.generic = c.generic;
    out.specialized = out.allocations - out.generic;
    out.bytes_in_use = (out.allocations - out.frees) * class_size(bin_class(b));
    out.spans = central_spans_in_use(b);
    s.spans_held += out.spans;
    s.spans_cached += central_spans_cached(b);
  }
  const TinyTotals &t = n.tiny;
  s.tiny.allocations = t.allocations;
  s.tiny.frees = t.frees;
  s.tiny.generic = t.generic;
  s.tiny.specialized = s.tiny.allocations - s.tiny.generic;
  // In use: started, not released; pinned: retired (no longer filled), not
  // released. Other threads count on while the sum is taken, so a release
  // may be seen without its start or its retirement.
  s.tiny.blocks = t.started > t.released ? t.started - t.released : 0;
  s.tiny.pinned_blocks = t.retired > t.released ? t.retired - t.released : 0;
  s.tiny.pinned_bytes = s.tiny.pinned_blocks * kTinyBlock;
  s.tiny.padding_bytes = t.padding;
  s.tiny.spans = central_spans_in_use(kTinyBin);
  s.spans_held += s.tiny.spans;
  s.spans_cached += central_spans_cached(kTinyBin);
  s.large_allocations =
      g_counters.large_allocations.load(std::memory_order_relaxed);
  s.large_bytes = g_counters.large_bytes.load(std::memory_order_relaxed);
  s.bytes_committed = g_bytes_committed.load(std::memory_order_relaxed);
  s.bytes_returned = g_counters.bytes_returned.load(std::memory_order_relaxed);
  return s;
}

// The table SIZESPEC_STATS=1 prints at exit. Its format is stable (the end
// to end tests parse it):
//
//   sizespec: stats (mode active)
//   class  size  kind    allocs  frees  in-use  specialized  generic  spans
//       3    24  noscan     100     90     240          100        0      1
//   ...one row per (class, kind) with allocations, by class then kind...
//   tiny     16  noscan      50     40      32           50        0      1
//   large     -  -            5      -       -            -        5      -
//   sizespec: spans-held 3 spans-cached 0 committed 1048576 returned 0
//   sizespec: tiny blocks 2 pinned-blocks 1 pinned-bytes 16 padding-bytes 3
//
// Columns are separated by spaces; in-use is in bytes. The large row counts
// allocations above 1024 bytes (or over-aligned) served by the system
// allocator; its frees are not told apart from other foreign frees. The
// tiny row (printed when it has allocations) counts pointer-free objects
// under 16 bytes packed into 32-byte blocks; its in-use is the bytes of the
// blocks in use, and the last line says more about them (TinyStats). When
// the runtime is not active the first line names the mode and the reason,
// e.g. "sizespec: stats (mode deferring: global operator new/delete
// replaced (...))".
//
// SIZESPEC_STATS=json prints the same counts as one line of JSON instead
// (print_stats_json; <sizespec/stats_format.h> has the keys).
bool write_profile(const char *path) noexcept {
  current_mode(); // the profile starts with the runtime
  return profile_write(path);
}

void print_stats(std::FILE *out) noexcept {
  Stats s = stats();
  const char *reason = mode_reason();
  std::fprintf(out, "sizespec: stats (mode %s%s%s)\n", mode_name(s.mode),
               reason ? ": " : "", reason ? reason : "");
  std::fprintf(out, "%5s %5s %-6s %12s %12s %12s %12s %12s %6s\n", "class",
               "size", "kind", "allocs", "frees", "in-use", "specialized",
               "generic", "spans");
  for (unsigned c = 1; c <= kNumClasses; ++c)
    for (int scan = 0; scan < 2; ++scan) {
      const ClassStats &r = s.classes[c][scan];
      if (!r.allocations)
        continue;
      std::fprintf(
          out, "%5u %5zu %-6s %12llu %12llu %12llu %12llu %12llu %6llu\n", c,
          class_size(c), scan ? "scan" : "noscan",
          (unsigned long long)r.allocations, (unsigned long long)r.frees,
          (unsigned long long)r.bytes_in_use, (unsigned long long)r.specialized,
          (unsigned long long)r.generic, (unsigned long long)r.spans);
    }
  if (s.tiny.allocations)
    std::fprintf(
        out, "%5s %5zu %-6s %12llu %12llu %12llu %12llu %12llu %6llu\n", "tiny",
        kTinyBlock, "noscan", (unsigned long long)s.tiny.allocations,
        (unsigned long long)s.tiny.frees,
        (unsigned long long)(s.tiny.blocks * kTinyBlock),
        (unsigned long long)s.tiny.specialized,
        (unsigned long long)s.tiny.generic, (unsigned long long)s.tiny.spans);
  std::fprintf(out, "%5s %5s %-6s %12llu %12s %12s %12s %12llu %6s\n", "large",
               "-", "-", (unsigned long long)s.large_allocations, "-", "-", "-",
               (unsigned long long)s.large_allocations, "-");
  std::fprintf(out,
               "sizespec: spans-held %llu spans-cached %llu committed %llu "
               "returned %llu\n",
               (unsigned long long)s.spans_held,
               (unsigned long long)s.spans_cached,
               (unsigned long long)s.bytes_committed,
               (unsigned long long)s.bytes_returned);
  const PlacementCounters &placement = g_counters.placement;
  if (g_placement_on)
    std::fprintf(out,
                 "sizespec: placement pairs %llu same-line %llu same-page "
                 "%llu\n",
                 (unsigned long long)placement.pairs.load(),
                 (unsigned long long)placement.same_line.load(),
                 (unsigned long long)placement.same_page.load());
  if (s.tiny.allocations)
    std::fprintf(out,
                 "sizespec: tiny blocks %llu pinned-blocks %llu pinned-bytes "
                 "%llu padding-bytes %llu\n",
                 (unsigned long long)s.tiny.blocks,
                 (unsigned long long)s.tiny.pinned_blocks,
                 (unsigned long long)s.tiny.pinned_bytes,
                 (unsigned long long)s.tiny.padding_bytes);
  std::fflush(out);
}

namespace {

/// Writes `"key": value` (\p first: no comma before it).
void json_field(std::FILE *out, const char *key, unsigned long long value,
                bool first = false) {
  std::fprintf(out, "%s\"%s\": %llu", first ? "" : ", ", key, value);
}

/// A JSON string of \p text: quotes, backslashes and control characters
/// escaped.
void json_string(std::FILE *out, const char *text) {
  std::fputc('"', out);
  for (const unsigned char *p = reinterpret_cast<const unsigned char *>(text);
       *p; ++p) {
    if (*p == '"' || *p == '\\')
      std::fprintf(out, "\\%c", *p);
    else if (*p < 0x20)
      std::fprintf(out, "\\u%04x", *p);
    else
      std::fputc(*p, out);
  }
  std::fputc('"', out);
}

/// The counts a class row and the tiny object share.
void json_counts(std::FILE *out, std::uint64_t allocations, std::uint64_t frees,
                 std::uint64_t bytes_in_use, std::uint64_t specialized,
                 std::uint64_t generic, std::uint64_t spans) {
  namespace k = stats_json;
  json_field(out, k::kAllocations, allocations);
  json_field(out, k::kFrees, frees);
  json_field(out, k::kBytesInUse, bytes_in_use);
  json_field(out, k::kSpecialized, specialized);
  json_field(out, k::kGeneric, generic);
  json_field(out, k::kSpans, spans);
}

} // namespace

void print_stats_json(std::FILE *out) noexcept {
  namespace k = stats_json;
  Stats s = stats();
  const char *reason = mode_reason();
  std::fputc('{', out);
  json_field(out, k::kVersionKey, k::kVersion, /*first=*/true);
  std::fprintf(out, ", \"%s\": ", k::kMode);
  json_string(out, mode_name(s.mode));
  std::fprintf(out, ", \"%s\": ", k::kReason);
  if (reason)
    json_string(out, reason);
  else
    std::fputs("null", out);
  std::fprintf(out, ", \"%s\": [", k::kClasses);
  bool first = true;
  for (unsigned c = 1; c <= kNumClasses; ++c)
    for (int scan = 0; scan < 2; ++scan) {
      const ClassStats &r = s.classes[c][scan];
      if (!r.allocations)
        continue;
      std::fputs(first ? "{" : ", {", out);
      first = false;
      json_field(out, k::kClass, c, /*first=*/true);
      json_field(out, k::kSize, class_size(c));
      std::fprintf(out, ", \"%s\": \"%s\"", k::kKind, scan ? "scan" : "noscan");
      json_counts(out, r.allocations, r.frees, r.bytes_in_use, r.specialized,
                  r.generic, r.spans);
      std::fputc('}', out);
    }
  std::fprintf(out, "], \"%s\": {", k::kTiny);
  const TinyStats &t = s.tiny;
  json_field(out, k::kBlocks, t.blocks, /*first=*/true);
  json_counts(out, t.allocations, t.frees, t.blocks * kTinyBlock, t.specialized,
              t.generic, t.spans);
  json_field(out, k::kPinnedBlocks, t.pinned_blocks);
  json_field(out, k::kPinnedBytes, t.pinned_bytes);
  json_field(out, k::kPaddingBytes, t.padding_bytes);
  std::fprintf(out, "}, \"%s\": {", k::kLarge);
  json_field(out, k::kAllocations, s.large_allocations, /*first=*/true);
  json_field(out, k::kBytes, s.large_bytes);
  std::fputc('}', out);
  json_field(out, k::kSpansHeld, s.spans_held);
  json_field(out, k::kSpansCached, s.spans_cached);
  json_field(out, k::kBytesCommitted, s.bytes_committed);
  json_field(out, k::kBytesReturned, s.bytes_returned);
  if (g_placement_on) {
    const PlacementCounters &placement = g_counters.placement;
    std::fprintf(out, ", \"%s\": {", k::kPlacement);
    json_field(out, k::kPairs, placement.pairs.load(), /*first=*/true);
    json_field(out, k::kSameLine, placement.same_line.load());
    json_field(out, k::kSamePage, placement.same_page.load());
    std::fputc('}', out);
  }
  std::fputs("}\n", out);
  std::fflush(out);
}

ObjectInfo object_info(const void *p) noexcept {
  std::uintptr_t b = bin_of_address(p);
  if (b == kTinyBin)
    return ObjectInfo{true, 0, false, true};
  if (b >= kNumBins)
    return ObjectInfo{false, 0, false, false};
  return ObjectInfo{true, bin_class(static_cast<unsigned>(b)),
                    bin_scan(static_cast<unsigned>(b)), false};
}

} // namespace sizespec
