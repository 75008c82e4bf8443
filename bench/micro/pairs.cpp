//===- bench/micro/pairs.cpp - new+delete pairs of constant size ----------===//
//
// One allocation and its delete per iteration, size known at compile time,
// so that with the plugin each `new` below becomes a specialized routine.
// The pointer escapes through DoNotOptimize: without it Clang may elide the
// whole new/delete pair (allowed since C++14) and measure nothing.
//
//===----------------------------------------------------------------------===//

#include "register.h"
#include "types.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <utility>

namespace bench {
namespace {

template <class T> void pair(benchmark::State &State) {
  for (auto _ : State) {
    T *P = new T;
    benchmark::DoNotOptimize(P);
    delete P;
  }
}

template <std::size_t N> void arrayPair(benchmark::State &State) {
  for (auto _ : State) {
    std::byte *P = new std::byte[N];
    benchmark::DoNotOptimize(P);
    delete[] P;
  }
}

template <std::size_t... I> void registerNoScan(std::index_sequence<I...>) {
  (benchmark::RegisterBenchmark(
       ("Sweep/noscan/" + size_name(kNoScanSweep[I])).c_str(),
       pair<NoScanBytes<kNoScanSweep[I]>>),
   ...);
}

template <std::size_t... I> void registerScan(std::index_sequence<I...>) {
  (benchmark::RegisterBenchmark(
       ("Sweep/scan/" + size_name(kScanSweep[I])).c_str(),
       pair<ScanBytes<kScanSweep[I]>>),
   ...);
}

} // namespace

void register_pairs() {
  benchmark::RegisterBenchmark("NoScan24", pair<Point>);
  // The tiny path: pointer-free objects under 16 bytes, packed. Compare
  // with Sweep/scan/0008, the 8-byte class's pair.
  benchmark::RegisterBenchmark("Tiny/0001", pair<bool>);
  benchmark::RegisterBenchmark("Tiny/0004", pair<std::uint32_t>);
  benchmark::RegisterBenchmark("Tiny/0008", pair<std::uint64_t>);
  benchmark::RegisterBenchmark("Scan24", pair<Tagged>);
  benchmark::RegisterBenchmark("Array80", arrayPair<80>);
  benchmark::RegisterBenchmark("Array96", arrayPair<96>);
  registerNoScan(std::make_index_sequence<std::size(kNoScanSweep)>());
  registerScan(std::make_index_sequence<std::size(kScanSweep)>());
}

} // namespace bench
