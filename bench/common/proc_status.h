//===- bench/common/proc_status.h - A field of /proc/self/status -*- C++
//-*-===//
//
// The kB figures of /proc/self/status (VmHWM, RssAnon, ...), read where a
// benchmark needs them: program_report.h for the peak RSS, tiny_table for
// the resident heap.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BENCH_PROC_STATUS_H
#define SIZESPEC_BENCH_PROC_STATUS_H

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace bench {

/// The value of \p Field ("VmHWM:", with its colon) in kB; -1 if absent.
inline long proc_status_kb(const char *Field) {
  long Kb = -1;
  const std::size_t Len = std::strlen(Field);
  if (std::FILE *F = std::fopen("/proc/self/status", "r")) {
    char Line[256];
    while (std::fgets(Line, sizeof Line, F))
      if (std::strncmp(Line, Field, Len) == 0)
        Kb = std::strtol(Line + Len, nullptr, 10);
    std::fclose(F);
  }
  return Kb;
}

} // namespace bench

#endif // SIZESPEC_BENCH_PROC_STATUS_H
