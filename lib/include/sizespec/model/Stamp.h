//===- sizespec/model/Stamp.h - The stamp every compile carries -*- C++ -*-===//
//
// Every translation unit the plugin compiles carries one record in the
// `.sizespec.stamp` section (docs/interfaces.md, Plugin, "Stamp"):
//
//   sizespec-stamp v=1 plugin=0.1.0 clang=19.1.7 off=0 max=80 sanitizer=none
//     hardening=1
//
// NUL-terminated; the linker concatenates them, one per stamped object.
// Written by the plugin (Predefines.cpp), read by its passes (the module's
// limit, off, sanitizer) and by sizespec-report --binary: this is the one
// encoder and parser.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_MODEL_STAMP_H
#define SIZESPEC_MODEL_STAMP_H

#include "llvm/ADT/StringRef.h"

#include <sizespec/size_classes.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sizespec {

/// The section the records live in.
inline constexpr llvm::StringLiteral kStampSection = ".sizespec.stamp";
/// The record version written and read.
inline constexpr unsigned kStampVersion = 1;

/// What a compile's stamp says.
struct StampSettings {
  std::string Plugin; ///< the plugin's version
  std::string Clang;  ///< the Clang it was built for
  bool Off = false;
  std::uint64_t Max = kDefaultSpecializeMax;
  /// The sanitizer that turned specialization off, if any.
  std::optional<std::string> Sanitizer;
  /// The inline paths encode free-list links (docs/interfaces.md,
  /// "Hardening"); a record without the field says so too.
  bool Hardened = true;
};

/// The record for \p S, without its terminating NUL.
std::string encodeStamp(const StampSettings &S);

/// A record as read back.
struct ParsedStamp {
  std::string Record; ///< as stored, without the NUL
  /// The first word is "sizespec-stamp" and the version is one this reads.
  bool Recognized = false;
  /// The key=value fields after the first word, in record order.
  std::vector<std::pair<std::string, std::string>> Fields;
  /// The fields this version defines (defaults where one is missing).
  StampSettings Settings;
};

/// Parses one record (no NUL).
ParsedStamp parseStamp(llvm::StringRef Record);

} // namespace sizespec

#endif // SIZESPEC_MODEL_STAMP_H
