//===- stats_test.cc - sizespec::stats() and the SIZESPEC_STATS table -----===//

#include "test_util.h"

#include <sizespec/testing.h>

#include <gtest/gtest.h>

#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

TEST(Stats, CountsOneThreadExactly) {
  ClassStats B2 = class_stats(2, false);
  std::vector<void *> V;
  for (int I = 0; I < 700; ++I)
    V.push_back(routine<2, false, false>(16));
  for (int I = 0; I < 300; ++I)
    V.push_back(alloc_noscan<char>(runtime(16)));
  for (int I = 0; I < 400; ++I)
    ::operator delete(V[I], 16);

  ClassStats A2 = class_stats(2, false);
  EXPECT_EQ(A2.allocations - B2.allocations, 1000u);
  EXPECT_EQ(A2.specialized - B2.specialized, 700u);
  EXPECT_EQ(A2.generic - B2.generic, 300u);
  EXPECT_EQ(A2.frees - B2.frees, 400u);
  EXPECT_EQ(A2.bytes_in_use - B2.bytes_in_use, 600u * 16);
  EXPECT_GE(A2.spans, 1u);
  for (std::size_t I = 400; I < V.size(); ++I)
    ::operator delete(V[I], 16);
}

TEST(Stats, ProcessWideFigures) {
  ::operator delete(::operator new(std::size_t(24)));
  Stats S = stats();
  EXPECT_EQ(S.mode, Mode::active);
  EXPECT_GE(S.spans_held, 1u);
  EXPECT_GE(S.bytes_committed, S.spans_held * kSpanBytes);
  std::uint64_t Sum = 0;
  for (unsigned C = 1; C <= kNumClasses; ++C)
    Sum += S.at(C, false).spans + S.at(C, true).spans;
  EXPECT_EQ(Sum, S.spans_held);
}

/// A thread that allocates \p N 24-byte objects and frees them, folds its
/// counts in (stats()), then waits, alive, until released.
class CountingThread {
public:
  explicit CountingThread(int N)
      : Thread([this, N] {
          std::vector<void *> V;
          for (int I = 0; I < N; ++I)
            V.push_back(routine<3, false, false>(24));
          for (void *P : V)
            ::operator delete(P, 24);
          std::vector<void *>().swap(V);
          (void)stats(); // folds this thread's last counts into its own
          std::unique_lock<std::mutex> L(M);
          Counted = true;
          CV.notify_all();
          CV.wait(L, [this] { return Released; });
        }) {
    std::unique_lock<std::mutex> L(M);
    CV.wait(L, [this] { return Counted; });
  }
  void release_and_join() {
    {
      std::lock_guard<std::mutex> L(M);
      Released = true;
    }
    CV.notify_all();
    Thread.join();
  }

private:
  std::mutex M;
  std::condition_variable CV;
  bool Counted = false, Released = false;
  std::thread Thread;
};

// A live thread's refills count on its own counters, which only it writes:
// the process-wide ones, which every thread may write, do not move until it
// exits. stats() adds the live thread's counts in; its exit folds them into
// the process's, where stats() still finds them.
TEST(Stats, ALiveThreadCountsOnItsOwnCounters) {
  using test_hooks::process_counted_allocations;
  constexpr int N = 20000; // dozens of refills
  // The vector's own buffer is counted too, once each time it grows; so is
  // nothing else of the thread's.
  const std::uint64_t ProcessBefore = process_counted_allocations();
  const std::uint64_t Before = class_stats(3, false).allocations;
  CountingThread T(N);
  EXPECT_EQ(process_counted_allocations(), ProcessBefore)
      << "a live thread's refills wrote the process-wide counters";
  EXPECT_EQ(class_stats(3, false).allocations - Before, std::uint64_t(N))
      << "stats() must add up the live thread's own counts";
  T.release_and_join();
  EXPECT_EQ(class_stats(3, false).allocations - Before, std::uint64_t(N));
  EXPECT_GE(process_counted_allocations() - ProcessBefore, std::uint64_t(N))
      << "the exit must fold the thread's counts into the process's";
}

// A fork's child has only the forking thread, and its stats() still counts
// what the threads that did not come along did; its own new threads join
// the registry (the lock is not left taken).
TEST(Stats, AForkChildCountsTheThreadsLeftBehind) {
  constexpr int N = 5000;
  const std::uint64_t Before = class_stats(3, false).allocations;
  CountingThread T(N);
  const pid_t Pid = fork();
  ASSERT_GE(Pid, 0);
  if (Pid == 0) {
    if (class_stats(3, false).allocations - Before != std::uint64_t(N))
      _exit(2);
    std::thread([] {
      ::operator delete(routine<3, false, false>(24), 24);
    }).join();
    _exit(class_stats(3, false).allocations - Before == std::uint64_t(N) + 1
              ? 0
              : 3);
  }
  int Status = 0;
  ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 0)
      << "2: the child lost the other thread's counts; 3: its new thread's";
  T.release_and_join();
}

