//===- fork_test.cc - A forked child can allocate and free ----------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <atomic>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

/// In the child: check the parent's objects, free them, then allocate and
/// free through every path. Returns the exit status.
int child_work(const std::vector<void *> &FromParent) {
  for (std::size_t I = 0; I < FromParent.size(); ++I) {
    if (!check(FromParent[I], 24, I))
      return 2;
    ::operator delete(FromParent[I], 24);
  }
  std::vector<void *> Mine;
  for (int I = 0; I < 20000; ++I) {
    void *P = I % 3 == 0   ? routine<3, false, false>(24)
              : I % 3 == 1 ? ::operator new(std::size_t(100 + I % 500))
                           : allocate(std::size_t(2000));
    if (!P)
      return 3;
    fill(P, 24, I);
    Mine.push_back(P);
  }
  for (std::size_t I = 0; I < Mine.size(); ++I) {
    if (!check(Mine[I], 24, I))
      return 4;
    ::operator delete(Mine[I]);
  }
  std::thread([] {
    for (int I = 0; I < 1000; ++I)
      ::operator delete(routine<2, true, false>(16));
  }).join();
  return 0;
}

TEST(Fork, ChildAllocatesAndFrees) {
  std::vector<void *> FromParent;
  for (int I = 0; I < 5000; ++I) {
    void *P = routine<3, false, false>(24);
    fill(P, 24, I);
    FromParent.push_back(P);
  }
  pid_t Pid = fork();
  ASSERT_GE(Pid, 0);
  if (Pid == 0)
    _exit(child_work(FromParent));
  int Status = 0;
  ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 0);
  for (void *P : FromParent) // the parent's copy is untouched
    ::operator delete(P, 24);
}

// Forking while other threads are inside the runtime's slow paths: the
// child must not inherit a held lock.
TEST(Fork, WhileOtherThreadsAllocate) {
  std::atomic<bool> Stop{false};
  std::vector<std::thread> Busy;
  for (int T = 0; T < 2; ++T)
    Busy.emplace_back([&] {
      std::vector<void *> V;
      while (!Stop) {
        for (int I = 0; I < 2000; ++I)
          V.push_back(I % 2 ? routine<1, false, false>(8)
                            : ::operator new(std::size_t(I % 1024)));
        for (void *P : V)
          ::operator delete(P);
        V.clear();
      }
    });
  for (int Round = 0; Round < 20; ++Round) {
    pid_t Pid = fork();
    ASSERT_GE(Pid, 0);
    if (Pid == 0)
      _exit(child_work({}));
    int Status = 0;
    ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
    ASSERT_TRUE(WIFEXITED(Status)) << "child died (deadlock or crash)";
    EXPECT_EQ(WEXITSTATUS(Status), 0);
  }
  Stop = true;
  for (std::thread &T : Busy)
    T.join();
}

} // namespace
