//===- FileWrite.h - Write a file whole or not at all -----------*- C++ -*-===//

#ifndef SIZESPEC_REWRITER_FILEWRITE_H
#define SIZESPEC_REWRITER_FILEWRITE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace sizespec::rewriter {

/// Replaces the contents of \p Path by \p Content atomically: the new bytes
/// go to a temporary file in the same directory, which then takes the old
/// file's owner, group and permissions and is renamed over it. Readers see the
/// old file or the new one, never a mix. A read-only file is refused and left
/// as it is.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content);

} // namespace sizespec::rewriter

#endif // SIZESPEC_REWRITER_FILEWRITE_H
