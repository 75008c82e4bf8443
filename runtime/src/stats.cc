//===- stats.cc - sizespec::stats() and the SIZESPEC_STATS table ----------===//

#include "central.h"
#include "counters.h"
#include "region.h"
#include "runtime.h"
#include "thread_cache.h"
#include "tiny.h"

#include <sizespec/stats.h>

#include <cstring>

namespace sizespec {

constinit Counters g_counters;

Stats stats() noexcept {
  Stats S;
  std::memset(&S, 0, sizeof S);
  S.mode = g_mode.load(std::memory_order_acquire);
  if (S.mode == Mode::active) {
    thread_sync_all();
    central_drain_transfers(); // the span counts see every free object
  }
  for (unsigned B = 0; B < kNumBins; ++B) {
    const BinCounters &C = g_counters.bins[B];
    ClassStats &Out = S.classes[bin_class(B)][bin_scan(B) ? 1 : 0];
    Out.allocations = C.allocations.load(std::memory_order_relaxed);
    Out.frees = C.frees.load(std::memory_order_relaxed);
    Out.generic = C.generic.load(std::memory_order_relaxed);
    Out.specialized = Out.allocations - Out.generic;
    Out.bytes_in_use = (Out.allocations - Out.frees) * class_size(bin_class(B));
    Out.spans = central_spans_in_use(B);
    S.spans_held += Out.spans;
    S.spans_cached += central_spans_cached(B);
  }
  const TinyCounters &T = g_counters.tiny;
  S.tiny.allocations = T.allocations.load(std::memory_order_relaxed);
  S.tiny.frees = T.frees.load(std::memory_order_relaxed);
  S.tiny.generic = T.generic.load(std::memory_order_relaxed);
  S.tiny.specialized = S.tiny.allocations - S.tiny.generic;
  S.tiny.blocks = tiny_blocks_in_use();
  // Two reads: another thread may start a block between them.
  const std::uint64_t Current = tiny_blocks_current();
  S.tiny.pinned_blocks = S.tiny.blocks > Current ? S.tiny.blocks - Current : 0;
  S.tiny.pinned_bytes = S.tiny.pinned_blocks * kTinyBlock;
  S.tiny.padding_bytes = T.padding.load(std::memory_order_relaxed);
  S.tiny.spans = central_spans_in_use(kTinyBin);
  S.spans_held += S.tiny.spans;
  S.spans_cached += central_spans_cached(kTinyBin);
  S.large_allocations =
      g_counters.large_allocations.load(std::memory_order_relaxed);
  S.large_bytes = g_counters.large_bytes.load(std::memory_order_relaxed);
  S.bytes_committed = g_bytes_committed.load(std::memory_order_relaxed);
  S.bytes_returned = g_counters.bytes_returned.load(std::memory_order_relaxed);
  return S;
}

namespace {
const char *mode_name(Mode M) {
  switch (M) {
  case Mode::uninitialized:
    return "uninitialized";
  case Mode::active:
    return "active";
  case Mode::system:
    return "system";
  case Mode::deferring:
    return "deferring";
  }
  return "?";
}
} // namespace

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
// under 16 bytes packed into 16-byte blocks; its in-use is the bytes of the
// blocks in use, and the last line says more about them (TinyStats). When
// the runtime is not active the first line names the mode and the reason,
// e.g. "sizespec: stats (mode deferring: global operator new/delete
// replaced (...))".
void print_stats(std::FILE *Out) noexcept {
  Stats S = stats();
  const char *Reason = mode_reason();
  std::fprintf(Out, "sizespec: stats (mode %s%s%s)\n", mode_name(S.mode),
               Reason ? ": " : "", Reason ? Reason : "");
  std::fprintf(Out, "%5s %5s %-6s %12s %12s %12s %12s %12s %6s\n", "class",
               "size", "kind", "allocs", "frees", "in-use", "specialized",
               "generic", "spans");
  for (unsigned C = 1; C <= kNumClasses; ++C)
    for (int Scan = 0; Scan < 2; ++Scan) {
      const ClassStats &R = S.classes[C][Scan];
      if (!R.allocations)
        continue;
      std::fprintf(
          Out, "%5u %5zu %-6s %12llu %12llu %12llu %12llu %12llu %6llu\n", C,
          class_size(C), Scan ? "scan" : "noscan",
          (unsigned long long)R.allocations, (unsigned long long)R.frees,
          (unsigned long long)R.bytes_in_use, (unsigned long long)R.specialized,
          (unsigned long long)R.generic, (unsigned long long)R.spans);
    }
  if (S.tiny.allocations)
    std::fprintf(
        Out, "%5s %5zu %-6s %12llu %12llu %12llu %12llu %12llu %6llu\n", "tiny",
        kTinyBlock, "noscan", (unsigned long long)S.tiny.allocations,
        (unsigned long long)S.tiny.frees,
        (unsigned long long)(S.tiny.blocks * kTinyBlock),
        (unsigned long long)S.tiny.specialized,
        (unsigned long long)S.tiny.generic, (unsigned long long)S.tiny.spans);
  std::fprintf(Out, "%5s %5s %-6s %12llu %12s %12s %12s %12llu %6s\n", "large",
               "-", "-", (unsigned long long)S.large_allocations, "-", "-", "-",
               (unsigned long long)S.large_allocations, "-");
  std::fprintf(Out,
               "sizespec: spans-held %llu spans-cached %llu committed %llu "
               "returned %llu\n",
               (unsigned long long)S.spans_held,
               (unsigned long long)S.spans_cached,
               (unsigned long long)S.bytes_committed,
               (unsigned long long)S.bytes_returned);
  if (S.tiny.allocations)
    std::fprintf(Out,
                 "sizespec: tiny blocks %llu pinned-blocks %llu pinned-bytes "
                 "%llu padding-bytes %llu\n",
                 (unsigned long long)S.tiny.blocks,
                 (unsigned long long)S.tiny.pinned_blocks,
                 (unsigned long long)S.tiny.pinned_bytes,
                 (unsigned long long)S.tiny.padding_bytes);
  std::fflush(Out);
}

ObjectInfo object_info(const void *p) noexcept {
  std::uintptr_t B = bin_of_address(p);
  if (B == kTinyBin)
    return ObjectInfo{true, 0, false, true};
  if (B >= kNumBins)
    return ObjectInfo{false, 0, false, false};
  return ObjectInfo{true, bin_class(static_cast<unsigned>(B)),
                    bin_scan(static_cast<unsigned>(B)), false};
}

} // namespace sizespec
