//===- new_delete_test.cc - Every replaceable operator new/delete ---------===//
//
// Each form allocates from the runtime (or, when it must, the system) and
// each delete form frees what the matching new gave. Memory the runtime did
// not hand out -- malloc'd, or from the standard library's own operator
// new -- passed to any delete form goes back to the system allocator
// unharmed.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <malloc.h>
#include <new>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

TEST(OperatorNew, PlainAndArrayForms) {
  for (std::size_t Size : {1, 8, 24, 80, 100, 512, 1024, 5000}) {
    void *P = ::operator new(runtime(Size));
    void *A = ::operator new[](runtime(Size));
    void *N = ::operator new(runtime(Size), std::nothrow);
    void *NA = ::operator new[](runtime(Size), std::nothrow);
    for (void *X : {P, A, N, NA}) {
      ASSERT_NE(X, nullptr);
      EXPECT_EQ(owns(X), Size <= kMaxSmallSize);
      fill(X, Size, Size);
      EXPECT_TRUE(check(X, Size, Size));
    }
    ::operator delete(P);
    ::operator delete[](A, Size);
    ::operator delete(N, std::nothrow);
    ::operator delete[](NA, std::nothrow);
  }
}

// Clang assumes operator new(24) is 16-aligned when it initializes the
// object: `new P()` below is zeroed with movaps, which faults on an address
// that is only 8-aligned (the 24-byte class's odd slots).
struct P24 {
  long a, b, c;
};

TEST(OperatorNew, NewExpressionsGetTheAlignmentClangAssumes) {
  std::vector<P24 *> V;
  V.reserve(1000);
  for (int I = 0; I < 1000; ++I) {
    V.push_back(new P24());
    ASSERT_TRUE(aligned(V.back(), 16));
    ASSERT_EQ(V.back()->b, 0);
  }
  for (P24 *P : V)
    delete P;
}

TEST(OperatorNew, EveryDeleteFormFreesRuntimeMemory) {
  // An object freed by any form is handed out again.
  auto freed_by = [](auto Delete) {
    void *P = ::operator new(runtime(40));
    Delete(P);
    return comes_back(
        P, [] { return ::operator new(runtime(40)); },
        [](void *Q) { ::operator delete(Q); });
  };
  EXPECT_TRUE(freed_by([](void *P) { ::operator delete(P); }));
  EXPECT_TRUE(freed_by([](void *P) { ::operator delete(P, 40); }));
  EXPECT_TRUE(freed_by([](void *P) { ::operator delete[](P); }));
  EXPECT_TRUE(freed_by([](void *P) { ::operator delete[](P, 40); }));
  EXPECT_TRUE(freed_by([](void *P) { ::operator delete(P, std::nothrow); }));
  EXPECT_TRUE(freed_by([](void *P) { ::operator delete[](P, std::nothrow); }));
  EXPECT_TRUE(freed_by([](void *P) { sizespec::deallocate(P); }));
}

TEST(OperatorNew, AlignedForms) {
  for (std::size_t Align = 1; Align <= 16384; Align *= 2)
    for (std::size_t Size : {1, 8, 24, 48, 100, 1000, 3000}) {
      auto Al = std::align_val_t(Align);
      void *P = ::operator new(runtime(Size), Al);
      void *A = ::operator new[](runtime(Size), Al);
      void *N = ::operator new(runtime(Size), Al, std::nothrow);
      void *NA = ::operator new[](runtime(Size), Al, std::nothrow);
      for (void *X : {P, A, N, NA}) {
        ASSERT_NE(X, nullptr);
        ASSERT_TRUE(aligned(X, Align)) << Size << " @" << Align;
        // A class serves it when one is aligned enough (class 32, 1024
        // bytes, is 1024-aligned); otherwise the system allocator.
        bool Small = Size <= kMaxSmallSize && Align <= 1024;
        EXPECT_EQ(owns(X), Small) << Size << " @" << Align;
        fill(X, Size, Align);
        EXPECT_TRUE(check(X, Size, Align));
      }
      ::operator delete(P, Al);
      ::operator delete[](A, Size, Al);
      ::operator delete(N, Al, std::nothrow);
      ::operator delete[](NA, Al, std::nothrow);
    }
  void *P = ::operator new(24, std::align_val_t(32));
  EXPECT_EQ(object_info(P).size_class, class_of(32));
  ::operator delete(P, 24, std::align_val_t(32));
}

