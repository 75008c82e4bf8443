//===- RunStats.h - A run's SIZESPEC_STATS table, as read -------*- C++ -*-===//
//
// `sizespec-report --stats FILE` joins what a run of the program did to the
// sites that feed it: the table SIZESPEC_STATS=1 prints at exit
// (runtime/src/stats.cc documents its format) or the JSON line
// SIZESPEC_STATS=json prints (its keys: <sizespec/stats_format.h>, which
// the runtime writes them with), read from a file that may hold other
// output around it (a captured stderr).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_RUNSTATS_H
#define SIZESPEC_TOOLS_REPORT_RUNSTATS_H

#include "Report.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sizespec {
namespace report {

struct RunStats {
  /// One (class, kind) row of the table; class 0 is the tiny row (pointer-free
  /// objects under 16 bytes packed into 32-byte blocks).
  struct Row {
    unsigned Class = 0;
    bool Scan = false;
    std::uint64_t Allocations = 0;
    std::uint64_t Specialized = 0;
    std::uint64_t Generic = 0;
  };
  std::string Mode; ///< "active", "system: ...", ...
  std::vector<Row> Rows;
  std::uint64_t LargeAllocations = 0;
};

/// One (class, kind) of the run beside the report: the specialized sites
/// that feed it and the allocations the run made through it. Class 0: the
/// tiny path and its sites.
struct RunJoin {
  unsigned Class = 0;
  bool Scan = false;
  unsigned SpecializedSites = 0;
  std::uint64_t Allocations = 0;
  std::uint64_t Specialized = 0;
  std::uint64_t Generic = 0;
};

/// How a RunJoin's class reads: "3", or "tiny" for class 0; and its bytes
/// per object (a tiny row's: its blocks).
std::string runClassName(unsigned Class);
std::uint64_t runClassSize(unsigned Class);

/// Every (class, kind) that has a specialized site or an allocation in the
/// run, by class then kind (noscan first, as the table prints them).
std::vector<RunJoin> joinRun(const Report &R, const RunStats &Run);

/// Parses the first stats table, or JSON line, in \p Text.
llvm::Expected<RunStats> parseRunStats(llvm::StringRef Text);
/// Reads \p Path and parses it.
llvm::Expected<RunStats> readRunStats(llvm::StringRef Path);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_RUNSTATS_H
