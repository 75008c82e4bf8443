//===- bench/common/rng.h - The benchmarks' pseudo-random numbers -*- C++
//-*-===//
//
// xorshift64*: the same sequence in every configuration, whatever the
// standard library, so that every allocator sees the same requests.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BENCH_RNG_H
#define SIZESPEC_BENCH_RNG_H

#include <cstdint>

namespace bench {

struct Rng {
  std::uint64_t S;
  std::uint64_t next() {
    S ^= S >> 12;
    S ^= S << 25;
    S ^= S >> 27;
    return S * 2685821657736338717ull;
  }
};

} // namespace bench

#endif // SIZESPEC_BENCH_RNG_H
