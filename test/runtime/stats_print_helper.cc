//===- stats_print_helper.cc - A known workload for the stats table -------===//
//
// Run with SIZESPEC_STATS=1 by stats_test: 1000 specialized noscan class-3
// allocations (900 freed), 300 generic noscan class-5 ones (all freed), and
// 5 large ones.
//
//===----------------------------------------------------------------------===//

#include <sizespec/sizespec.h>

#include <vector>

struct Point {
  long x, y, z;
};

int main() {
  std::vector<void *> V;
  V.reserve(2000);
  for (int I = 0; I < 1000; ++I)
    V.push_back(sizespec::alloc_noscan_sc3<Point>(sizeof(Point)));
  for (int I = 0; I < 900; ++I)
    ::operator delete(V[I], sizeof(Point));
  std::size_t Size = 48;
  asm volatile("" : "+r"(Size));
  for (int I = 0; I < 300; ++I)
    ::operator delete(sizespec::alloc_noscan<double>(Size));
  for (int I = 0; I < 5; ++I)
    ::operator delete(::operator new(std::size_t(4096) << I));
  return 0;
}
