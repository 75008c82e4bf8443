//===- HotSites.h - A profile's samples joined to the sites -----*- C++ -*-===//
//
// `sizespec-report --profile FILE PROGRAM`: each sample's stack, symbolized
// (ProfileSymbols.h), is joined to the site records the program carries, so
// the report ranks its sites by what they allocated in the run, with each
// one's verdict:
//   1. a site whose code is the allocation's own frame (its file, line,
//      column and function; SiteRecord::Code), or for library code another
//      call of the same function (allocate()'s aligned operator new). Of
//      the records that share that code (an allocator's instantiation,
//      listed once per unit at the first place in user code that reaches
//      it; make_unique's), the one whose place is on the stack; else, the
//      code having been inlined somewhere else, the records of the file of
//      the program's own frame nearest the allocation, narrowed by the
//      sample (a whole number of the allocator's elements; through a
//      routine, a specialized site of its kind). If they agree on a
//      verdict, the row is that verdict at the program's own frame, which
//      reached the code. With -gline-tables-only an inlined frame has its
//      short name ("allocate"), not the instantiation's: the row then says
//      which instantiations it may be;
//   2. else a site at the allocation's own line (a new-expression left to
//      the generic path), the one at its column if several;
//   3. else a standard-library site (allocator, make_unique, make_shared)
//      listed at a line further up the stack (records of an older plugin,
//      which gave the code of specialized sites only).
// A stack none of these places is said why, once (NoSite).
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
#include <optional>
#include <string>
#include <vector>

namespace sizespec {
namespace report {

/// Why a sampled stack has no site.
enum class NoSite {
  Joined,      ///< it has one
  NoPlugin,    ///< code outside the inputs: a shared library
  NoLineTable, ///< the program's own code, without a line table
  NoRecord,    ///< the program's own code that no record names
  Disagree,    ///< records of this code, with different verdicts, and
               ///< nothing on the stack to choose between them
};

/// What joining one stack found.
struct SiteJoin {
  const MergedSite *Site = nullptr;
  /// The program's own frame that reached the site's code, when that is
  /// not the record's place (its code inlined at another line).
  std::optional<Frame> Reached;
  /// Other records the frame may be (see 1. above), with the same verdict.
  std::vector<const MergedSite *> Also;
  NoSite Why = NoSite::Joined;
  /// NoPlugin through a tail call (PltCalls.h): the library's function,
  /// demangled, and its object.
  std::string Callee;
  std::string CalleeObject;
};

/// One sampled stack and kind, with what it stands for in the run.
struct HotStack {
  std::vector<Frame> Frames; ///< innermost first, inlined frames included
  const ProfileSample *Sample = nullptr;
  double Allocations = 0;
  double Bytes = 0; ///< requested
  SiteJoin Join;
};

/// A site at a place in the program (or, for a stack without a site, its
/// innermost frame) and its share of the run: what its stacks' joins found
/// (Also the union of theirs), and its figures.
struct HotSite : SiteJoin {
  /// Without a site: "file:line" or the object, the function, and the
  /// object's name (the callee's, for a tail call).
  std::string Where;
  std::string Function;
  std::string Object;
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
};

/// How a row's allocations were dealt with: a site's status
/// ("specialized", "not-specialized", "removed"), "no-plugin" (a library
/// built without it) or "not-joined".
llvm::StringRef hotStatus(const SiteJoin &J);
/// Where a row is in the program: "file:line".
std::string hotWhere(const HotSite &H);
/// The verdict of a row, as a sentence: the site's, with the place it was
/// reached from and the instantiations it may be; or why it has no site
/// and what to do.
std::string hotVerdict(const HotSite &H);

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

  /// The estimated allocations of a report site, over its rows (0 without
  /// samples).
  double allocationsOf(const MergedSite *M) const;
};

/// How many rows the profile's lists and "what to shrink" show.
inline constexpr std::size_t kHotRows = 25;

/// The list of the work left a row is in: "not-specialized" (a site not
/// specialized, or a library built without the plugin that the generic
/// path served), "not-joined" (no site, and not all through a routine), or
/// "" (its code was specialized).
llvm::StringRef workLeft(const HotSite &H);

/// The lists a report shows, kHotRows each: the hottest rows; the work
/// left to do (sites not specialized, libraries built without the plugin,
/// where the generic path served them); and, apart, the rows that could not
/// be joined and that did not come through a routine.
struct HotLists {
  std::vector<const HotSite *> Hottest;
  std::vector<const HotSite *> NotSpecialized;
  std::vector<const HotSite *> NotJoined;
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
