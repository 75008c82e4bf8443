//===- ProfileExport.h - A joined profile for other tools -------*- C++ -*-===//
//
// What `--profile-pprof=FILE` and `--profile-collapsed=FILE` write:
//   - pprof's profile.proto (github.com/google/pprof, proto/profile.proto),
//     uncompressed, which pprof, Go's tooling and most profile viewers read:
//     sample types alloc_objects/count and alloc_space/bytes (the run's
//     estimates, as a Go heap profile's), period space/bytes = the sampling
//     interval, every location symbolized with its inlined frames, and labels
//     bytes (the requested size), kind, path (specialized or generic) and
//     site (the report's line for it). The format is six small messages:
//     written here by hand rather than with libprotobuf and its generated
//     code, a dependency for some forty lines.
//   - collapsed stacks (flamegraph.pl, speedscope, inferno): one line per
//     stack, frames outermost first joined by ';', a space, the estimated
//     bytes allocated.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_PROFILEEXPORT_H
#define SIZESPEC_TOOLS_REPORT_PROFILEEXPORT_H

#include "HotSites.h"

#include "llvm/Support/raw_ostream.h"

namespace sizespec {
namespace report {

void writePprof(const ProfileView &V, llvm::raw_ostream &OS);
void writeCollapsed(const ProfileView &V, llvm::raw_ostream &OS);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_PROFILEEXPORT_H
