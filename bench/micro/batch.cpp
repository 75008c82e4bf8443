//===- bench/micro/batch.cpp - 1000 allocations, freed out of order -------===//
//
// A same-size new/delete loop hands back the object it just freed, which
// flatters any free list. Here each iteration allocates 1000 objects of one
// size, then frees them in a fixed shuffled order, so the next allocations
// come from a scrambled list, as in a program that keeps objects a while.
// Reported per allocation (the "pairs" counter tells the harness to divide).
//
//===----------------------------------------------------------------------===//

#include "register.h"
#include "types.h"

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <string>
#include <utility>

namespace bench {
namespace {

constexpr std::size_t kBatch = 1000;

/// A fixed permutation of 0..kBatch-1 (Fisher-Yates over a xorshift PRNG),
/// the same in every configuration and every run.
const std::array<std::uint16_t, kBatch> &freeOrder() {
  static const std::array<std::uint16_t, kBatch> Order = [] {
    std::array<std::uint16_t, kBatch> O{};
    for (std::size_t I = 0; I < kBatch; ++I)
      O[I] = static_cast<std::uint16_t>(I);
    std::uint64_t X = 0x9e3779b97f4a7c15u;
    for (std::size_t I = kBatch - 1; I > 0; --I) {
      X ^= X << 13, X ^= X >> 7, X ^= X << 17;
      std::swap(O[I], O[X % (I + 1)]);
    }
    return O;
  }();
  return Order;
}

template <class T> void batch(benchmark::State &State) {
  const auto &Order = freeOrder();
  std::array<T *, kBatch> Live;
  for (auto _ : State) {
    for (std::size_t I = 0; I < kBatch; ++I)
      Live[I] = new T;
    benchmark::DoNotOptimize(Live.data());
    benchmark::ClobberMemory();
    for (std::uint16_t I : Order)
      delete Live[I];
  }
  State.counters["pairs"] = kBatch;
}

template <std::size_t... I> void registerNoScan(std::index_sequence<I...>) {
  (benchmark::RegisterBenchmark(
       ("Batch/noscan/" + size_name(kNoScanSweep[I])).c_str(),
       batch<NoScanBytes<kNoScanSweep[I]>>),
   ...);
}

template <std::size_t... I> void registerScan(std::index_sequence<I...>) {
  (benchmark::RegisterBenchmark(
       ("Batch/scan/" + size_name(kScanSweep[I])).c_str(),
       batch<ScanBytes<kScanSweep[I]>>),
   ...);
}

} // namespace

void register_batch() {
  registerNoScan(std::make_index_sequence<std::size(kNoScanSweep)>());
  registerScan(std::make_index_sequence<std::size(kScanSweep)>());
}

} // namespace bench
