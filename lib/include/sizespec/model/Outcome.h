//===- Outcome.h - What the late passes did with each site ------*- C++ -*-===//
//
// The front end decides a site before Clang's optimizer runs; the optimizer
// may then delete its allocation (an unused new/delete pair, a vector that
// never escapes), copy it (inlining), or fold an allocator's size to a
// constant, and LowerSitesPass lowers what is left. The pass writes what it
// did as the translation unit's "lowered" record (SiteSection.h), after the
// front end's sites record, and sizespec-report joins the two
// (docs/interfaces.md, "What the optimizer did"):
//
//   {"sizespec_lowered": 1, "locations": true, "sites": [
//     {"function": "_Z1fv", "file": "a.cc", "line": 8, "column": 37,
//      "scan": false, "form": "new", "size": 24,
//      "calls": [{"how": "lowered", "size": 24, "class": 3, "count": 1,
//                 "inlined_at": [["a.cc", 20]]}]}]}
//
// One entry per site the pass ledger marked (a marker call, before any
// inlining), with every call of it the optimizer left; none left: removed.
// `inlined_at` is where the call's copy was inlined, innermost first (file
// name and line), so a make_unique site listed at each user call is told
// apart.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_MODEL_OUTCOME_H
#define SIZESPEC_MODEL_OUTCOME_H

#include "sizespec/model/SiteRecord.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sizespec {

/// The lowered record's version key.
constexpr std::int64_t kLoweredVersion = 1;

/// One call of a site that the optimizer left, and what the pass made of it.
struct LoweredCall {
  enum How { Lowered, Tiny, Generic, Call };
  How Kind = Call;
  std::optional<std::uint64_t> Size; ///< constant size, if it was one
  std::optional<unsigned> Class;     ///< the class it was lowered to
  std::string Why;                   ///< for Call: "above the 1024 B limit"
  /// Where this copy was inlined, innermost first: (file, line).
  std::vector<std::pair<std::string, unsigned>> InlinedAt;
  unsigned Count = 1; ///< identical copies
};

/// One site of the pass's ledger.
struct LoweredSite {
  std::string Function; ///< where the marker call was, as the IR names it
  std::string File;     ///< its debug location; empty without one
  unsigned Line = 0;
  unsigned Column = 0;
  bool Scan = false;
  std::string Form; ///< "new" or "new[]"
  bool Nothrow = false;
  bool Aligned = false;
  std::optional<std::uint64_t> Size; ///< at marking, if constant
  std::vector<LoweredCall> Calls;
};

/// One translation unit's lowered record.
struct LoweredUnit {
  /// The compile had debug locations (any -g, or -gline-tables-only); the
  /// join is by location then, else by function and what is allocated.
  bool Locations = false;
  std::vector<LoweredSite> Sites;
};

/// The record's JSON text, on one line.
std::string loweredText(const LoweredUnit &U);
/// Parses a lowered record; the error names the problem.
llvm::Expected<LoweredUnit> parseLowered(llvm::StringRef Text);

/// Gives each specialized site of \p Sites (one translation unit's records,
/// v2) the outcome of its code in \p U, where the join is sure; a site it
/// cannot place keeps no outcome.
void joinOutcomes(std::vector<SiteRecord> &Sites, const LoweredUnit &U);

/// A mangled function name with its constructor and destructor variants
/// (C1, C2, D0, D1, D2: one source function, emitted once or several times)
/// made one: equal keys, one function.
std::string functionKey(llvm::StringRef Mangled);

/// Once every object's outcome is in: a specialized site every call of which
/// the pass left as operator new is not specialized (reason `late_call`).
void settleOutcome(SiteRecord &R);

} // namespace sizespec

#endif // SIZESPEC_MODEL_OUTCOME_H
