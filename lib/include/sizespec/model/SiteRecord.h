//===- SiteRecord.h - One allocation site and what became of it -*- C++ -*-===//
//
// The site model's record: a site with its location resolved to
// file/line/column and its strings computed. Plain data, nothing of Clang:
// the analysis makes one from the AST (recordOf() in SiteCollector.h), the
// sidecar reader from JSON, and every front end prints it with the
// functions below, so a site reads the same in the plugin's report, the
// rewriter's and sizespec-report's.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_MODEL_SITERECORD_H
#define SIZESPEC_MODEL_SITERECORD_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace llvm::json {
class Object;
} // namespace llvm::json

namespace sizespec {

/// Where a site's code is, as the compile emits it: the
/// function whose body holds the allocation (mangled, as the object names
/// it) and the expression's location as debug info gives it (the macro's
/// expansion for a site inside one). A make_unique or container site's code
/// is in the standard library's header, shared by every record that the
/// listing policy puts at a call in user code. Records v2 carry it
/// (docs/interfaces.md, "What the optimizer did"); it joins a specialized
/// site to what the late passes did (Outcome.h), and any site to the
/// samples of a profile taken in its code, wherever it was inlined.
struct SiteCode {
  std::string Function;
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// What the late passes did with a specialized site's calls, over every
/// object that holds its code: how many copies of its call the optimizer
/// left and what each became. None left: the optimizer removed the site.
struct SiteOutcome {
  unsigned Lowered = 0; ///< given a class's fast path (or the tiny path)
  unsigned Generic = 0; ///< run-time size: the generic path
  unsigned Calls = 0;   ///< left as a call of operator new
  /// The sizes the lowered calls had once constant (an allocator site's,
  /// after inlining), with their classes.
  std::vector<std::pair<std::uint64_t, unsigned>> LoweredSizes;
  /// Why calls were left ("above the 1024 B limit"); empty if none was.
  std::string CallWhy;

  unsigned total() const { return Lowered + Generic + Calls; }
  bool removed() const { return total() == 0; }
  void add(const SiteOutcome &O);
};

struct SiteRecord {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Form;     ///< "new", "new[]", "make_unique", ...
  std::string Type;     ///< as the user wrote it: "Point", "int[3]"
  std::string Describe; ///< "new Point", "make_shared<Point>"
  std::optional<std::uint64_t> Size;
  std::optional<std::uint64_t> Align;
  /// A run-time size (allocator<T>): sizeof(T), of which each allocation
  /// takes a whole number (a profile's samples tell instantiations apart
  /// by it).
  std::optional<std::uint64_t> ElementSize;
  std::optional<unsigned> Class;
  std::optional<bool> Scan;
  bool Specialized = false;
  bool RuntimeSize = false;
  bool Nothrow = false;
  /// Takes the tiny path: pointer-free, 1..15 bytes but 8, packed into a
  /// shared 16-byte block (`alloc_noscan_tiny<T>`).
  bool Tiny = false;
  std::string Reason;  ///< stable code; empty when specialized
  std::string Message; ///< empty when specialized
  std::string Routine; ///< "alloc_noscan_sc3<Point>"; empty when none
  /// The rewriter's left-alone code (LeftAlone.def) for an eligible site it
  /// keeps as written; empty otherwise.
  std::string LeftAlone;
  /// Records v2: where the site's code is (the plugin gives it for every
  /// site with code; a record of an older plugin only for specialized ones).
  std::optional<SiteCode> Code;
  /// What the late passes did with it, where an object says (never in the
  /// plugin's own report, which comes before them).
  std::optional<SiteOutcome> Outcome;

  /// The optimizer removed every call of this specialized site: nothing
  /// runs.
  bool removed() const { return Specialized && Outcome && Outcome->removed(); }

  /// The identity of a site, wherever records are merged (a header's site
  /// seen by many translation units): where it is and what it allocates in
  /// which form. Two records of one identity are one site, seen the same
  /// way or not.
  auto identity() const { return std::tie(File, Line, Column, Form, Type); }
  bool operator<(const SiteRecord &O) const {
    return identity() < O.identity();
  }
  bool operator==(const SiteRecord &O) const {
    return identity() == O.identity();
  }
};

/// A site's identity as a value (a map key).
using SiteIdentity =
    std::tuple<std::string, unsigned, unsigned, std::string, std::string>;

/// What a site allocates, as a report words it: "new Point",
/// "new (std::nothrow) Point", "make_unique<Point>", "allocator<int>".
std::string describeSite(llvm::StringRef Form, llvm::StringRef Type,
                         bool Nothrow);

/// The routine a site takes, as the source names it, without its template
/// argument: "alloc_noscan_sc3", "alloc_noscan_tiny", "alloc_scan" (a
/// run-time size). The one spelling of the routines' names: the analysis
/// records it, the rewriter writes it.
std::string routineBaseName(bool Scan, bool RuntimeSize, bool Tiny,
                            unsigned Class);
/// With its template argument: "alloc_noscan_sc3<Point>".
std::string routineName(bool Scan, bool RuntimeSize, bool Tiny, unsigned Class,
                        llvm::StringRef Type);

/// The report's line for a site, without a newline, e.g.
/// `shapes.cc:42:17: specialized: new Point -> alloc_noscan_sc3<Point> (24 B,
/// class 3)`, `shapes.cc:57:9: not specialized: new Mesh (1040 B): size
/// above 1024 B limit by 16 B` or `shapes.cc:60:3: removed by the
/// optimizer: new Point (24 B, class 3)`.
std::string siteLine(const SiteRecord &R);

/// The line after its location: "specialized: new Point -> ...".
std::string siteVerdict(const SiteRecord &R);

/// What the optimizer's copies of a specialized site's call became, where
/// that says more than the verdict, e.g. "the optimizer left 3 copies of its
/// call: 2 lowered inline, 1 left as a call of operator new (above the 1024
/// B limit)" or "its size is a constant once inlined: lowered inline to
/// class 3 (24 B)"; empty otherwise.
std::string outcomeNote(const SiteRecord &R);

/// A note about the site, as a compiler words one, without a newline:
/// `shapes.cc:42:17: note: <Text>`.
std::string siteNote(const SiteRecord &R, llvm::StringRef Text);

/// "specialized", "not-specialized" or "removed", as records spell the
/// status.
llvm::StringRef statusCode(const SiteRecord &R);

/// "scan" or "noscan" ("scan?" when the record does not say).
llvm::StringRef scanWord(const SiteRecord &R);

/// The keys every JSON form of a site shares (docs/interfaces.md): file,
/// line, column, form, type, size, align, class, scan, status, reason,
/// message, routine; null where unknown; and `"tiny": true` on a site that
/// takes the tiny path; "code" and "outcome" where the record has them
/// (docs/interfaces.md). Each output adds its own keys.
llvm::json::Object siteJSON(const SiteRecord &R);

} // namespace sizespec

#endif // SIZESPEC_MODEL_SITERECORD_H
