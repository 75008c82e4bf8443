//===- generic_test.cc - The generic path: every size ---------------------===//
//
// sizespec::allocate, operator new/new[] with a runtime size, and the typed
// runtime-size path (alloc_scan<T>/alloc_noscan<T>), for every size from 0
// to 1024 and beyond.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

// The smallest class that holds Size bytes at required_new_align(Size).
unsigned new_class(std::size_t Size) {
  for (unsigned C = class_of(Size);; ++C)
    if (class_align(C) >= required_new_align(Size))
      return C;
}

// The typed path owes alignment for objects *of* that size only.
std::size_t object_align(std::size_t Size) {
  std::size_t A = Size ? Size & (~Size + 1) : 1;
  return A > 16 ? 16 : A;
}

TEST(Generic, AllocateEverySmallSize) {
  for (std::size_t Size = 0; Size <= kMaxSmallSize; ++Size) {
    void *P = allocate(runtime(Size));
    ASSERT_TRUE(owns(P)) << Size;
    ObjectInfo Info = object_info(P);
    ASSERT_EQ(Info.size_class, new_class(Size)) << Size;
    ASSERT_TRUE(Info.scan) << "the generic path does not know the type";
    ASSERT_TRUE(aligned(P, required_new_align(Size))) << Size;
    fill(P, Size, Size);
    ASSERT_TRUE(check(P, Size, Size));
    deallocate(P);
  }
}

// Every class, 1..32, both kinds, through the typed runtime-size path: the
// class, the kind, class_align, no overlap, contents.
TEST(Generic, EveryClassBothKinds) {
  for (unsigned C = 1; C <= kNumClasses; ++C)
    for (bool Scan : {false, true}) {
      std::size_t Size = class_size(C);
      std::vector<std::uintptr_t> Objects;
      for (int I = 0; I < 200; ++I) {
        void *P = Scan ? alloc_scan<char>(runtime(Size))
                       : alloc_noscan<char>(runtime(Size));
        ObjectInfo Info = object_info(P);
        // Pointer-free, under 16 bytes and not 8: packed (tiny_test.cc).
        ASSERT_EQ(Info.tiny, !Scan && Size < 16 && Size != 8) << C;
        ASSERT_EQ(Info.size_class, Info.tiny ? 0 : C);
        ASSERT_EQ(Info.scan, Scan);
        ASSERT_TRUE(aligned(P, class_align(C))) << C;
        fill(P, Size, I);
        Objects.push_back(reinterpret_cast<std::uintptr_t>(P));
      }
      for (int I = 0; I < 200; ++I)
        ASSERT_TRUE(check(reinterpret_cast<void *>(Objects[I]), Size, I));
      std::vector<std::uintptr_t> Sorted = Objects;
      std::sort(Sorted.begin(), Sorted.end());
      for (std::size_t I = 1; I < Sorted.size(); ++I)
        ASSERT_GE(Sorted[I] - Sorted[I - 1], Size);
      for (std::uintptr_t P : Objects)
        ::operator delete(reinterpret_cast<void *>(P), Size);
    }
}

TEST(Generic, ManyObjectsOfEverySizeKeepTheirContents) {
  std::vector<std::pair<void *, std::size_t>> Objects;
  for (int Round = 0; Round < 4; ++Round)
    for (std::size_t Size = 1; Size <= kMaxSmallSize; ++Size) {
      void *P = ::operator new(runtime(Size));
      fill(P, Size, Size + Round);
      Objects.push_back({P, Size});
    }
  for (std::size_t I = 0; I < Objects.size(); ++I) {
    auto [P, Size] = Objects[I];
    ASSERT_TRUE(check(P, Size, Size + I / kMaxSmallSize)) << Size;
    ::operator delete(P, Size);
  }
}

TEST(Generic, OperatorNewEverySmallSize) {
  for (std::size_t Size = 0; Size <= kMaxSmallSize; ++Size) {
    void *P = ::operator new(runtime(Size));
    ASSERT_EQ(object_info(P).size_class, new_class(Size)) << Size;
    ASSERT_TRUE(aligned(P, required_new_align(Size))) << Size;
    ::operator delete(P, Size);
    void *A = ::operator new[](runtime(Size));
    ASSERT_EQ(object_info(A).size_class, new_class(Size)) << Size;
    ASSERT_TRUE(aligned(A, required_new_align(Size))) << Size;
    ::operator delete[](A);
  }
}

