//===- slot_divisor_test.cc - Whether an offset starts a slot -------------===//
//
// The return of an object to its span takes an offset for a carved slot
// only if SlotDivisor says it starts one (runtime/src/slot_divisor.h): every
// offset of a span, for the size of every class and of a tiny block.
//
//===----------------------------------------------------------------------===//

#include "slot_divisor.h"
#include "test_util.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

/// Offsets of a span where SlotDivisor is wrong for objects of \p Size:
/// a slot other than offset / size, or a start of a slot below `carved`
/// (all of the span's, and half of them) said where there is none or none
/// said where there is one.
std::vector<std::uint64_t> wrong_offsets(std::uint64_t Size) {
  const SlotDivisor D = SlotDivisor::of(Size);
  const std::uint64_t Slots = kSpanBytes / Size;
  std::vector<std::uint64_t> Wrong;
  for (std::uint64_t Offset = 0; Offset < kSpanBytes; ++Offset) {
    bool Right = D.slot(Offset) == Offset / Size;
    for (std::uint64_t Carved : {Slots, Slots / 2})
      Right &= D.starts_slot_below(Offset, Carved << 32) ==
               (Offset % Size == 0 && Offset / Size < Carved);
    if (!Right)
      Wrong.push_back(Offset);
  }
  return Wrong;
}

TEST(SlotDivisor, TellsEverySlotOfEveryClass) {
  for (unsigned C = 1; C <= kNumClasses; ++C)
    EXPECT_EQ(wrong_offsets(class_size(C)), std::vector<std::uint64_t>{})
        << "class " << C << ", " << class_size(C) << " B";
  EXPECT_EQ(wrong_offsets(detail::kTinyBlock), std::vector<std::uint64_t>{})
      << "tiny blocks";
}

TEST(SlotDivisor, TellsSizesNoClassHas) {
  // Sizes no class has, odd ones among them: the test is exact for any
  // size from 2 to 2^10.
  for (std::uint64_t Size : {2u, 3u, 7u, 40u, 100u, 1000u, 1023u, 1024u})
    EXPECT_EQ(wrong_offsets(Size), std::vector<std::uint64_t>{})
        << Size << " B";
}

} // namespace
