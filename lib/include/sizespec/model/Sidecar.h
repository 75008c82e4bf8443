//===- Sidecar.h - One translation unit's records as JSON -------*- C++ -*-===//
//
// The per-TU sidecar (docs/interfaces.md, "Sidecar JSON (version 2)"): the
// plugin writes it, sizespec-report reads and validates it. Reading knows
// nothing of merging or printing.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_MODEL_SIDECAR_H
#define SIZESPEC_MODEL_SIDECAR_H

#include "sizespec/model/SiteRecord.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sizespec {

/// The sidecar version written; every version up to it is read (version 1
/// has no "code" key).
constexpr std::int64_t kSidecarVersion = 2;

/// One translation unit's sidecar.
struct Sidecar {
  std::string Path; ///< Where it was read from (not written).
  std::string PluginVersion;
  std::string ClangVersion;
  std::string MainFile;
  /// The compile's working directory, against which a relative MainFile
  /// resolves ("directory"; empty where a writer did not record it).
  std::string Directory;
  /// The compile's settings, e.g. {"max": 1024, "off": false, "sanitizer":
  /// null}. Two TUs with different settings may see one header site
  /// differently.
  llvm::json::Object Settings;
  std::vector<SiteRecord> Sites;
};

/// The settings as `key=value` words sorted by key, e.g. "max=80 off=false
/// sanitizer=null": how a report names the compile a record came from.
std::string settingsWords(const llvm::json::Object &Settings);

/// Reads and validates the sidecar at \p Path. The error names the problem
/// (not the path; the caller prefixes it).
llvm::Expected<Sidecar> readSidecar(llvm::StringRef Path);

/// Parses sidecar text already in memory; \p Path is recorded in the result.
llvm::Expected<Sidecar> parseSidecar(llvm::StringRef Text,
                                     llvm::StringRef Path);

/// The sidecar text of \p SC: indented, as writeSidecar writes it, or on
/// one line, as the records section carries it.
std::string sidecarText(const Sidecar &SC, bool Pretty = true);

/// Writes \p SC to \p Path atomically (temporary file, then rename), so a
/// parallel build never reads half a file.
llvm::Error writeSidecar(llvm::StringRef Path, const Sidecar &SC);

} // namespace sizespec

#endif // SIZESPEC_MODEL_SIDECAR_H