TEST(Generic, BeyondTheClasses) {
  for (std::size_t Size :
       {std::size_t(1025), std::size_t(1500), std::size_t(4096),
        std::size_t(65537), std::size_t(1) << 20, std::size_t(16) << 20}) {
    Stats Before = stats();
    void *P = allocate(runtime(Size));
    EXPECT_FALSE(owns(P)) << "large objects go to the system allocator";
    EXPECT_TRUE(aligned(P, 16));
    fill(P, Size, Size);
    EXPECT_TRUE(check(P, Size, Size));
    EXPECT_EQ(stats().large_allocations, Before.large_allocations + 1);
    deallocate(P);
    void *Q = ::operator new[](runtime(Size));
    fill(Q, Size, 1);
    ::operator delete[](Q, Size);
  }
}

TEST(Generic, NothrowAllocate) {
  void *P = allocate(runtime(100), std::nothrow);
  ASSERT_NE(P, nullptr);
  EXPECT_TRUE(owns(P));
  deallocate(P);
  void *L = allocate(runtime(100000), std::nothrow);
  ASSERT_NE(L, nullptr);
  deallocate(L);
}

TEST(Generic, DeallocateIgnoresNull) { deallocate(nullptr); }

TEST(TypedPath, EverySmallSizeGetsItsOwnClass) {
  // Not operator new: the 24-byte class serves 17..24 bytes here.
  for (std::size_t Size = 1; Size <= kMaxSmallSize; ++Size) {
    void *P = alloc_noscan<char>(runtime(Size));
    bool Tiny = Size < 16 && Size != 8; // packed (tiny_test.cc)
    ASSERT_EQ(object_info(P).size_class, Tiny ? 0 : class_of(Size)) << Size;
    ASSERT_EQ(object_info(P).tiny, Tiny) << Size;
    ASSERT_TRUE(aligned(P, object_align(Size))) << Size;
    ::operator delete(P, Size);
  }
}

TEST(TypedPath, RuntimeSizeKeepsTheKind) {
  for (std::size_t N = 1; N <= 40; ++N) {
    void *S = alloc_scan<void *>(runtime(N * sizeof(void *)));
    void *O = alloc_noscan<double>(runtime(N * sizeof(double)));
    EXPECT_TRUE(object_info(S).scan);
    EXPECT_FALSE(object_info(O).scan);
    EXPECT_EQ(object_info(O).size_class, class_of(N * sizeof(double)));
    ::operator delete(S, N * sizeof(void *));
    ::operator delete(O, N * sizeof(double));
  }
  ClassStats Before = class_stats(5, false);
  void *P = alloc_noscan<double>(runtime(48));
  ClassStats After = class_stats(5, false);
  EXPECT_EQ(After.generic, Before.generic + 1);
  EXPECT_EQ(After.specialized, Before.specialized);
  ::operator delete(P);
}

TEST(TypedPath, ConstantSizeTakesTheClassRoutine) {
#ifndef __OPTIMIZE__
  GTEST_SKIP() << "__builtin_constant_p folds only when optimizing";
#endif
  ClassStats Before = class_stats(4, false);
  void *P = alloc_noscan<int>(32); // constant after inlining
  ClassStats After = class_stats(4, false);
  EXPECT_EQ(After.specialized, Before.specialized + 1);
  EXPECT_EQ(After.generic, Before.generic);
  ::operator delete(P);
  // The largest class too.
  Before = class_stats(32, false);
  void *Q = alloc_noscan<int>(1024);
  After = class_stats(32, false);
  EXPECT_EQ(After.specialized, Before.specialized + 1);
  EXPECT_EQ(After.generic, Before.generic);
  ::operator delete(Q);
  // Above the classes: the large-object path.
  std::uint64_t Large = stats().large_allocations;
  void *R = alloc_noscan<int>(1028);
  EXPECT_FALSE(owns(R));
  EXPECT_EQ(stats().large_allocations, Large + 1);
  ::operator delete(R);
}

TEST(TypedPath, OverAlignedTypes) {
  struct alignas(64) Line {
    char c[64];
  };
  struct alignas(8192) Page {
    char c[8192];
  };
  for (int I = 0; I < 100; ++I) {
    void *P = alloc_scan<Line>(runtime(sizeof(Line) * (1 + I % 4)));
    EXPECT_TRUE(aligned(P, 64));
    EXPECT_TRUE(owns(P));
    ::operator delete(P, std::align_val_t(64));
  }
  void *Q = alloc_noscan<Page>(sizeof(Page));
  EXPECT_TRUE(aligned(Q, 8192));
  EXPECT_FALSE(owns(Q));
  ::operator delete(Q, std::align_val_t(8192));
}

} // namespace