TEST(OperatorNew, DeleteOfNullIsANoOp) {
  ::operator delete(nullptr);
  ::operator delete[](nullptr);
  ::operator delete(nullptr, 8);
  ::operator delete[](nullptr, 8);
  ::operator delete(nullptr, std::nothrow);
  ::operator delete[](nullptr, std::nothrow);
  ::operator delete(nullptr, std::align_val_t(64));
  ::operator delete[](nullptr, std::align_val_t(64));
  ::operator delete(nullptr, 8, std::align_val_t(64));
  ::operator delete[](nullptr, 8, std::align_val_t(64));
  ::operator delete(nullptr, std::align_val_t(64), std::nothrow);
  ::operator delete[](nullptr, std::align_val_t(64), std::nothrow);
}

// malloc'd memory handed to a delete form reaches free(): glibc's per-thread
// cache is LIFO, so the next malloc of that size returns the same block.
template <class Delete> void expect_back_in_malloc(Delete D, bool Aligned) {
  for (std::size_t Size : {16, 24, 200, 5000}) {
    void *P = nullptr;
    if (Aligned)
      ASSERT_EQ(posix_memalign(&P, 64, Size), 0);
    else
      P = std::malloc(Size);
    ASSERT_FALSE(owns(P));
    fill(P, Size, 3);
    D(P);
    void *Q = std::malloc(Size);
    if (!Aligned && Size < 1000)
      EXPECT_EQ(P, Q) << "the block did not go back to malloc";
    std::free(Q);
  }
}

TEST(ForeignMemory, MallocedBlocksGoBackToTheSystem) {
  expect_back_in_malloc([](void *P) { ::operator delete(P); }, false);
  expect_back_in_malloc([](void *P) { ::operator delete(P, 1); }, false);
  expect_back_in_malloc([](void *P) { ::operator delete[](P); }, false);
  expect_back_in_malloc([](void *P) { ::operator delete[](P, 1); }, false);
  expect_back_in_malloc([](void *P) { ::operator delete(P, std::nothrow); },
                        false);
  expect_back_in_malloc([](void *P) { ::operator delete[](P, std::nothrow); },
                        false);
  expect_back_in_malloc([](void *P) { sizespec::deallocate(P); }, false);
  auto Al = std::align_val_t(64);
  expect_back_in_malloc([Al](void *P) { ::operator delete(P, Al); }, true);
  expect_back_in_malloc([Al](void *P) { ::operator delete[](P, Al); }, true);
  expect_back_in_malloc([Al](void *P) { ::operator delete(P, 1, Al); }, true);
  expect_back_in_malloc([Al](void *P) { ::operator delete[](P, 1, Al); }, true);
  expect_back_in_malloc(
      [Al](void *P) { ::operator delete(P, Al, std::nothrow); }, true);
  expect_back_in_malloc(
      [Al](void *P) { ::operator delete[](P, Al, std::nothrow); }, true);
}

// A library bound to the standard library's operator new (linked ahead of
// sizespec, or with -Bsymbolic) hands us its memory to delete.
TEST(ForeignMemory, StandardLibrarysOwnOperatorNew) {
  void *Std = dlopen("libstdc++.so.6", RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(Std, nullptr);
  auto StdNew = reinterpret_cast<void *(*)(std::size_t)>(dlsym(Std, "_Znwm"));
  ASSERT_NE(StdNew, nullptr);
  for (int I = 0; I < 1000; ++I) {
    void *P = StdNew(24 + I % 100);
    EXPECT_FALSE(owns(P));
    fill(P, 24, I);
    ::operator delete(P, 24 + I % 100);
  }
  dlclose(Std);
}

TEST(ForeignMemory, LargeObjectsFromTheRuntimeAreSystemMemory) {
  void *P = ::operator new(runtime(100000));
  EXPECT_FALSE(owns(P));
  EXPECT_GE(malloc_usable_size(P), 100000u);
  ::operator delete(P, 100000);
}

} // namespace
