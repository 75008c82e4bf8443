//===- Runner.h - Parse translation units in parallel -----------*- C++ -*-===//

#ifndef SIZESPEC_REWRITER_RUNNER_H
#define SIZESPEC_REWRITER_RUNNER_H

#include "Collect.h"

#include "clang/Tooling/CompilationDatabase.h"

namespace sizespec::rewriter {

/// Parses each of \p Files with its compile commands from \p DB, \p Jobs at a
/// time (0: one per hardware thread), and returns one result per file, in the
/// order given. With \p Progress, keeps a "[3/12] file" line on stderr.
std::vector<TUResult> runAll(const clang::tooling::CompilationDatabase &DB,
                             llvm::ArrayRef<std::string> Files,
                             const CollectOptions &Opts, unsigned Jobs,
                             bool Progress);

} // namespace sizespec::rewriter

#endif // SIZESPEC_REWRITER_RUNNER_H
