//===- bench/common/sizespec_probe.h - Did the plugin do anything? -*- C++
//-*-===//
//
// In the `on` and `off` configurations (built with SIZESPEC_BENCH_RUNTIME=1)
// prints the runtime's counts on stderr at the end of a run:
//
//   sizespec-stats: {"mode": "active", "specialized": 123, "generic": 4}
//
// The harness requires specialized > 0 for `on` and == 0 for `off`, and the
// runtime active in both: an A/B whose two sides run the same code would
// otherwise report a clean "no difference". Elsewhere it prints nothing.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BENCH_SIZESPEC_PROBE_H
#define SIZESPEC_BENCH_SIZESPEC_PROBE_H

#include <cstdio>
#include <initializer_list>

#if SIZESPEC_BENCH_RUNTIME
#include <sizespec/stats.h>
#endif

namespace bench {

inline void print_sizespec_stats() {
#if SIZESPEC_BENCH_RUNTIME
  const sizespec::Stats S = sizespec::stats();
  unsigned long long Specialized = 0, Generic = 0;
  for (unsigned C = 1; C <= sizespec::kNumClasses; ++C)
    for (bool Scan : {false, true}) {
      Specialized += S.at(C, Scan).specialized;
      Generic += S.at(C, Scan).generic;
    }
  Specialized += S.tiny.specialized; // packed pointer-free objects
  Generic += S.tiny.generic;
  const char *Mode = S.mode == sizespec::Mode::active      ? "active"
                     : S.mode == sizespec::Mode::system    ? "system"
                     : S.mode == sizespec::Mode::deferring ? "deferring"
                                                           : "uninitialized";
  std::fprintf(stderr,
               "sizespec-stats: {\"mode\": \"%s\", \"specialized\": %llu, "
               "\"generic\": %llu}\n",
               Mode, Specialized, Generic);
#endif
}

} // namespace bench

#endif // SIZESPEC_BENCH_SIZESPEC_PROBE_H
