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
  // Freed in the executable, allocated again in the library, and the other
  // way round: one thread cache.
  void *P = alloc_scan_sc2<Pair>(sizeof(Pair));
  EXPECT_EQ(object_info(P).size_class, 2u);
  EXPECT_TRUE(object_info(P).scan);
  ::operator delete(P, sizeof(Pair));
  EXPECT_TRUE(comes_back(P, dso_alloc_pair, dso_free));
  void *Q = dso_alloc_pair();
  dso_free(Q);
  EXPECT_TRUE(comes_back(
      Q, [] { return alloc_scan_sc2<Pair>(sizeof(Pair)); },
      [](void *X) { ::operator delete(X); }));
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
