//===- profile_test.cc - The sampled profile keeps the fast path ----------===//
//
// Run with SIZESPEC_PROFILE set and a short SIZESPEC_PROFILE_RATE (the
// test's properties in CMakeLists.txt). At each sample point the profile
// gives the end of a thread's list back to the central bin, so that the
// allocation which crosses the point comes to a refill; the objects given
// back must come back at the next swap of lists, or a steady new/delete
// loop keeps ever fewer of them and refills ever more often, at last on
// every allocation (pairs took 11-19 ns with the profile on, against 2 ns,
// when it did).
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <sizespec/stats.h>
#include <sizespec/testing.h>

#include <cstdint>
#include <cstdlib>
#include <new>

using namespace sizespec;

namespace {

struct Point {
  std::int64_t X, Y, Z;
};

void pairs(long N) {
  for (long I = 0; I < N; ++I) {
    void *P = alloc_noscan_sc3<Point>(sizeof(Point));
    asm volatile("" : : "r"(P) : "memory");
    ::operator delete(P, sizeof(Point));
  }
}

TEST(Profile, SteadyPairsKeepTheFastPath) {
  const char *Rate = std::getenv("SIZESPEC_PROFILE_RATE");
  ASSERT_NE(std::getenv("SIZESPEC_PROFILE"), nullptr)
      << "run with SIZESPEC_PROFILE set (ctest does)";
  ASSERT_NE(Rate, nullptr);
  ASSERT_EQ(stats().mode, Mode::active);
  pairs(100000); // the batch grows to its cap
  const std::uint64_t Before = test_hooks::profile_refills();
  ASSERT_GT(Before, 0u) << "the profile is not on";
  constexpr long N = 1000000;
  pairs(N);
  const std::uint64_t Refills = test_hooks::profile_refills() - Before;
  // Samples expected: N * 24 / rate, and half as many again for the spread
  // of the exponential draws. Each costs two refills (the one that ends the
  // list early, the one that records it); a whole batch is at least 16
  // objects, so the swaps between add N / 16 at most.
  const double Samples = double(N) * 24 / std::atof(Rate);
  const double Bound = 2 * 1.5 * Samples + double(N) / 16;
  EXPECT_LT(double(Refills), Bound)
      << Refills << " refills in " << N << " pairs, " << Samples
      << " samples expected";
  EXPECT_GT(Refills, 0u);
}

} // namespace
