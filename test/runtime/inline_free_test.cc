//===- inline_free_test.cc - The free the plugin emits inline -------------===//
//
// detail::free_inline is what the plugin's LowerDeletes pass emits at a
// sized delete of a small constant size: it frees every object of a bin
// (scan or noscan, from a routine or from the untyped operator new), from
// any thread, and counts it; it leaves everything else -- null, a tiny
// object, a large one, malloc'd memory -- to operator delete, untouched.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <sizespec/free_path.h>
#include <sizespec/stats.h>
#include <sizespec/tiny_path.h>

#include <cstdint>
#include <cstdlib>
#include <new>
#include <thread>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

std::uint64_t frees(unsigned Class, bool Scan) {
  return stats().at(Class, Scan).frees;
}

TEST(InlineFree, FreesEveryBinsObjects) {
  ::operator delete(::operator new(runtime(24))); // the runtime is up
  ASSERT_NE(detail::inline_free_region.__shift, 63u);
  auto Check = [](void *P, std::size_t Size, unsigned Class, bool Scan) {
    std::uint64_t Before = frees(Class, Scan);
    fill(P, class_size(Class), Class);
    EXPECT_TRUE(detail::free_inline(P, Size)) << "class " << Class;
    EXPECT_EQ(frees(Class, Scan), Before + 1) << "class " << Class;
  };
  Check(routine<3, false, false>(24), 24, 3, false);
  Check(routine<3, true, false>(24), 24, 3, true);
  Check(routine<7, false, false>(80), 80, 7, false);
  // Untyped: a scan object whatever its type, freed from its own bin (24
  // bytes from operator new are in class 4, for their alignment).
  for (std::size_t Size : {0, 8, 16, 24, 100, 512, 1024}) {
    void *P = ::operator new(runtime(Size));
    ObjectInfo Info = object_info(P);
    ASSERT_TRUE(Info.ours);
    Check(P, Size, Info.size_class, Info.scan);
  }
}

TEST(InlineFree, LeavesEverythingElseToOperatorDelete) {
  EXPECT_FALSE(detail::free_inline(nullptr, 24));
  void *Tiny = alloc_noscan_tiny<char>(1);
  void *Large = ::operator new(runtime(5000));
  void *Malloced = std::malloc(24);
  fill(Tiny, 1, 1);
  fill(Large, 5000, 2);
  fill(Malloced, 24, 3);
  Stats Before = stats();
  for (void *P : {Tiny, Large, Malloced})
    EXPECT_FALSE(detail::free_inline(P, 1));
  Stats After = stats();
  for (unsigned C = 1; C <= kNumClasses; ++C)
    for (bool Scan : {false, true})
      EXPECT_EQ(After.at(C, Scan).frees, Before.at(C, Scan).frees);
  EXPECT_EQ(After.tiny.frees, Before.tiny.frees);
  // Untouched: each still holds its bytes and frees as it should.
  EXPECT_TRUE(check(Tiny, 1, 1));
  EXPECT_TRUE(check(Large, 5000, 2));
  EXPECT_TRUE(check(Malloced, 24, 3));
  ::operator delete(Tiny, 1);
  ::operator delete(Large, 5000);
  std::free(Malloced);
}

// A size whose classes do not hold the object's (a delete through the
// wrong type) is left to operator delete, which names it.
TEST(InlineFree, LeavesAnObjectOfAnotherClassToOperatorDelete) {
  void *P = routine<3, false, false>(24);
  fill(P, 24, 4);
  const std::uint64_t Before = frees(3, false);
  for (std::size_t Size : {0, 8, 16, 25, 100, 1024})
    EXPECT_FALSE(detail::free_inline(P, Size)) << Size;
  EXPECT_EQ(frees(3, false), Before);
  EXPECT_TRUE(check(P, 24, 4));
  EXPECT_TRUE(detail::free_inline(P, 17));
  EXPECT_EQ(frees(3, false), Before + 1);
}

// Past the budget the flush gives objects back to the central bin, where
// the next allocations find them: nothing more is committed.
TEST(InlineFree, FlushesPastTheBudget) {
  constexpr int N = 20000;
  std::vector<void *> Objects;
  for (int I = 0; I < N; ++I)
    Objects.push_back(routine<5, false, false>(48));
  std::uint64_t Before = frees(5, false);
  for (void *P : Objects)
    ASSERT_TRUE(detail::free_inline(P, 48));
  EXPECT_EQ(frees(5, false), Before + N);
  std::uint64_t Committed = stats().bytes_committed;
  for (void *&P : Objects)
    P = routine<5, false, false>(48);
  EXPECT_LE(stats().bytes_committed, Committed);
  for (void *P : Objects)
    ::operator delete(P, 48);
}

// A thread's first free, inline, sets its cache up (its budget is 0).
TEST(InlineFree, FromAThreadThatNeverAllocated) {
  std::vector<void *> Objects;
  for (int I = 0; I < 3000; ++I)
    Objects.push_back(routine<4, true, false>(32));
  std::uint64_t Before = frees(4, true);
  std::thread T([&] {
    for (void *P : Objects)
      EXPECT_TRUE(detail::free_inline(P, 32));
  });
  T.join();
  EXPECT_EQ(frees(4, true), Before + Objects.size());
}

} // namespace
