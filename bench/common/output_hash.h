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

/// 64-bit FNV-1a of \p S.
inline std::uint64_t fnv1a(const std::string &S) {
  std::uint64_t H = 14695981039346656037u;
  for (unsigned char C : S)
    H = (H ^ C) * 1099511628211u;
  return H;
}

} // namespace bench

#endif // SIZESPEC_BENCH_OUTPUT_HASH_H
