//===- bench/micro/runtime_sized.cpp - sizes the compiler cannot see ------===//
//
// `new std::byte[n]` with n passed through DoNotOptimize every iteration:
// no configuration can specialize it, so `on` and `off` both take the
// runtime's generic path (a size-indexed class table, like Go's
// mallocNoScanTable). This is the C++ twin of Go's runtime-sized make.
//
//===----------------------------------------------------------------------===//

#include "register.h"
#include "types.h"

#include <benchmark/benchmark.h>

namespace bench {
namespace {

void runtimeSized(benchmark::State &State, std::size_t N) {
  for (auto _ : State) {
    benchmark::DoNotOptimize(N); // the size is a fresh unknown each time
    std::byte *P = new std::byte[N];
    benchmark::DoNotOptimize(P);
    delete[] P;
  }
}

} // namespace

void register_runtime() {
  for (std::size_t N : {8, 32, 48, 72, 96})
    benchmark::RegisterBenchmark(("Runtime/" + size_name(N)).c_str(),
                                 runtimeSized, N);
}

} // namespace bench
