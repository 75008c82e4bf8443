//===- bench/common/output_hash.h - A hash of a program's output -*- C++
//-*-===//
//
// The library workloads print a hash of what they wrote, which must be the
// same in every configuration (the harness compares their stdout).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BENCH_OUTPUT_HASH_H
#define SIZESPEC_BENCH_OUTPUT_HASH_H

#include <cstdint>
#include <string>

namespace bench {

constexpr std::uint64_t kFnvOffset = 14695981039346656037u;
constexpr std::uint64_t kFnvPrime = 1099511628211u;

/// 64-bit FNV-1a of \p S, continuing from \p H (to hash a sequence).
inline std::uint64_t fnv1a(const std::string &S, std::uint64_t H = kFnvOffset) {
  for (unsigned char C : S)
    H = (H ^ C) * kFnvPrime;
  return H;
}

/// FNV-1a's step on a whole 64-bit word \p W, not a byte at a time: a
/// hash of many numbers that stays a small share of a program's work.
inline std::uint64_t fnv1a_word(std::uint64_t W, std::uint64_t H) {
  return (H ^ W) * kFnvPrime;
}

} // namespace bench

#endif // SIZESPEC_BENCH_OUTPUT_HASH_H
