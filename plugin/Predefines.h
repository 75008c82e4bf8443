//===- Predefines.h - What the plugin adds to every unit --------*- C++ -*-===//
//
// The plugin appends to the preprocessor's predefines, so users change no
// source:
//
//   #include "/usr/include/sizespec/site_markers.h"  // unless off/sanitizer
//   static const char __sizespec_stamp[] __attribute__((used, retain,
//       section(".sizespec.stamp"))) = "sizespec-stamp v=1 plugin=...";
//
// The stamp's bytes are specified in docs/interfaces.md.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_PREDEFINES_H
#define SIZESPEC_PLUGIN_PREDEFINES_H

#include "PluginOptions.h"

#include <string>

namespace sizespec {

/// Where this shared object was loaded from; empty if unknown.
std::string pluginPath();

/// Absolute path of <sizespec/site_markers.h>, the declarations the plugin
/// points sites at and the only header it needs: for an installed plugin
/// (<prefix>/lib/sizespec/sizespec-plugin.so) <prefix>/include/...; else the
/// source tree's runtime/include this plugin was built from.
std::string markersHeaderPath();

/// The stamp record, without its terminating NUL.
std::string stampRecord(const PluginOptions &Opts);

/// The text to append to the predefines buffer.
std::string predefinesText(const PluginOptions &Opts, bool IncludeRuntime);

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_PREDEFINES_H
