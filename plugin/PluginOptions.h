//===- PluginOptions.h - The plugin's settings ------------------*- C++ -*-===//
//
// What -fplugin-arg-sizespec-... set. Parsed by the action; read by the
// consumer, the report and the stamp.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_PLUGINOPTIONS_H
#define SIZESPEC_PLUGIN_PLUGINOPTIONS_H

#include <sizespec/size_classes.h>

#include <cstdint>
#include <optional>
#include <string>

namespace sizespec {

struct PluginOptions {
  /// Print one line per site on stderr.
  bool Report = false;
  /// The opt-out: compile as without the plugin (the stamp still says so).
  bool Off = false;
  /// Size limit in bytes.
  std::uint64_t Max = kDefaultSpecializeMax;
  /// The inline paths encode free-list links; `hardening=off` emits them
  /// plain, and a marker that turns the runtime's hardening off with them.
  bool Hardened = true;
  /// Where to export the site JSON as a file; empty: nowhere (the records
  /// travel in the object's .sizespec.sites section either way).
  std::string Sidecar;
  /// The input is preprocessed (.ii, -save-temps, ccache, distcc): it has
  /// the runtime header already if it was preprocessed with sizespec's
  /// flags, and cannot include it now (no include paths).
  bool Preprocessed = false;
  /// The plugin's LLVM passes will not run (Clang 22 without
  /// -fpass-plugin=): no site can be specialized.
  bool NoPass = false;
  /// Set when a sanitizer turns specialization off: "address", ...
  std::optional<std::string> Sanitizer;
};

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_PLUGINOPTIONS_H
