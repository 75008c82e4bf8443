//===- UnifiedDiff.h - Unified diff of a rewritten file ---------*- C++ -*-===//

#ifndef SIZESPEC_REWRITER_UNIFIEDDIFF_H
#define SIZESPEC_REWRITER_UNIFIEDDIFF_H

#include "Results.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace sizespec::rewriter {

/// Writes the unified diff (3 lines of context, `diff -u` / `patch -p0`
/// format) that turns \p Original into the result of applying \p Edits,
/// which are sorted and do not overlap. Writes nothing when there are no
/// edits.
void writeUnifiedDiff(llvm::raw_ostream &OS, llvm::StringRef Path,
                      llvm::StringRef Original, llvm::ArrayRef<Edit> Edits);

/// \p Original with \p Edits (sorted, not overlapping) applied.
std::string applyEdits(llvm::StringRef Original, llvm::ArrayRef<Edit> Edits);

} // namespace sizespec::rewriter

#endif // SIZESPEC_REWRITER_UNIFIEDDIFF_H
