//===- bench/micro/main.cpp - The micro benchmark driver
//--------------------===//
//
// Registers every group in a fixed order and records, in the JSON context,
// which allocator the process really runs on; on and off also print the
// runtime's counts at exit (both checked by the harness).
//
//===----------------------------------------------------------------------===//

#include "../common/allocator_probe.h"
#include "../common/sizespec_probe.h"
#include "register.h"

#include <benchmark/benchmark.h>

int main(int Argc, char **Argv) {
  bench::register_pairs();
  bench::register_batch();
  bench::register_runtime();
  bench::register_smart();
  bench::register_threads();
  benchmark::AddCustomContext("allocator", bench::allocator_name());
  benchmark::Initialize(&Argc, Argv);
  if (benchmark::ReportUnrecognizedArguments(Argc, Argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  bench::print_sizespec_stats();
  return 0;
}
