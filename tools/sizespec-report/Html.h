//===- Html.h - Pieces of the HTML page -------------------------*- C++ -*-===//
//
// The page (HtmlFormat.cpp) is put together from the charts (HtmlCharts.cpp),
// the run's allocations (HtmlProfile.cpp), the annotated sources
// (HtmlSource.cpp) and its style and script (HtmlAssets.cpp). Every string
// from a sidecar or a source file is escaped.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_HTML_H
#define SIZESPEC_TOOLS_REPORT_HTML_H

#include "HotSites.h"
#include "Report.h"

#include "sizespec/size_classes.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sizespec {
namespace report {
namespace html {

/// Escapes text for an HTML element body or a quoted attribute value.
std::string escape(llvm::StringRef Text);

/// "512 B", "1.5 KiB", "3.2 MiB".
std::string bytes(std::uint64_t N);

/// The histogram's buckets: size classes 1..32, then sites above the last
/// class, then sites whose size is known only at run time.
constexpr unsigned kLargeBucket = kNumClasses + 1;
constexpr unsigned kRuntimeBucket = kNumClasses + 2;
unsigned bucketOf(const SiteRecord &S);
/// "24 B", "large", "runtime".
std::string bucketLabel(unsigned Bucket);

/// Histograms of sites and of bytes by bucket and kind, the limit marked;
/// and the sites by reason.
void printCharts(const Report &R, std::uint64_t Limit, llvm::raw_ostream &OS);

/// Under /usr/include, /usr/lib or /usr/local/include: the standard
/// library's and the system's headers, not the user's to read or change.
bool isSystemPath(llvm::StringRef Path);

/// A source file that holds sites, and its text when it could be read.
struct SourceFile {
  std::string Path;    ///< As the records name it.
  unsigned Id = 0;     ///< For the page's anchors: src-<Id>-<line>.
  bool System = false; ///< Under /usr/include, /usr/lib: not shown.
  std::optional<std::string> Text;
};

/// The files of the report's sites, sorted; their texts are read from the
/// path as given, or below \p SourceDir for a relative one. A system
/// header, a file larger than 2 MiB, or an unreadable one has no text.
std::vector<SourceFile> loadSources(const Report &R, llvm::StringRef SourceDir);

/// Each readable file, its lines numbered and each site's verdict shown
/// under its line at its column, as opt-viewer shows remarks.
void printSources(const Report &R, llvm::ArrayRef<SourceFile> Files,
                  llvm::raw_ostream &OS);

/// The run's allocations (--profile): totals, the hottest sites and those
/// not specialized, and an icicle chart of the bytes by stack. \p Link
/// shows a site's location (linked to its source where the page has it).
void printProfile(const Report &R, const ProfileView &P,
                  llvm::function_ref<std::string(const SiteRecord &)> Link,
                  llvm::raw_ostream &OS);

extern const char kStyle[];
extern const char kScript[];

} // namespace html
} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_HTML_H
