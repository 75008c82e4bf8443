//===- Report.h - Site records merged into one report ----------*- C++ -*-===//
//
// Merging: a site seen by many translation units (a header, an inline
// function) appears once; when TUs disagree on a site (different settings,
// different macros) every version is kept and marked as a conflict. The
// summary counts the merged sites the report shows.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_REPORT_H
#define SIZESPEC_TOOLS_REPORT_REPORT_H

#include "sizespec/model/Sidecar.h"
#include "sizespec/model/Summary.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace sizespec {
namespace report {

/// A translation unit that reported a site: its main file and settings.
struct Origin {
  std::string MainFile;
  std::string Settings;
  friend bool operator<(const Origin &A, const Origin &B) {
    return std::tie(A.MainFile, A.Settings) < std::tie(B.MainFile, B.Settings);
  }
  friend bool operator==(const Origin &A, const Origin &B) {
    return A.MainFile == B.MainFile && A.Settings == B.Settings;
  }
};

/// One site of the merged report.
struct MergedSite {
  SiteRecord S;
  /// The TUs whose sidecars reported this site this way, sorted, unique.
  std::vector<Origin> Origins;
  /// Other TUs saw the same site (file, line, column, form, type)
  /// differently; each version is its own MergedSite, all marked.
  bool Conflict = false;
};

/// Counts over the sites a report shows, and over the merge.
struct Summary : SiteCounts {
  unsigned Conflicts = 0;        ///< Sites with more than one version.
  unsigned DuplicatesMerged = 0; ///< Site records folded into another.
  unsigned Units = 0;
};

struct Report {
  std::vector<MergedSite> Sites; ///< Sorted by file, line, column.
  /// The sites the filter left out: a profile's samples still join to them
  /// (HotSites.h), so that they are not taken for unrecorded code.
  std::vector<MergedSite> Hidden;
  Summary Counts;
  /// The compiles' settings ("max=1024 off=false sanitizer=null"), each
  /// with the number of sidecars that carry it.
  std::map<std::string, unsigned> Compiles;
};

/// What became of a site, as the HTML page sorts it: routed to a
/// specialized routine; left on the generic path (too large, runtime
/// count, over-aligned, off); not eligible in its form (placement new, a
/// class operator new, a dependent, incomplete or constant-evaluated site);
/// or specialized and then removed by the optimizer (nothing runs).
enum class SiteKind { Specialized, Generic, NotEligible, Removed };
SiteKind kindOf(const SiteRecord &S);
/// The kind of a site not specialized for \p Reason (a reason code).
SiteKind kindOfReason(llvm::StringRef Reason);
/// "specialized", "generic", "not-eligible", "removed".
llvm::StringRef kindName(SiteKind K);

/// The size limit most compiles used (their max=), or the default.
std::uint64_t commonLimit(const Report &R);

/// Which sites a report shows.
struct Filter {
  enum class Status { All, Specialized, NotSpecialized } Only = Status::All;
  /// Keep a site only if this accepts its file (empty: all).
  std::function<bool(llvm::StringRef)> FileMatches;
  /// Keep only not-specialized sites with one of these reasons (empty: all).
  std::vector<std::string> Reasons;
  /// Keep only sites of these forms ("new", "make_shared"; empty: all).
  std::vector<std::string> Forms;
  /// Keep only sites in these size classes (empty: all).
  std::vector<unsigned> Classes;
};

/// Merges sidecars one at a time, so a whole build's sidecars need not be in
/// memory at once: only the distinct sites are kept.
class Merger {
public:
  /// Folds in the sites of one sidecar.
  void add(const Sidecar &SC);
  /// Dedupes, marks conflicts, sorts, filters, and counts what remains.
  /// Moves the sites out: call once.
  Report finish(const Filter &F);

private:
  /// The versions of each site (SiteRecord::identity).
  std::map<SiteIdentity, std::vector<MergedSite>> Groups;
  std::map<std::string, unsigned> Compiles;
  unsigned Records = 0;
  unsigned Units = 0;
};

/// The translation units behind a site, e.g. "a.cc [max=80 off=false], b.cc".
std::string originList(const MergedSite &M);

/// The note a conflicting site version gets, without location or newline:
/// "translation units disagree on this site; this version is from a.cc [...]"
std::string conflictNote(const MergedSite &M);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_REPORT_H
