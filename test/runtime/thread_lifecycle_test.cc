//===- thread_lifecycle_test.cc - Threads come and go; objects stay -------===//
//
// A thread's cache is made at its first allocation and returned by the
// runtime's thread exit hook (a pthread key destructor). Objects outlive
// the threads that made them, threads are made and joined by the million,
// and destructors that run around the hook still allocate and free.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <malloc.h>
#include <pthread.h>

#include <atomic>
#include <cstdlib>
#include <thread>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

struct Tiny3 {
  char C[3];
};

/// One object of each kind a thread's cache holds: a scan class, a noscan
/// class, a tiny object and a generic size. \p Seed fills the first bytes.
struct Objects {
  void *Scan, *NoScan, *Tiny, *Generic;

  static Objects make(std::uint64_t Seed) {
    Objects O{routine<9, true, false>(112), routine<9, false, false>(112),
              alloc_noscan_tiny<Tiny3>(3), ::operator new(runtime(700))};
    fill(O.Scan, 112, Seed);
    fill(O.NoScan, 112, Seed + 1);
    fill(O.Tiny, 3, Seed + 2);
    fill(O.Generic, 700, Seed + 3);
    return O;
  }
  bool intact(std::uint64_t Seed) const {
    return check(Scan, 112, Seed) && check(NoScan, 112, Seed + 1) &&
           check(Tiny, 3, Seed + 2) && check(Generic, 700, Seed + 3);
  }
  void free() const {
    ::operator delete(Scan, 112);
    ::operator delete(NoScan, 112);
    ::operator delete(Tiny);
    ::operator delete(Generic);
  }
};

/// Objects in use of class 9 (both kinds) and tiny, process-wide.
std::uint64_t in_use() {
  Stats S = stats();
  return S.at(9, true).allocations - S.at(9, true).frees +
         S.at(9, false).allocations - S.at(9, false).frees +
         S.tiny.allocations - S.tiny.frees;
}

// Eight threads make objects and exit; four others, started after, check
// and free them (each a quarter, interleaved) while allocating their own.
TEST(ThreadLifecycle, ObjectsOfExitedThreadsAreFreedByOthers) {
  constexpr int kMakers = 8, kEach = 3000, kFreers = 4;
  std::uint64_t Before = in_use();
  std::vector<Objects> All(kMakers * kEach);
  std::vector<std::thread> Ts;
  for (int T = 0; T < kMakers; ++T)
    Ts.emplace_back([&All, T] {
      for (int I = 0; I < kEach; ++I)
        All[T * kEach + I] = Objects::make(T * kEach + I);
    });
  for (std::thread &T : Ts)
    T.join();
  Ts.clear();
  std::atomic<int> Damaged{0};
  for (int F = 0; F < kFreers; ++F)
    Ts.emplace_back([&All, &Damaged, F] {
      std::vector<Objects> Mine;
      for (std::size_t I = F; I < All.size(); I += kFreers) {
        Damaged += !All[I].intact(I);
        All[I].free();
        Mine.push_back(Objects::make(I));
      }
      for (std::size_t I = 0; I < Mine.size(); ++I) {
        Damaged += !Mine[I].intact(F + I * kFreers);
        Mine[I].free();
      }
    });
  for (std::thread &T : Ts)
    T.join();
  EXPECT_EQ(Damaged.load(), 0);
  EXPECT_EQ(in_use(), Before) << "objects lost between exited threads";
}

TEST(ThreadLifecycle, AThreadsStateTakesNothingFromMalloc) {
  // The state a thread's first slow path sets up is the runtime's own
  // memory. An allocator behind the runtime ties a block to the heap of
  // the thread that made it, and the state goes at the thread's exit,
  // perhaps after that heap: mimalloc then kept a heap per exited thread
  // to abandon, and walked them at each thread's start. With one arena,
  // glibc's mallinfo2 counts every thread's blocks.
  ASSERT_EQ(mallopt(M_ARENA_MAX, 1), 1);
  std::size_t Before = 0, After = 0;
  std::thread([&] {
    Before = mallinfo2().uordblks;
    void *P = routine<3, false, false>(24); // the thread's first slow path
    After = mallinfo2().uordblks;
    ::operator delete(P, 24);
  }).join();
  EXPECT_EQ(After, Before) << "bytes malloc'd at the thread's first slow path";
}

