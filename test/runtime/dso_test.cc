//===- dso_test.cc - Routines inlined into a shared library ---------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

extern "C" void *dso_alloc_pair();
extern "C" void dso_free(void *P);

using namespace sizespec;
using namespace sizespec::test;

namespace {

struct Pair {
  void *a, *b;
};

TEST(SharedLibrary, RoutinesShareTheThreadCacheWithTheExecutable) {
  // Freed in the executable, allocated again in the library: same list.
  void *P = alloc_scan_sc2<Pair>(sizeof(Pair));
  ::operator delete(P, sizeof(Pair));
  void *Q = dso_alloc_pair();
  EXPECT_EQ(P, Q);
  EXPECT_EQ(object_info(Q).size_class, 2u);
  EXPECT_TRUE(object_info(Q).scan);
  dso_free(Q);
  void *R = alloc_scan_sc2<Pair>(sizeof(Pair));
  EXPECT_EQ(R, Q);
  ::operator delete(R);
}

TEST(SharedLibrary, FromManyThreads) {
  std::vector<std::thread> T;
  for (int I = 0; I < 4; ++I)
    T.emplace_back([] {
      std::vector<void *> V;
      for (int J = 0; J < 10000; ++J) {
        V.push_back(dso_alloc_pair());
        fill(V.back(), 16, J);
      }
      for (int J = 0; J < 10000; ++J) {
        EXPECT_TRUE(check(V[J], 16, J));
        dso_free(V[J]);
      }
    });
  for (std::thread &X : T)
    X.join();
}

} // namespace
