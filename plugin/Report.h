//===- Report.h - Site lines and the JSON sidecar ---------------*- C++ -*-===//
//
// The two outputs of diagnostic mode, in DESIGN.md's format:
//
//   src/shapes.cc:42:17: specialized: new Point -> alloc_noscan_sc3<Point> (24
//   B, class 3) src/shapes.cc:57:9: not specialized: new Mesh (96 B): size
//   above 80 B limit by 16 B
//
// and the per-TU sidecar of docs/interfaces.md.
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
