//===- purge_test.cc - Empty spans stay committed for the purge delay -----===//
//
// A program that frees a structure and builds it again (binary-trees) must
// get the same pages back, not fresh ones faulted in: empty spans keep their
// pages until they have stayed empty for the purge delay.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

using namespace sizespec;
using namespace sizespec::test;

namespace {

struct Node {
  Node *left, *right;
  long item;
};

/// Allocates \p Bytes of Nodes as one list and returns its head.
Node *build(std::size_t Bytes) {
  Node *Head = nullptr;
  for (std::size_t I = 0; I < Bytes / sizeof(Node); ++I)
    Head = new (alloc_scan_sc3<Node>(sizeof(Node))) Node{Head, nullptr, 1};
  return Head;
}

void destroy(Node *Head) {
  while (Head) {
    Node *Next = Head->left;
    ::operator delete(Head, sizeof(Node));
    Head = Next;
  }
}

TEST(Purge, EmptySpansAreReusedWithinTheDelay) {
  ScopedPurgeDelay Hour(3600 * 1000);
  constexpr std::size_t kBytes = std::size_t(64) << 20;
  destroy(build(kBytes));
  std::uint64_t Returned = stats().bytes_returned;
  std::size_t Committed = test_hooks::bytes_committed();
  EXPECT_GE(stats().spans_cached * (std::size_t(64) << 10), kBytes * 9 / 10);

  for (int Round = 0; Round < 3; ++Round)
    destroy(build(kBytes));
  EXPECT_EQ(stats().bytes_returned, Returned) << "pages were given back";
  EXPECT_EQ(test_hooks::bytes_committed(), Committed) << "fresh spans used";
}

/// Runs the helper with SIZESPEC_PURGE_DELAY_MS=\p Value; returns what it
/// printed, stdout and stderr together.
std::string run_helper(const char *Value) {
  std::string Cmd = std::string("SIZESPEC_PURGE_DELAY_MS='") + Value + "' " +
                    SIZESPEC_PURGE_DELAY_HELPER + " 2>&1";
  int Status;
  std::string Out = sizespec::test::command_output(Cmd, Status);
  EXPECT_EQ(Status, 0);
  return Out;
}

TEST(Purge, DelayFromTheEnvironment) {
  EXPECT_EQ(run_helper("250"), "250\n");
  EXPECT_EQ(run_helper("0"), "0\n");
  EXPECT_EQ(run_helper(""), "1000\n");
}

TEST(Purge, BadDelayIsReportedAndIgnored) {
  for (const char *Bad : {"soon", "-5", "10ms", "86400001", "99999999999999"})
    EXPECT_EQ(run_helper(Bad),
              std::string("sizespec: ignoring SIZESPEC_PURGE_DELAY_MS=") + Bad +
                  ": not a number of milliseconds from 0 to 86400000; the "
                  "delay stays 1000\n1000\n")
        << Bad;
}

} // namespace
