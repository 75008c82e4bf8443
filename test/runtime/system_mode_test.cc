//===- system_mode_test.cc - The runtime stands aside ---------------------===//
//
// Run with SIZESPEC_SYSTEM=1, and under valgrind's memcheck: every form
// still works, on the system allocator, where those tools can see it.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

struct Point {
  long x, y, z;
};

TEST(SystemMode, EverythingGoesToTheSystemAllocator) {
  std::vector<void *> V;
  for (int I = 0; I < 100; ++I) {
    V.push_back(alloc_noscan_sc3<Point>(24));
    V.push_back(alloc_scan_sc7<Point *[10]>(80, std::nothrow));
    V.push_back(::operator new(std::size_t(24 + I)));
    V.push_back(allocate(std::size_t(24 + I * 20)));
  }
  for (void *P : V) {
    ASSERT_NE(P, nullptr);
    EXPECT_FALSE(owns(P));
    fill(P, 24, 1);
  }
  for (std::size_t I = 0; I < V.size(); ++I)
    if (I % 4 == 1)
      ::operator delete[](V[I]);
    else
      ::operator delete(V[I]);
  void *A = ::operator new(40, std::align_val_t(128));
  EXPECT_TRUE(aligned(A, 128));
  ::operator delete(A, std::align_val_t(128));
  Stats S = stats();
  EXPECT_EQ(S.mode, Mode::system);
  EXPECT_EQ(S.spans_held, 0u);
  EXPECT_EQ(S.at(3, false).allocations, 0u);
}

} // namespace
