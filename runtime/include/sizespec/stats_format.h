//===- sizespec/stats_format.h - The stats' JSON form, spelled once -*- C++
//-*-===//
//
// SIZESPEC_STATS=json (or print_stats_json) writes the stats as one JSON
// object on one line, for scripts; `sizespec-report --stats` reads it. Both
// take the keys from here, so the writer and the reader cannot drift:
//
//   {"sizespec_stats": 1, "mode": "active", "reason": null,
//    "classes": [{"class": 3, "size": 24, "kind": "noscan",
//                 "allocations": 100, "frees": 90, "bytes_in_use": 240,
//                 "specialized": 100, "generic": 0, "spans": 1}, ...],
//    "tiny": {"allocations": 50, "frees": 40, "bytes_in_use": 32,
//             "specialized": 50, "generic": 0, "spans": 1, "blocks": 2,
//             "pinned_blocks": 1, "pinned_bytes": 16, "padding_bytes": 3},
//    "large": {"allocations": 5, "bytes": 600000},
//    "spans_held": 3, "spans_cached": 0, "bytes_committed": 1048576,
//    "bytes_returned": 0}
//
// `classes` lists the (class, kind) pairs with allocations, by class then
// kind (noscan first); the fields are those of <sizespec/stats.h>. A new
// key may be added without a new version; a key's meaning never changes
// under one.
//
// Included by the runtime and by sizespec-report; valid C++11, reserved
// names only (see size_classes.h).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_STATS_FORMAT_H
#define SIZESPEC_STATS_FORMAT_H

namespace sizespec {
namespace stats_json {

/// The version key and its value.
constexpr const char *kVersionKey = "sizespec_stats";
constexpr int kVersion = 1;

constexpr const char *kMode = "mode";
constexpr const char *kReason = "reason";
constexpr const char *kClasses = "classes";
constexpr const char *kTiny = "tiny";
constexpr const char *kLarge = "large";

/// A row of `classes`, and the counts `tiny` shares with it.
constexpr const char *kClass = "class";
constexpr const char *kSize = "size";
constexpr const char *kKind = "kind";
constexpr const char *kAllocations = "allocations";
constexpr const char *kFrees = "frees";
constexpr const char *kBytesInUse = "bytes_in_use";
constexpr const char *kSpecialized = "specialized";
constexpr const char *kGeneric = "generic";
constexpr const char *kSpans = "spans";

/// `tiny` only.
constexpr const char *kBlocks = "blocks";
constexpr const char *kPinnedBlocks = "pinned_blocks";
constexpr const char *kPinnedBytes = "pinned_bytes";
constexpr const char *kPaddingBytes = "padding_bytes";

/// `large`.
constexpr const char *kBytes = "bytes";

/// The whole process's.
constexpr const char *kSpansHeld = "spans_held";
constexpr const char *kSpansCached = "spans_cached";
constexpr const char *kBytesCommitted = "bytes_committed";
constexpr const char *kBytesReturned = "bytes_returned";

/// With SIZESPEC_PLACEMENT=1 only: consecutive allocations of a thread from
/// one bin, and how many of those pairs share a cache line or a page.
constexpr const char *kPlacement = "placement";
constexpr const char *kPairs = "pairs";
constexpr const char *kSameLine = "same_line";
constexpr const char *kSamePage = "same_page";

} // namespace stats_json
} // namespace sizespec

#endif // SIZESPEC_STATS_FORMAT_H
