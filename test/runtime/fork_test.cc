//===- fork_test.cc - A forked child can allocate and free ----------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char **environ;

using namespace sizespec;
using namespace sizespec::test;

namespace {

/// In the child: check the parent's objects, free them, then allocate and
/// free \p Objects objects through every path, and \p ThreadObjects on a
/// thread of its own. Returns the exit status.
int child_work(const std::vector<void *> &FromParent, int Objects = 20000,
               int ThreadObjects = 1000) {
  for (std::size_t I = 0; I < FromParent.size(); ++I) {
    if (!check(FromParent[I], 24, I))
      return 2;
    ::operator delete(FromParent[I], 24);
  }
  std::vector<void *> Mine;
  for (int I = 0; I < Objects; ++I) {
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
  std::thread([ThreadObjects] {
    for (int I = 0; I < ThreadObjects; ++I)
      ::operator delete(routine<2, true, false>(16));
  }).join();
  return 0;
}

/// Two threads running \p Run(Thread, Stop) while the test forks, stopped
/// and joined when it ends, however it ends (a failed ASSERT returns early).
class BusyThreads {
public:
  explicit BusyThreads(void (*Run)(unsigned, const std::atomic<bool> &)) {
    for (unsigned T = 0; T < 2; ++T)
      Threads.emplace_back([this, Run, T] { Run(T, Stop); });
  }
  ~BusyThreads() {
    Stop = true;
    for (std::thread &T : Threads)
      T.join();
  }
  BusyThreads(const BusyThreads &) = delete;
  BusyThreads &operator=(const BusyThreads &) = delete;

private:
  std::atomic<bool> Stop{false};
  std::vector<std::thread> Threads;
};

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
  BusyThreads Busy([](unsigned, const std::atomic<bool> &Stop) {
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
}

/// Waits for child \p Pid at most \p Limit: true and its status if it
/// exited; on a hang, kills it and returns false.
bool wait_with_watchdog(pid_t Pid, int &Status,
                        std::chrono::seconds Limit = std::chrono::seconds(30)) {
  auto Deadline = std::chrono::steady_clock::now() + Limit;
  while (std::chrono::steady_clock::now() < Deadline) {
    pid_t R = waitpid(Pid, &Status, WNOHANG);
    if (R == Pid)
      return true;
    if (R < 0 && errno != EINTR)
      return false;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  kill(Pid, SIGKILL);
  waitpid(Pid, &Status, 0);
  return false;
}

/// Allocates and frees across the classes, sizes past a thread's cache cap:
/// refills from and flushes to the central lists.
void churn(unsigned T, const std::atomic<bool> &Stop) {
  std::vector<void *> V;
  for (unsigned Round = 0; !Stop; ++Round) {
    for (unsigned I = 0; I < 3000; ++I)
      V.push_back(::operator new(std::size_t(1 + (I * 37 + T + Round) % 1024)));
    for (void *P : V)
      ::operator delete(P);
    V.clear();
  }
}

/// Thread 0 allocates, thread 1 frees what it made: every object freed
/// away from its thread goes through the central lists.
void cross_thread(unsigned T, const std::atomic<bool> &Stop) {
  static std::atomic<void *> Slots[256];
  for (unsigned I = 0; !Stop; I = (I + 1) % 256) {
    if (T == 0) {
      void *P = routine<3, true, false>(24);
      fill(P, 24, I);
      if (void *Old = Slots[I].exchange(P))
        ::operator delete(Old, 24);
    } else if (void *P = Slots[I].exchange(nullptr)) {
      ::operator delete(P, 24);
    }
  }
  if (T == 1)
    for (auto &Slot : Slots)
      if (void *P = Slot.exchange(nullptr))
        ::operator delete(P, 24);
}

/// Thread 0 fills and empties spans; thread 1 gives every empty span back.
void purging(unsigned T, const std::atomic<bool> &Stop) {
  std::vector<void *> V;
  while (!Stop) {
    if (T == 1) {
      release_free_memory();
      continue;
    }
    for (int I = 0; I < 20000; ++I)
      V.push_back(routine<6, false, false>(64));
    for (void *P : V)
      ::operator delete(P, 64);
    V.clear();
  }
}

/// Pointer-free objects under 16 B, freed out of order from two threads:
/// blocks fill, empty and are retired to be reused.
void tiny_blocks(unsigned T, const std::atomic<bool> &Stop) {
  struct One {
    char C;
  };
  struct Five {
    char C[5];
  };
  std::vector<void *> V;
  for (unsigned Round = 0; !Stop; ++Round) {
    for (unsigned I = 0; I < 4000; ++I)
      V.push_back(I % 2 ? alloc_noscan_tiny<One>(1)
                        : alloc_noscan_tiny<Five>(5));
    for (std::size_t I = (T + Round) % 2; I < V.size(); I += 2)
      ::operator delete(V[I]);
    for (std::size_t I = 1 - (T + Round) % 2; I < V.size(); I += 2)
      ::operator delete(V[I]);
    V.clear();
  }
}

/// Forks \p Forks times while \p Run runs on two threads; each child
/// allocates, frees and exits through exit(). A child that hangs (a lock
/// the fork caught held) is killed by the watchdog and fails the test.
void fork_while(const char *Name,
                void (*Run)(unsigned, const std::atomic<bool> &), int Forks) {
  BusyThreads Busy(Run);
  int Failed = 0;
  std::fflush(nullptr); // the children's exit() flushes stdio's copy
  for (int Round = 0; Round < Forks && Failed < 3; ++Round) {
    pid_t Pid = fork();
    ASSERT_GE(Pid, 0);
    if (Pid == 0)
      std::exit(child_work({}, 300, 100));
    int Status = 0;
    bool Exited = wait_with_watchdog(Pid, Status);
    EXPECT_TRUE(Exited) << Name << ": child " << Round << " hung";
    EXPECT_TRUE(!Exited || (WIFEXITED(Status) && WEXITSTATUS(Status) == 0))
        << Name << ": child " << Round << " status " << Status;
    Failed += !Exited || !WIFEXITED(Status) || WEXITSTATUS(Status) != 0;
  }
}

// A thousand forks per workload: the atfork handlers must leave the child
// no lock held, whatever the other threads were doing at the time.
TEST(ForkStress, WhileThreadsRefillAndFlush) {
  fork_while("refill and flush", churn, 1000);
}
TEST(ForkStress, WhileThreadsFreeAcrossThreads) {
  fork_while("cross-thread frees", cross_thread, 1000);
}
TEST(ForkStress, WhileThreadsPurge) {
  ScopedPurgeDelay None(0);
  fork_while("purge", purging, 1000);
}
TEST(ForkStress, WhileThreadsRetireTinyBlocks) {
  fork_while("tiny blocks", tiny_blocks, 1000);
}

// The other ways to start a process, from a process whose threads are
// inside the runtime: posix_spawn, system() and a child that execs.
TEST(Fork, PosixSpawnSystemAndExecWhileThreadsAllocate) {
  BusyThreads Busy(churn);
  for (int I = 0; I < 20; ++I) {
    pid_t Pid;
    char Sh[] = "/bin/sh", C[] = "-c", Cmd[] = "exit 5";
    char *Argv[] = {Sh, C, Cmd, nullptr};
    ASSERT_EQ(posix_spawn(&Pid, "/bin/sh", nullptr, nullptr, Argv, environ), 0);
    int Status = 0;
    ASSERT_TRUE(wait_with_watchdog(Pid, Status)) << "spawned shell hung";
    EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 5) << Status;

    Status = std::system("exit 6");
    EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 6) << Status;

    // The child allocates first, so the runtime is live in it, then execs
    // a program that allocates through the runtime from a fresh start.
    Pid = fork();
    ASSERT_GE(Pid, 0);
    if (Pid == 0) {
      if (child_work({}) != 0)
        _exit(2);
      execl(SIZESPEC_FORK_EXEC_HELPER, SIZESPEC_FORK_EXEC_HELPER,
            static_cast<char *>(nullptr));
      _exit(3); // exec failed
    }
    ASSERT_TRUE(wait_with_watchdog(Pid, Status)) << "execed child hung";
    EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 7) << Status;
  }
}

} // namespace
