//===- Formats.h - The report's output formats ------------------*- C++ -*-===//
//
// Each format prints a merged Report; none of them merges or filters.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_FORMATS_H
#define SIZESPEC_TOOLS_REPORT_FORMATS_H

#include "HotSites.h"
#include "Report.h"
#include "RunStats.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace sizespec {
namespace report {

/// An input that could not be read; the report says which and why.
struct InputError {
  std::string Path;
  std::string Message;
};

struct OutputOptions {
  bool ShowSites = true;   ///< false: --summary-only
  bool ShowSummary = true; ///< false: --no-summary
  std::vector<InputError> Errors;
  /// --stats: what a run of the program did, joined to the sites.
  std::optional<RunStats> Run;
  /// --source-dir: where relative site paths are found (HTML sources).
  std::string SourceDir;
  /// --profile: a run's sampled allocations, joined to the sites.
  const ProfileView *Profile = nullptr;
};

/// Site lines (docs/interfaces.md) and notes, then the summary tables;
/// with a profile, the hottest sites and what to shrink.
void printText(const Report &R, const OutputOptions &Opts,
               llvm::raw_ostream &OS);
/// {"sizespec_report": 1, "sites": [...], "summary": {...}, "errors": [...]},
/// with a profile also "profile" and "shrink".
void printJson(const Report &R, const OutputOptions &Opts,
               llvm::raw_ostream &OS);
/// SARIF 2.1.0: one result per site.
void printSarif(const Report &R, const OutputOptions &Opts,
                llvm::raw_ostream &OS);
/// One self-contained HTML page: charts, what to shrink, files, sites,
/// annotated sources (HtmlFormat.cpp).
void printHtml(const Report &R, const OutputOptions &Opts,
               llvm::raw_ostream &OS);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_FORMATS_H
