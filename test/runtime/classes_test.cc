//===- classes_test.cc - Every specialized class, both kinds --------------===//
//
// For alloc_{scan,noscan}_sc1..32: size, alignment, no overlap, contents
// survive, reuse after free, the kind of span, and the counts.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

template <unsigned C, bool Scan> struct Pair {
  static constexpr unsigned klass = C;
  static constexpr bool scan = Scan;
};

template <class P> class ClassTest : public ::testing::Test {};
template <unsigned... I>
::testing::Types<Pair<I + 1, false>..., Pair<I + 1, true>...>
    pairs_of(std::integer_sequence<unsigned, I...>);
/// Every specialized class, each kind.
using AllPairs = decltype(pairs_of(
    std::make_integer_sequence<unsigned, kNumSpecializedClasses>()));
TYPED_TEST_SUITE(ClassTest, AllPairs);

// Enough objects to span several 64 KiB spans in every class.
template <unsigned C>
constexpr std::size_t kCount = 3 * kSpanBytes / class_size(C) + 7;

TYPED_TEST(ClassTest, SizeAlignmentNoOverlapContents) {
  constexpr unsigned C = TypeParam::klass;
  constexpr bool Scan = TypeParam::scan;
  constexpr std::size_t Size = class_size(C);
  std::vector<void *> Objects;
  for (std::size_t I = 0; I < kCount<C>; ++I) {
    void *P =
        I % 2 ? routine<C, Scan, false>(Size) : routine<C, Scan, true>(Size);
    ASSERT_NE(P, nullptr);
    ASSERT_TRUE(aligned(P, class_align(C))) << P;
    ObjectInfo Info = object_info(P);
    ASSERT_TRUE(Info.ours);
    ASSERT_EQ(Info.size_class, C);
    ASSERT_EQ(Info.scan, Scan);
    fill(P, Size, I);
    Objects.push_back(P);
  }
  for (std::size_t I = 0; I < Objects.size(); ++I)
    ASSERT_TRUE(check(Objects[I], Size, I)) << "object " << I;

  std::vector<std::uintptr_t> Sorted;
  for (void *P : Objects)
    Sorted.push_back(reinterpret_cast<std::uintptr_t>(P));
  std::sort(Sorted.begin(), Sorted.end());
  for (std::size_t I = 1; I < Sorted.size(); ++I)
    ASSERT_GE(Sorted[I] - Sorted[I - 1], Size) << "objects overlap";

  for (void *P : Objects)
    ::operator delete(P, Size);
}

TYPED_TEST(ClassTest, ReuseAfterFree) {
  constexpr unsigned C = TypeParam::klass;
  constexpr bool Scan = TypeParam::scan;
  constexpr std::size_t Size = class_size(C);
  // What a thread frees, it allocates again.
  void *A = routine<C, Scan, false>(Size);
  ::operator delete(A);
  EXPECT_TRUE(comes_back(
      A, [] { return routine<C, Scan, false>(Size); },
      [](void *P) { ::operator delete(P, Size); }));

  // A large batch freed and allocated again reuses the same spans: the
  // memory does not grow.
  std::vector<void *> First, Second;
  First.reserve(kCount<C>);
  Second.reserve(kCount<C>);
  for (std::size_t I = 0; I < kCount<C>; ++I)
    First.push_back(routine<C, Scan, false>(Size));
  std::set<std::uintptr_t> Spans;
  for (void *P : First) {
    Spans.insert(span_of(P));
    ::operator delete(P, Size);
  }
  for (std::size_t I = 0; I < kCount<C>; ++I)
    Second.push_back(routine<C, Scan, false>(Size));
  for (void *P : Second)
    EXPECT_EQ(Spans.count(span_of(P)), 1u) << "a freed span was not reused";
  for (void *P : Second)
    ::operator delete(P, Size);
}

TYPED_TEST(ClassTest, SmallerRequestsAndCounts) {
  constexpr unsigned C = TypeParam::klass;
  constexpr bool Scan = TypeParam::scan;
  // A routine may be called with any size up to the class size (the site's
  // sizeof, or an array with its cookie).
  std::vector<void *> Objects;
  Objects.reserve(200); // no operator new (scan bins) while counting
  ClassStats Before = class_stats(C, Scan);
  for (std::size_t Size = 1; Size <= class_size(C); ++Size) {
    void *P = routine<C, Scan, false, unsigned char>(Size);
    fill(P, Size, Size);
    Objects.push_back(P);
  }
  for (std::size_t Size = 1; Size <= class_size(C); ++Size)
    EXPECT_TRUE(check(Objects[Size - 1], Size, Size));
  for (void *P : Objects)
    ::operator delete(P);
  ClassStats After = class_stats(C, Scan);
  EXPECT_EQ(After.specialized - Before.specialized, class_size(C));
  EXPECT_EQ(After.allocations - Before.allocations, class_size(C));
  EXPECT_EQ(After.frees - Before.frees, class_size(C));
  EXPECT_EQ(After.generic, Before.generic);
}

TYPED_TEST(ClassTest, ArrayTypes) {
  constexpr unsigned C = TypeParam::klass;
  constexpr bool Scan = TypeParam::scan;
  using Elem = ClassObject<1>;
  constexpr std::size_t N = class_size(C) / sizeof(Elem);
  // `new Elem[N]` (no cookie: trivially destructible) freed by delete[].
  void *P = routine<C, Scan, false, Elem[N]>(sizeof(Elem[N]));
  EXPECT_EQ(object_info(P).size_class, C);
  ::operator delete[](P);
}

// Scan and noscan objects never share a span, whichever order they come in.
TEST(Segregation, ScanAndNoscanNeverShareASpan) {
  std::vector<void *> Objects;
  std::set<std::uintptr_t> ScanSpans, NoscanSpans;
  auto record = [&](void *P, bool Scan) {
    ASSERT_EQ(object_info(P).scan, Scan);
    (Scan ? ScanSpans : NoscanSpans).insert(span_of(P));
    Objects.push_back(P);
  };
  for (int I = 0; I < 20000; ++I) {
    record(routine<3, true, false>(24), true);
    record(routine<3, false, false>(24), false);
    record(alloc_noscan<long>(24), false); // typed, constant size
    record(alloc_scan<long *>(24), true);  // typed, constant size
    record(::operator new(24), true);      // generic: scan
    record(allocate(20), true);            // generic: scan
  }
  for (std::uintptr_t S : ScanSpans)
    EXPECT_EQ(NoscanSpans.count(S), 0u) << "span shared by both kinds";
  for (void *P : Objects)
    ::operator delete(P);
}

} // namespace
