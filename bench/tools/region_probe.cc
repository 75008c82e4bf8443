//===- region_probe.cc - Where sizespec's bins are, from outside ----------===//
//
// LD_PRELOAD'ed in front of a program that runs on sizespec's runtime: at
// exit it writes the runtime's bin ranges to the file SIZESPEC_PROBE_REGION
// names: a line
//
//   bins BASE SHIFT
//
// (BASE in hex): bin b's range starts at BASE + (b << SHIFT), the tiny
// path's after the last bin's (runtime/src/region.h); then a line per bin,
// "B SIZE KIND" (its class's size, scan or noscan), and "B tiny" for the
// tiny range, so that a reader needs no table of its own. The geometry comes
// from detail::inline_free_region, which the plugin's inline free reads
// too: a pointer's bin is (p >> SHIFT) - BASE / 2^SHIFT. Under valgrind
// the ranges are smaller than in a native run, so bench/tools/tlb
// --by-class asks the run itself. A runtime that is not active leaves the
// shift at 63, and the line is "bins inactive".
//
// It defines no operator new (a shim that did would make the runtime stand
// aside), and finds the symbol at exit, so it links to nothing of sizespec.
//
//===----------------------------------------------------------------------===//

#include "preload_file.h"

#include <sizespec/bins.h>
#include <sizespec/free_path.h>

#include <cstdint>
#include <cstdio>
#include <dlfcn.h>

namespace {

__attribute__((destructor)) void report() {
  std::FILE *F = openPreloadFile("SIZESPEC_PROBE_REGION", "region probe");
  if (!F)
    return;
  const auto *R = static_cast<const sizespec::detail::InlineFreeRegion *>(
      dlsym(RTLD_DEFAULT, "_ZN8sizespec6detail18inline_free_regionE"));
  // Until the region is reserved, and in system mode, the shift is 63.
  if (!R || R->__shift >= 63) {
    std::fprintf(F, "bins inactive\n");
  } else {
    std::fprintf(F, "bins %llx %u\n",
                 (unsigned long long)(R->__base_index << R->__shift),
                 R->__shift);
    for (unsigned B = 0; B < sizespec::kNumBins; ++B)
      std::fprintf(F, "%u %zu %s\n", B,
                   sizespec::class_size(sizespec::bin_class(B)),
                   sizespec::bin_scan(B) ? "scan" : "noscan");
    std::fprintf(F, "%u tiny\n", sizespec::kNumBins);
  }
  std::fclose(F);
}

} // namespace
