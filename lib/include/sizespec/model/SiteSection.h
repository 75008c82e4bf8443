//===- SiteSection.h - Site records inside object files ---------*- C++ -*-===//
//
// Every object the plugin builds carries its translation unit's site records
// in a non-allocated section, so caches, distributed builds, archives and the
// linker move the report with the object (docs/interfaces.md, "The records
// section"). A record is a header line and a payload, the sidecar JSON:
//
//   sizespec-sites v=1 encoding=zlib stored=<bytes> raw=<bytes>\n<payload>
//
// The linker concatenates the records of every object it links; a reader
// skips the NUL bytes that alignment may put between them.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_MODEL_SITESECTION_H
#define SIZESPEC_MODEL_SITESECTION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace sizespec {

/// The section's name in ELF objects.
inline constexpr llvm::StringLiteral kSiteSection = ".sizespec.sites";
/// The record version written and read.
inline constexpr unsigned kSiteSectionVersion = 1;
/// Payloads above this many bytes are compressed (when zlib is there).
inline constexpr std::size_t kCompressAbove = 4096;

/// One record for the sidecar text \p Json.
std::string encodeSiteRecord(llvm::StringRef Json);

/// The sidecar texts of every record in a section's \p Contents, in order.
/// The error names the first malformed record.
llvm::Expected<std::vector<std::string>>
decodeSiteRecords(llvm::StringRef Contents);

/// An assembler fragment that puts \p Bytes into the records section,
/// non-allocated as -frecord-command-line's section is.
std::string siteSectionAsm(llvm::StringRef Bytes);

} // namespace sizespec

#endif // SIZESPEC_MODEL_SITESECTION_H
