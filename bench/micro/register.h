//===- bench/micro/register.h - Benchmark groups ----------------*- C++ -*-===//
//
// Each file of the micro benchmark registers one group; main() calls them
// in a fixed order so that every configuration runs the same list.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BENCH_MICRO_REGISTER_H
#define SIZESPEC_BENCH_MICRO_REGISTER_H

namespace bench {

void register_pairs();   // NoScan24, Scan24, Array80/96, the size sweep
void register_batch();   // allocate 1000, free in another order
void register_runtime(); // sizes hidden from the compiler
void register_smart();   // make_unique / make_shared
void register_threads(); // two owners; producer/consumer

} // namespace bench

#endif // SIZESPEC_BENCH_MICRO_REGISTER_H
