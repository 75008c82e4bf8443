//===- Collect.h - Sites and edits of one translation unit ------*- C++ -*-===//

#ifndef SIZESPEC_REWRITER_COLLECT_H
#define SIZESPEC_REWRITER_COLLECT_H

#include "Results.h"

#include "clang/Tooling/Tooling.h"

#include <sizespec/size_classes.h>

#include <cstdint>
#include <memory>

namespace sizespec::rewriter {

/// Settings the analysis takes, as the plugin's arguments set them.
struct CollectOptions {
  std::uint64_t MaxSize = kDefaultSpecializeMax;
};

/// A frontend action factory that runs the site analysis on each translation
/// unit it parses and stores what it found (sites, edits, content hashes) in
/// \p Out. A translation unit with a compile error yields no edits.
std::unique_ptr<clang::tooling::FrontendActionFactory>
newCollectActionFactory(const CollectOptions &Opts, TUResult &Out);

} // namespace sizespec::rewriter

#endif // SIZESPEC_REWRITER_COLLECT_H
