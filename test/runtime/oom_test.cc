//===- oom_test.cc - When memory cannot be had ----------------------------===//
//
// The nothrow forms return null, the others throw std::bad_alloc after
// asking the new_handler. Span memory is made unobtainable with the commit
// limit hook; large objects with RLIMIT_AS.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <sizespec/testing.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <sys/resource.h>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

struct Node {
  long v[10];
};
struct Blob {
  char c[100]; // new Blob[2]: 200 bytes, the exhausted class
};

void *volatile g_sink;

/// Makes span memory unobtainable, allocates until the first null, and
/// records what the test body sees. Nothing else may allocate meanwhile
/// (gtest's own strings would fail too), so checks run after restore().
class CommitLimit : public ::testing::Test {
protected:
  void SetUp() override {
    Held.reserve(1 << 20); // system memory: unaffected by the limit
    ::operator delete(routine<7, false, false>(80)); // the runtime is up
  }
  void TearDown() override {
    restore();
    for (void *P : Held)
      ::operator delete(P);
  }
  /// Sets the limit, then allocates until the first null (false if it
  /// never came).
  template <class Alloc> bool exhaust(Alloc A) {
    test_hooks::set_commit_limit(test_hooks::bytes_committed());
    for (int I = 0; I < 1000000; ++I) {
      void *P = A();
      if (!P)
        return true;
      Held.push_back(P);
    }
    return false;
  }
  void restore() { test_hooks::set_commit_limit(SIZE_MAX); }
  template <class Fn> static bool throws_bad_alloc(Fn F) {
    try {
      F();
    } catch (const std::bad_alloc &) {
      return true;
    }
    return false;
  }
  std::vector<void *> Held;
};

TEST_F(CommitLimit, NothrowRoutineReturnsNull) {
  bool Exhausted =
      exhaust([] { return alloc_noscan_sc7<Node>(80, std::nothrow); });
  void *Again = alloc_noscan_sc7<Node>(80, std::nothrow);
  bool Threw = throws_bad_alloc([] { g_sink = alloc_noscan_sc7<Node>(80); });
  // Memory freed can be allocated again.
  ::operator delete(Held.back());
  Held.pop_back();
  void *AfterFree = alloc_noscan_sc7<Node>(80, std::nothrow);
  restore();
  ASSERT_TRUE(Exhausted);
  EXPECT_EQ(Again, nullptr);
  EXPECT_TRUE(Threw);
  EXPECT_NE(AfterFree, nullptr);
  Held.push_back(AfterFree);
}

TEST_F(CommitLimit, NothrowNewReturnsNullAndNewThrows) {
  bool Exhausted = exhaust([] { return ::operator new(200, std::nothrow); });
  void *Array = ::operator new[](200, std::nothrow);
  void *Api = allocate(200, std::nothrow);
  void *Expr = new (std::nothrow) Blob[2];
  bool Threw[] = {
      throws_bad_alloc([] { g_sink = ::operator new(200); }),
      throws_bad_alloc([] { g_sink = allocate(200); }),
      throws_bad_alloc([] { g_sink = new Blob[2]; }), // not elided
  };
  restore();
  ASSERT_TRUE(Exhausted);
  EXPECT_EQ(Array, nullptr);
  EXPECT_EQ(Api, nullptr);
  EXPECT_EQ(Expr, nullptr);
  for (bool T : Threw)
    EXPECT_TRUE(T);
}

int g_handler_calls = 0;

TEST_F(CommitLimit, NewHandlerIsAskedFirst) {
  bool Exhausted = exhaust([] { return ::operator new(300, std::nothrow); });
  std::set_new_handler([] {
    ++g_handler_calls;
    test_hooks::set_commit_limit(SIZE_MAX); // "free some memory"
  });
  void *P = ::operator new(300);
  std::set_new_handler(nullptr);
  ASSERT_TRUE(Exhausted);
  EXPECT_NE(P, nullptr);
  EXPECT_EQ(g_handler_calls, 1);
  Held.push_back(P);
}

TEST_F(CommitLimit, NewHandlerIsAskedUntilItMakesRoom) {
  // A handler that frees a little at a time may be asked many times: the
  // refill asks it in a loop, and each try takes no more stack than the
  // first (a retry that recursed would overflow the stack long before).
  constexpr int kCalls = 200000;
  bool Exhausted = exhaust([] { return ::operator new(400, std::nothrow); });
  g_handler_calls = 0;
  std::set_new_handler([] {
    if (++g_handler_calls == kCalls)
      test_hooks::set_commit_limit(SIZE_MAX);
  });
  void *P = ::operator new(400);
  std::set_new_handler(nullptr);
  ASSERT_TRUE(Exhausted);
  EXPECT_NE(P, nullptr);
  EXPECT_EQ(g_handler_calls, kCalls);
  Held.push_back(P);
}

TEST(AddressSpaceLimit, LargeObjects) {
  rlimit Old;
  ASSERT_EQ(getrlimit(RLIMIT_AS, &Old), 0);
  ::operator delete(::operator new(64)); // the runtime is up
  unsigned long Pages = 0;
  std::FILE *F = std::fopen("/proc/self/statm", "r");
  ASSERT_TRUE(F && std::fscanf(F, "%lu", &Pages) == 1);
  std::fclose(F);
  rlimit New = Old;
  New.rlim_cur = Pages * 4096 + (std::size_t(256) << 20);
  ASSERT_EQ(setrlimit(RLIMIT_AS, &New), 0);
  std::size_t Huge = std::size_t(1) << 31;
  void *A = ::operator new(Huge, std::nothrow);
  void *B = ::operator new[](Huge, std::nothrow);
  void *C = allocate(Huge, std::nothrow);
  void *D = ::operator new(Huge, std::align_val_t(64), std::nothrow);
  bool Threw = false;
  try {
    ::operator delete(::operator new(Huge));
  } catch (const std::bad_alloc &) {
    Threw = true;
  }
  ASSERT_EQ(setrlimit(RLIMIT_AS, &Old), 0);
  EXPECT_EQ(A, nullptr);
  EXPECT_EQ(B, nullptr);
  EXPECT_EQ(C, nullptr);
  EXPECT_EQ(D, nullptr);
  EXPECT_TRUE(Threw);
}

} // namespace
