//===- ChangePlan.h - Per-file changes merged from all TUs ------*- C++ -*-===//

#ifndef SIZESPEC_REWRITER_CHANGEPLAN_H
#define SIZESPEC_REWRITER_CHANGEPLAN_H

#include "Results.h"

#include "llvm/ADT/ArrayRef.h"

namespace sizespec::rewriter {

/// The header every rewritten file includes: the placement operator new
/// overloads and smart-pointer helpers the rewritten expressions call.
inline constexpr const char *RewriteHeader = "sizespec/rewrite.h";

/// What the tool will do to one file.
struct FileChange {
  std::string File;
  std::string Original;    ///< The bytes on disk now.
  std::vector<Edit> Edits; ///< Sorted, not overlapping, include included.
  /// Non-empty when the file must be left alone (it changed since it was
  /// parsed, translation units disagree on it, ...).
  std::string Error;
};

/// Merges the edits of every translation unit into one change per file: a
/// header edit seen by many translation units counts once, and a file that
/// edits its `#include <sizespec/rewrite.h>` once, where clang-format's
/// include rules put it. Files come out sorted by name.
std::vector<FileChange> planChanges(llvm::ArrayRef<TUResult> Results);

} // namespace sizespec::rewriter

#endif // SIZESPEC_REWRITER_CHANGEPLAN_H
