//===- HotSites.h - A profile's samples joined to the sites -----*- C++ -*-===//
//
// `sizespec-report --profile FILE PROGRAM`: each sample's stack, symbolized
// (ProfileSymbols.h), is joined to the site records the program carries, so
// the report ranks its sites by what they allocated in the run, with each
// one's verdict:
//   1. a specialized site whose code is the allocation's own frame (its
//      file, line, column and function; SiteRecord::Code), the record among
//      several that share that code (make_unique, a container's) being the
//      one whose place in user code is on the stack;
//   2. else a site at the allocation's own line (a new-expression left to
//      the generic path), the one at its column if several;
//   3. else a standard-library site (allocator, make_unique, make_shared)
//      listed at a line further up the stack.
// Samples none of these places come from code without site records (built
// without the plugin: a library, libstdc++'s own std::string) and are
// listed by their innermost frame.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_HOTSITES_H
#define SIZESPEC_TOOLS_REPORT_HOTSITES_H

#include "Profile.h"
#include "ProfileSymbols.h"
#include "Report.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sizespec {
namespace report {

/// One sampled stack and kind, with what it stands for in the run.
struct HotStack {
  std::vector<Frame> Frames; ///< innermost first, inlined frames included
  const ProfileSample *Sample = nullptr;
  double Allocations = 0;
  double Bytes = 0;                 ///< requested
  const MergedSite *Site = nullptr; ///< null: no recorded site
};

/// A site (or, for unrecorded code, the innermost frame) and its share of
/// the run.
struct HotSite {
  const MergedSite *Site = nullptr;
  /// For unrecorded code: "file:line" or the object, and the function.
  std::string Where;
  std::string Function;
  double Allocations = 0;
  double Bytes = 0;
  std::uint64_t Samples = 0;
  /// The estimate's standard deviation (its samples' kind).
  double Sigma = 0;
  /// As its first sample was taken: class, kind, the bytes a sample stood
  /// for.
  unsigned Class = 0;
  std::string Kind;
  std::uint64_t Unit = 0;
  bool Specialized = false; ///< a sample came through a routine
  bool Generic = false;     ///< a sample came through the generic path
  /// Unrecorded code in one of the report's inputs (so built with the
  /// plugin, or linked into a program that was), and whether it had a line
  /// table: without one, its site, if it has one, cannot be joined.
  bool InInput = false;
  bool NoLineTable = false;
};

struct ProfileView {
  ProfileData Data;
  std::vector<HotStack> Stacks;
  /// The frames at each return address of the samples, innermost first.
  std::map<std::uint64_t, std::vector<Frame>> FramesAt;
  /// Every site with samples, most allocations first; shown ones only (the
  /// report's filter), and unrecorded code.
  std::vector<HotSite> Sites;
  double Allocations = 0;
  double Bytes = 0;
  /// Objects that could not be symbolized.
  std::vector<std::string> Problems;
  /// Every sampled frame in the report's inputs had a line table (the join
  /// needs them).
  bool LineTables = true;

  /// The entry of a report site, if it has samples.
  const HotSite *hotSite(const MergedSite *M) const;

  std::map<const MergedSite *, std::size_t> Index;
};

/// How many rows the profile's lists and "what to shrink" show.
inline constexpr std::size_t kHotRows = 25;

/// The lists a report shows: the hottest sites, and the hottest of those
/// not specialized (with unrecorded code), kHotRows each.
struct HotLists {
  std::vector<const HotSite *> Hottest;
  std::vector<const HotSite *> NotSpecialized;
};
HotLists hotLists(const ProfileView &P);

/// Symbolizes \p Data and joins it to the sites of \p R (shown and hidden).
/// \p Programs: the inputs, where a moved object is looked for.
ProfileView joinProfile(ProfileData Data, const Report &R,
                        llvm::ArrayRef<std::string> Programs);

/// "12.3 M", "4.5 K", "17": an estimate as the report shows it.
std::string estimateWord(double N);
/// "12.3 MB", "4.5 KB", "17 B": an estimate of bytes.
std::string byteWord(double N);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_HOTSITES_H