/// Runs the helper with \p Env (SIZESPEC_STATS=1 by default) and returns
/// its stderr lines, each with its newline.
std::vector<std::string> run_helper(const char *Env = "SIZESPEC_STATS=1") {
  std::string Cmd =
      std::string(Env) + " " + SIZESPEC_STATS_HELPER + " 2>&1 >/dev/null";
  int Status;
  const std::string Out = command_output(Cmd, Status);
  EXPECT_EQ(Status, 0);
  std::vector<std::string> Lines;
  for (std::size_t At = 0; At < Out.size();) {
    const std::size_t Newline = Out.find('\n', At);
    const std::size_t End =
        Newline == std::string::npos ? Out.size() : Newline + 1;
    Lines.push_back(Out.substr(At, End - At));
    At = End;
  }
  return Lines;
}

TEST(Stats, TableAtExit) {
  std::vector<std::string> Lines = run_helper();
  ASSERT_GE(Lines.size(), 4u);
  EXPECT_EQ(Lines.front(), "sizespec: stats (mode active)\n");
  EXPECT_EQ(Lines[1].rfind("class", 0) == std::string::npos, false);
  // class size kind allocs frees in-use specialized generic spans
  std::map<std::string, std::vector<std::string>> Rows;
  for (const std::string &L : Lines) {
    std::istringstream In(L);
    std::vector<std::string> F;
    for (std::string W; In >> W;)
      F.push_back(W);
    if (F.size() == 9)
      Rows[F[0] + "/" + F[2]] = F;
  }
  ASSERT_TRUE(Rows.count("3/noscan"));
  std::vector<std::string> R = Rows["3/noscan"];
  EXPECT_EQ(R[1], "24");
  EXPECT_EQ(R[3], "1000");
  EXPECT_EQ(R[4], "900");
  EXPECT_EQ(R[5], "2400");
  EXPECT_EQ(R[6], "1000");
  EXPECT_EQ(R[7], "0");
  ASSERT_TRUE(Rows.count("5/noscan"));
  EXPECT_EQ(Rows["5/noscan"][3], "300");
  EXPECT_EQ(Rows["5/noscan"][4], "300");
  EXPECT_EQ(Rows["5/noscan"][5], "0");
  EXPECT_EQ(Rows["5/noscan"][6], "0");
  EXPECT_EQ(Rows["5/noscan"][7], "300");
  ASSERT_TRUE(Rows.count("large/-"));
  EXPECT_GE(std::stoul(Rows["large/-"][3]), 5u);
  EXPECT_EQ(Lines.back().rfind("sizespec: spans-held ", 0), 0u);
  for (const std::string &L : Lines)
    EXPECT_EQ(L.find("placement"), std::string::npos) << L;
}

/// The placement counts of the helper's run: 1000 class-3 objects, then 300
/// class-5 ones, each bin's from fresh spans, which are carved in address
/// order. Every allocation after each bin's first is a pair (a list the
/// thread has not finished at exit counts in full, so a few more); 24-byte
/// objects in order share a line with the one before 5 times in 8, 48-byte
/// ones once in 4, and nearly all share a page.
TEST(Stats, PlacementOfConsecutiveAllocations) {
  std::vector<std::string> Lines =
      run_helper("SIZESPEC_PLACEMENT=1 SIZESPEC_STATS=1");
  unsigned long long Pairs = 0, Line = 0, Page = 0;
  bool Found = false;
  for (const std::string &L : Lines)
    Found |= std::sscanf(L.c_str(),
                         "sizespec: placement pairs %llu same-line %llu "
                         "same-page %llu",
                         &Pairs, &Line, &Page) == 3;
  ASSERT_TRUE(Found);
  EXPECT_GE(Pairs, 999u + 299u);
  EXPECT_LE(Pairs, 999u + 299u + 2 * 512u);
  EXPECT_GE(Line, (999u * 5 / 8 + 299u / 4) * 9 / 10);
  EXPECT_LE(Line, Pairs);
  EXPECT_GE(Page, Pairs * 95 / 100);
  EXPECT_LE(Page, Pairs);
}

TEST(Stats, PlacementInTheJsonLine) {
  std::vector<std::string> Lines =
      run_helper("SIZESPEC_PLACEMENT=1 SIZESPEC_STATS=json");
  std::string J; // the whole output: the JSON line and what follows
  for (const std::string &L : Lines)
    J += L;
  EXPECT_EQ(J.rfind("{\"sizespec_stats\": 1", 0), 0u) << J;
  unsigned long long Pairs = 0, Line = 0, Page = 0;
  std::size_t At = J.find("\"placement\": {");
  ASSERT_NE(At, std::string::npos) << J;
  EXPECT_EQ(std::sscanf(J.c_str() + At,
                        "\"placement\": {\"pairs\": %llu, \"same_line\": %llu, "
                        "\"same_page\": %llu}",
                        &Pairs, &Line, &Page),
            3);
  EXPECT_GE(Pairs, 999u + 299u);
  EXPECT_LE(Page, Pairs);
}

} // namespace
