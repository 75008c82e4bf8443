//===- bench/micro/smart.cpp - make_unique and make_shared ----------------===//
//
// The standard library's own allocation sites. make_unique<Point> is a
// 24-byte `new`; make_shared<Point> allocates the control block and the
// Point together (40 bytes with a vtable pointer: the scan path, class 5).
//
//===----------------------------------------------------------------------===//

#include "register.h"
#include "types.h"

#include <benchmark/benchmark.h>

#include <memory>

namespace bench {
namespace {

void makeUnique(benchmark::State &State) {
  for (auto _ : State) {
    auto P = std::make_unique<Point>();
    benchmark::DoNotOptimize(P.get());
  }
}

void makeShared(benchmark::State &State) {
  for (auto _ : State) {
    auto P = std::make_shared<Point>();
    benchmark::DoNotOptimize(P.get());
  }
}

} // namespace

void register_smart() {
  benchmark::RegisterBenchmark("MakeUnique24", makeUnique);
  benchmark::RegisterBenchmark("MakeShared24", makeShared);
}

} // namespace bench
