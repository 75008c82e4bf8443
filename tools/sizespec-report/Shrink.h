//===- Shrink.h - Sites a few bytes over a class boundary -------*- C++ -*-===//
//
// "What to shrink": a site just over a class boundary takes the next
// smaller class (less memory per object) if its type sheds a few bytes; one
// just over the limit takes a specialized routine. Listed one row per type,
// with its sites; with a profile, ranked by what shedding would save in the
// run (HotSites.h), else fewest bytes to shed first.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_SHRINK_H
#define SIZESPEC_TOOLS_REPORT_SHRINK_H

#include "Report.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sizespec {
namespace report {

struct ProfileView;

/// One type's sites that could move to a smaller class (or under the
/// limit) by shedding the same bytes.
struct ShrinkRow {
  std::string Type;
  std::uint64_t Size = 0;
  std::uint64_t Over = 0;                ///< bytes to shed
  unsigned Now = 0;                      ///< its class now; 0: above the limit
  unsigned Into = 0;                     ///< the class it would take
  std::vector<const MergedSite *> Sites; ///< by location
  /// With a profile: the allocations of these sites in the run, and the
  /// bytes fewer they would have allocated (0 above the limit: they would
  /// take a specialized routine instead).
  double Allocations = 0;
  double BytesSaved = 0;
};

/// The types worth shrinking, one row each: with \p Profile by bytes saved
/// in the run (then allocations), else by bytes to shed, fewest first.
/// Types of the standard library's own making (control blocks, nodes) are
/// left out: no user can shrink them.
std::vector<ShrinkRow> shrinkRows(const Report &R, std::uint64_t Limit,
                                  const ProfileView *Profile);

/// "class 3 (24 B)", or "generic path" for class 0.
std::string shrinkClassName(unsigned Class);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_SHRINK_H
