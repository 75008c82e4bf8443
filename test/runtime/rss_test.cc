//===- rss_test.cc - Empty spans go back to the OS ------------------------===//
//
// Allocate 1 GiB of small objects, free them all: resident memory must come
// back near where it started, once release_free_memory() is called or the
// purge delay has passed (the runtime keeps a couple of empty spans per bin
// and gives the rest back with madvise).
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <unistd.h>

using namespace sizespec;
using namespace sizespec::test;

namespace {

struct Node {
  Node *next;
  char payload[40];
};

/// Allocates \p Bytes of \p Size-byte objects with \p A, frees them all,
/// calls \p AfterFree, then checks that resident memory and the stats show
/// the memory given back.
template <class Alloc, class Then>
void mass_free(Alloc A, std::size_t Size, std::size_t Bytes, Then AfterFree) {
  std::size_t Start = resident_bytes();
  std::uint64_t ReturnedBefore = stats().bytes_returned;

  // A list threaded through the objects themselves: no side array.
  Node *Head = nullptr;
  for (std::size_t I = 0; I < Bytes / Size; ++I) {
    auto *N = static_cast<Node *>(A());
    N->next = Head;
    N->payload[0] = 1;
    Head = N;
  }
  std::size_t Peak = resident_bytes();
  EXPECT_GT(Peak, Start + Bytes * 9 / 10) << "objects were not touched";
  std::size_t Slack = std::max(Bytes / 32, std::size_t(8) << 20);

  while (Head) {
    Node *Next = Head->next;
    ::operator delete(Head, Size);
    Head = Next;
  }
  AfterFree();
  std::size_t End = resident_bytes();
  EXPECT_LT(End, Start + Slack)
      << "start " << (Start >> 20) << " MiB, peak " << (Peak >> 20)
      << " MiB, end " << (End >> 20) << " MiB";
  EXPECT_GT(stats().bytes_returned - ReturnedBefore, Bytes * 9 / 10);
}

TEST(Rss, ReleaseFreeMemoryGivesBackAtOnce) {
  ScopedPurgeDelay Hour(3600 * 1000);
  mass_free([] { return alloc_scan_sc5<Node>(48); }, 48, std::size_t(1) << 30,
            [] {
              std::size_t Released = release_free_memory();
              EXPECT_GT(Released, (std::size_t(1) << 30) * 9 / 10);
              EXPECT_EQ(stats().spans_cached, 0u);
            });
}

TEST(Rss, GivenBackOncePurgeDelayHasPassed) {
  // Smaller: page faults are slow in some VMs (10 s a GiB).
  ScopedPurgeDelay Short(50);
  mass_free([] { return ::operator new(std::size_t(64)); }, 64,
            std::size_t(256) << 20,
            [] {
              std::this_thread::sleep_for(std::chrono::milliseconds(200));
              // A new thread's first allocation goes to the central bins,
              // which purge what has stayed empty for the delay.
              std::thread([] { ::operator delete(::operator new(8)); }).join();
            });
}

TEST(Rss, GivenBackAtOnceWithNoDelay) {
  ScopedPurgeDelay None(0);
  mass_free([] { return alloc_scan_sc7<Node>(80); }, 80, std::size_t(256) << 20,
            [] {});
}

} // namespace