// A million threads, each setting up its cache (its first allocation of
// each kind) and returning it at exit: nothing of a thread may stay
// behind, so resident memory after the millionth is where it was after
// the first few thousand. Two threads create and join them, half each.
TEST(ThreadLifecycle, MillionThreadsCreatedAndJoinedKeepRssFlat) {
  constexpr int kThreads = 1000000, kWarmUp = 20000;
  std::uint64_t Before = in_use();
  auto create_and_join = [](int From, int To) {
    for (int I = From; I < To; ++I)
      std::thread([I] {
        Objects O = Objects::make(I);
        if (!O.intact(I))
          std::abort();
        O.free();
      }).join();
  };
  auto in_two_lanes = [&](int From, int To) {
    int Mid = From + (To - From) / 2;
    std::thread Lane(create_and_join, From, Mid);
    create_and_join(Mid, To);
    Lane.join();
  };
  in_two_lanes(0, kWarmUp);
  std::size_t Warm = resident_bytes();
  std::uint64_t CommittedWarm = stats().bytes_committed;
  in_two_lanes(kWarmUp, kThreads);
  std::size_t End = resident_bytes();
  // 4 MiB over 980,000 threads: under 5 bytes a thread.
  EXPECT_LT(End, Warm + (std::size_t(4) << 20))
      << "RSS " << (Warm >> 10) << " KiB after " << kWarmUp << " threads, "
      << (End >> 10) << " KiB after " << kThreads;
  EXPECT_LE(stats().bytes_committed, CommittedWarm + (std::size_t(1) << 20));
  EXPECT_EQ(in_use(), Before);
}

// Destructors that run as a thread ends, before and after the runtime's
// own exit hook, free objects the thread made while it ran and make and
// free new ones: a C++ thread_local (glibc runs those first) and a pthread
// key made after the runtime's, whose destructor sets its value again so
// that glibc calls it a second time, when the hook has certainly run.
struct HeldUntilExit {
  std::vector<Objects> Held;
  int Seed = 0;
  ~HeldUntilExit() {
    for (const Objects &O : Held) {
      if (!O.intact(Seed))
        std::abort();
      O.free();
    }
    Objects::make(Seed).free();
  }
};
thread_local HeldUntilExit tls_held;

std::atomic<int> g_key_runs{0};
pthread_key_t g_key;

void key_destructor(void *Arg) {
  auto *H = static_cast<std::vector<Objects> *>(Arg);
  int Run = ++g_key_runs;
  // Half the objects on the first call, the rest on the second.
  std::size_t Half = H->size() / 2;
  std::size_t From = Run == 1 ? 0 : Half, To = Run == 1 ? Half : H->size();
  for (std::size_t I = From; I < To; ++I) {
    if (!(*H)[I].intact(I))
      std::abort();
    (*H)[I].free();
  }
  std::vector<Objects> Fresh;
  for (int I = 0; I < 100; ++I)
    Fresh.push_back(Objects::make(I));
  for (int I = 0; I < 100; ++I) {
    if (!Fresh[I].intact(I))
      std::abort();
    Fresh[I].free();
  }
  if (Run == 1)
    pthread_setspecific(g_key, H);
}

TEST(ThreadLifecycle, FreedFromDestructorsAroundTheRuntimesExitHook) {
  ::operator delete(::operator new(24)); // the runtime's key is made first
  ASSERT_EQ(pthread_key_create(&g_key, key_destructor), 0);
  std::uint64_t Before = in_use();
  std::vector<Objects> ForKey;
  std::thread([&ForKey] {
    for (int I = 0; I < 500; ++I) {
      ForKey.push_back(Objects::make(I));
      tls_held.Held.push_back(Objects::make(0));
    }
    pthread_setspecific(g_key, &ForKey);
  }).join();
  EXPECT_EQ(g_key_runs.load(), 2);
  EXPECT_EQ(in_use(), Before) << "objects freed at thread exit were lost";
  // What those destructors freed is handed out again: nothing stranded.
  std::vector<Objects> Again;
  for (int I = 0; I < 2000; ++I)
    Again.push_back(Objects::make(I));
  for (int I = 0; I < 2000; ++I) {
    EXPECT_TRUE(Again[I].intact(I));
    Again[I].free();
  }
  pthread_key_delete(g_key);
}

} // namespace
