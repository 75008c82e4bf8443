//===- Version.h - Plugin and Clang versions --------------------*- C++ -*-===//

#ifndef SIZESPEC_PLUGIN_VERSION_H
#define SIZESPEC_PLUGIN_VERSION_H

#include "clang/Basic/Version.h"

namespace sizespec {

/// From the project() version in the top-level CMakeLists.txt.
inline constexpr const char kPluginVersion[] = SIZESPEC_VERSION;
/// The Clang the plugin was built against (and must be loaded into).
inline constexpr const char kClangVersion[] = CLANG_VERSION_STRING;

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_VERSION_H
