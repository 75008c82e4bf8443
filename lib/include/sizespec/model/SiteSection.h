//===- SiteSection.h - Site records inside object files ---------*- C++ -*-===//
//
// Every object the plugin builds carries its translation unit's site records
// in a non-allocated section, so caches, distributed builds, archives and the
// linker move the report with the object (docs/interfaces.md, "The records
// section"). A record is a header line and a payload: the front end's,
// the sidecar JSON; after it, the late passes' record of what they did
// with the translation unit's specialized sites (Outcome.h):
//
//   sizespec-sites v=2 encoding=zlib stored=<bytes> raw=<bytes>\n<payload>
//   sizespec-lowered v=1 encoding=none stored=<bytes> raw=<bytes>\n<payload>
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
/// The versions written; every version up to each is read.
inline constexpr unsigned kSiteSectionVersion = 2;
inline constexpr unsigned kLoweredRecordVersion = 1;
/// Payloads above this many bytes are compressed (when zlib is there).
inline constexpr std::size_t kCompressAbove = 4096;

/// One record of a section, decoded.
struct SectionRecord {
  enum Kind {
    Sites,   ///< the front end's: the sidecar JSON
    Lowered, ///< the late passes': what they did (Outcome.h)
  };
  Kind K;
  unsigned Version;
  std::string Text;
};

/// One record of kind \p K for the JSON text \p Json, at the version
/// written.
std::string encodeSectionRecord(SectionRecord::Kind K, llvm::StringRef Json);

/// Every record in a section's \p Contents, in order: a translation unit's
/// Lowered record, where there is one, follows its Sites record. The error
/// names the first malformed record.
llvm::Expected<std::vector<SectionRecord>>
decodeSiteRecords(llvm::StringRef Contents);

/// An assembler fragment that puts \p Bytes into the records section,
/// non-allocated as -frecord-command-line's section is.
std::string siteSectionAsm(llvm::StringRef Bytes);

/// What a module's inline assembly \p Asm puts into \p Section, as
/// siteSectionAsm writes it: the records of a bitcode object (-flto), which
/// has no sections until it is linked.
std::string sectionBytesFromAsm(llvm::StringRef Asm, llvm::StringRef Section);

} // namespace sizespec

#endif // SIZESPEC_MODEL_SITESECTION_H
