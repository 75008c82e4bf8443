//===- Sidecar.h - One translation unit's sidecar, as read ------*- C++ -*-===//
//
// The in-memory form of a per-TU sidecar (docs/interfaces.md, "Sidecar JSON
// (version 1)") and the reader that validates it. Reading knows nothing of
// merging or printing.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_SIDECAR_H
#define SIZESPEC_TOOLS_REPORT_SIDECAR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sizespec {
namespace report {

/// The sidecar version this tool reads.
constexpr int64_t kSidecarVersion = 1;

/// One allocation site, exactly the keys of a sidecar "sites" entry.
struct Site {
  std::string File;
  uint64_t Line = 0;
  uint64_t Column = 0;
  std::string Form;
  std::string Type;
  std::optional<uint64_t> Size;
  std::optional<uint64_t> Align;
  std::optional<uint64_t> Class;
  std::optional<bool> Scan;
  bool Specialized = false;
  std::optional<std::string> Reason;
  std::optional<std::string> Message;
  std::optional<std::string> Routine;
  /// Optional keys: the plugin's own wording of the expression ("new
  /// (std::nothrow) Point") and whether the site is the nothrow form.
  std::optional<std::string> Describe;
  bool Nothrow = false;
};

/// One translation unit's sidecar.
struct Sidecar {
  std::string Path; ///< Where it was read from.
  std::string PluginVersion;
  std::string ClangVersion;
  std::string MainFile;
  /// The compile's settings as `key=value` words, sorted by key, e.g.
  /// "max=80 off=false sanitizer=null". Two TUs with different settings may
  /// see one header site differently; the merge names them by this string.
  std::string Settings;
  std::vector<Site> Sites;
};

/// Reads and validates the sidecar at \p Path. The error names the problem
/// (not the path; the caller prefixes it).
llvm::Expected<Sidecar> readSidecar(llvm::StringRef Path);

/// Parses sidecar text already in memory; \p Path is recorded in the result.
llvm::Expected<Sidecar> parseSidecar(llvm::StringRef Text,
                                     llvm::StringRef Path);

/// The status word of a site as the sidecar spells it.
inline llvm::StringRef statusCode(const Site &S) {
  return S.Specialized ? "specialized" : "not-specialized";
}

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_SIDECAR_H
