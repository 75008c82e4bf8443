//===- Report.h - The JSON sidecar ------------------------------*- C++ -*-===//
//
// The per-TU sidecar of docs/interfaces.md. The report's site line is
// siteLine() in analysis/SiteRecord.h, shared with the rewriter.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_REPORT_H
#define SIZESPEC_PLUGIN_REPORT_H

#include "PluginOptions.h"
#include "SiteRecord.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace sizespec {

/// Writes the sidecar JSON to \p Path atomically (temporary file, then
/// rename), so a parallel build never reads half a file.
llvm::Error writeSidecar(llvm::StringRef Path, llvm::StringRef MainFile,
                         const PluginOptions &Opts,
                         llvm::ArrayRef<SiteRecord> Sites);

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_REPORT_H
