//===- region_test.cc - The address range all spans live in ---------------===//
//
// Where the bins' spans sit in their ranges (runtime/src/region.h).
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

namespace {

// The bins' ranges are aligned alike. Were each bin's first span at the same
// offset of its range, the pages a program uses at once, a few of each bin,
// would fall into the same sets of a set-associative TLB. Bins are coloured:
// bin b's spans start (b mod 16) spans further in, so the first objects of
// the 64 bins sit in all 16 of the 64 KiB slots of a 1 MiB stretch.
TEST(Region, BinsFirstSpansSitAtSixteenOffsets) {
  int Status;
  const std::string Out =
      sizespec::test::command_output(SIZESPEC_BIN_OFFSETS_HELPER, Status);
  ASSERT_EQ(Status, 0) << Out;
  std::istringstream In(Out);
  std::string Word;
  ASSERT_TRUE(In >> Word) << Out;
  ASSERT_EQ(Word, "offsets") << Out;
  std::set<unsigned> Offsets;
  unsigned N = 0;
  for (unsigned Offset; In >> Offset; ++N)
    Offsets.insert(Offset);
  ASSERT_EQ(N, 2 * sizespec::kNumClasses) << Out;
  EXPECT_EQ(Offsets.size(), 16u) << Out;
}

} // namespace
