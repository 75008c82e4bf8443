//===- bench/micro/types.h - The allocated types ----------------*- C++ -*-===//
//
// The types the micro benchmarks allocate. Sizes are exact (static_assert),
// so each site's size class is known: Point and Tagged mirror the Go
// article's `point` (three int64, no pointer) and `tagged` (a string header
// and an int64; here a pointer, a length and an id).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BENCH_MICRO_TYPES_H
#define SIZESPEC_BENCH_MICRO_TYPES_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace bench {

/// 24 bytes, no pointer: the noscan path.
struct Point {
  std::int64_t X, Y, Z;
};
static_assert(sizeof(Point) == 24);

/// 24 bytes holding a pointer: the scan path.
struct Tagged {
  const char *Name;
  std::size_t Len;
  std::int64_t Id;
};
static_assert(sizeof(Tagged) == 24);

/// N pointer-free bytes, 8-byte aligned like a typical struct of integers.
template <std::size_t N> struct NoScanBytes {
  static_assert(N % 8 == 0);
  std::uint64_t Words[N / 8];
};

/// N bytes whose first word is a pointer.
template <std::size_t N> struct ScanBytes {
  static_assert(N % 8 == 0 && N >= 16);
  void *Ptr;
  std::uint64_t Words[N / 8 - 1];
};
template <> struct ScanBytes<8> {
  void *Ptr;
};

/// The sizes of the sweep, as in the Go measurements.
inline constexpr std::size_t kNoScanSweep[] = {
    8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 160, 256, 512, 1024};
inline constexpr std::size_t kScanSweep[] = {8, 16, 24, 32, 48, 64, 80, 96};

/// "0024": zero-padded like the Go tables, so names sort by size.
inline std::string size_name(std::size_t N) {
  std::string S = std::to_string(N);
  return std::string(S.size() < 4 ? 4 - S.size() : 0, '0') + S;
}

} // namespace bench

#endif // SIZESPEC_BENCH_MICRO_TYPES_H
