// The types inline-delete.cpp shares with plain-alloc.cpp.
#include <cstdint>

struct Pair24 {
  std::int64_t A, B, C;
};

Pair24 *plainPair(int I);
