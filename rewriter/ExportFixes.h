//===- ExportFixes.h - Replacements for clang-apply-replacements -*- C++
//-*-===//

#ifndef SIZESPEC_REWRITER_EXPORTFIXES_H
#define SIZESPEC_REWRITER_EXPORTFIXES_H

#include "ChangePlan.h"

#include "llvm/Support/Error.h"

namespace sizespec::rewriter {

/// Writes every edit of \p Changes (files without an error) to \p Path as
/// one YAML document of clang::tooling::TranslationUnitReplacements, the
/// format clang-apply-replacements reads (as clang-tidy's --export-fixes).
llvm::Error exportFixes(llvm::StringRef Path,
                        llvm::ArrayRef<FileChange> Changes);

} // namespace sizespec::rewriter

#endif // SIZESPEC_REWRITER_EXPORTFIXES_H
