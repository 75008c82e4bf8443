//===- bench/common/program_report.h - Whole-program measurements -*- C++
//-*-===//
//
// Whole programs time their own work (so process start-up and dynamic
// linking, which differ between allocators, stay out of the figure) and
// print one JSON line on stderr for the harness:
//
//   bench-result: {"wall_ns": 123, "cpu_ns": 120, "maxrss_kb": 456,
//                  "minflt": 789, "allocator": "glibc"}
//
// (with "ops": N after maxrss_kb for a program that runs for a fixed time
// and counts the operations it did: the harness reports their rate).
//
// cpu_ns is the process's CPU time over the same interval: on a shared
// machine it is far less disturbed by other work than wall time. maxrss_kb
// is VmHWM from /proc/self/status, not getrusage's ru_maxrss: Linux carries
// ru_maxrss across execve, so a child of a large harness process would
// report the harness's peak instead of its own. minflt is the minor page
// faults over the interval: pages the allocators had the kernel map.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BENCH_PROGRAM_REPORT_H
#define SIZESPEC_BENCH_PROGRAM_REPORT_H

#include "allocator_probe.h"
#include "proc_status.h"
#include "sizespec_probe.h"

#include <sys/resource.h>
#include <time.h>

#include <chrono>
#include <cstdio>

namespace bench {

class ProgramTimer {
public:
  ProgramTimer()
      : StartWall(std::chrono::steady_clock::now()), StartCpu(cpuNs()),
        StartFaults(minorFaults()) {}

  /// Prints the bench-result line: wall and CPU time since construction,
  /// peak RSS of the whole process, and \p Ops if it is not negative.
  void report(long long Ops = -1) const {
    auto WallNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now() - StartWall)
                      .count();
    long long CpuNs = cpuNs() - StartCpu;
    char OpsField[48] = "";
    if (Ops >= 0)
      std::snprintf(OpsField, sizeof OpsField, "\"ops\": %lld, ", Ops);
    std::fprintf(stderr,
                 "bench-result: {\"wall_ns\": %lld, \"cpu_ns\": %lld, "
                 "\"maxrss_kb\": %ld, \"minflt\": %ld, %s\"allocator\": "
                 "\"%s\"}\n",
                 static_cast<long long>(WallNs), CpuNs, peakRssKb(),
                 minorFaults() - StartFaults, OpsField,
                 allocator_name().c_str());
    print_sizespec_stats();
  }

private:
  static long peakRssKb() { return proc_status_kb("VmHWM:"); }

  static long minorFaults() {
    rusage U{};
    getrusage(RUSAGE_SELF, &U);
    return U.ru_minflt;
  }

  static long long cpuNs() {
    timespec T{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &T);
    return T.tv_sec * 1000000000LL + T.tv_nsec;
  }

  std::chrono::steady_clock::time_point StartWall;
  long long StartCpu;
  long StartFaults;
};

} // namespace bench

#endif // SIZESPEC_BENCH_PROGRAM_REPORT_H
