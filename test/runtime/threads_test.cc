//===- threads_test.cc - Frees from other threads, thread exit ------------===//
//
// Uses noscan bins, which nothing else in the process allocates from (the
// generic path and operator new use scan spans), so their counts are exact.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <sizespec/testing.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <latch>
#include <map>
#include <mutex>
#include <pthread.h>
#include <random>
#include <sched.h>
#include <set>
#include <thread>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

struct Message {
  void *object;
  std::size_t size;
  std::uint64_t seed;
};

class Channel {
public:
  void send(Message M) {
    {
      std::lock_guard<std::mutex> G(Mutex);
      Queue.push_back(M);
    }
    Ready.notify_one();
  }
  /// False when every producer is done and the queue is empty.
  bool receive(Message &M) {
    std::unique_lock<std::mutex> G(Mutex);
    Ready.wait(G, [&] { return !Queue.empty() || Producers == 0; });
    if (Queue.empty())
      return false;
    M = Queue.front();
    Queue.pop_front();
    return true;
  }
  void producer_done() {
    {
      std::lock_guard<std::mutex> G(Mutex);
      --Producers;
    }
    Ready.notify_all();
  }
  int Producers = 0;

private:
  std::mutex Mutex;
  std::condition_variable Ready;
  std::deque<Message> Queue;
};

void *alloc_noscan_class(unsigned C) {
  switch (C) {
  case 2:
    return routine<2, false, false>(16);
  case 3:
    return routine<3, false, false>(24);
  default:
    return routine<6, false, false>(64);
  }
}

TEST(Threads, ProducerConsumerWithContentChecks) {
  constexpr int kProducers = 3, kConsumers = 3, kPerProducer = 60000;
  Stats Before = stats();
  Channel Ch;
  Ch.Producers = kProducers;
  std::atomic<std::uint64_t> Received{0}, Bad{0};
  std::vector<std::thread> Threads;
  for (int T = 0; T < kProducers; ++T)
    Threads.emplace_back([&, T] {
      static constexpr unsigned Classes[] = {2, 3, 6};
      for (int I = 0; I < kPerProducer; ++I) {
        unsigned C = Classes[(I + T) % 3];
        void *P = alloc_noscan_class(C);
        std::uint64_t Seed = (std::uint64_t(T) << 32) | I;
        fill(P, class_size(C), Seed);
        Ch.send({P, class_size(C), Seed});
      }
      Ch.producer_done();
    });
  for (int T = 0; T < kConsumers; ++T)
    Threads.emplace_back([&] {
      Message M;
      while (Ch.receive(M)) {
        if (!check(M.object, M.size, M.seed))
          ++Bad;
        ::operator delete(M.object, M.size);
        ++Received;
      }
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(Received, std::uint64_t(kProducers) * kPerProducer);
  EXPECT_EQ(Bad, 0u) << "an object changed between threads";

  // Every thread has exited and returned its cache: nothing is lost.
  Stats After = stats();
  for (unsigned C : {2u, 3u, 6u}) {
    const ClassStats &A = After.at(C, false), &B = Before.at(C, false);
    EXPECT_EQ(A.allocations - B.allocations, kProducers * kPerProducer / 3);
    EXPECT_EQ(A.frees - B.frees, kProducers * kPerProducer / 3);
    EXPECT_EQ(A.bytes_in_use, B.bytes_in_use);
    EXPECT_EQ(A.spans, B.spans) << "class " << C << ": spans still held";
  }
}

TEST(Threads, ExitReturnsTheCache) {
  Stats Before = stats();
  std::thread([] {
    std::vector<void *> V;
    for (int I = 0; I < 5000; ++I)
      V.push_back(routine<7, false, false>(80));
    for (void *P : V)
      ::operator delete(P, 80); // up to a cache's worth stays with the thread
  }).join();
  Stats After = stats();
  const ClassStats &A = After.at(7, false), &B = Before.at(7, false);
  EXPECT_EQ(A.allocations - B.allocations, 5000u);
  EXPECT_EQ(A.frees - B.frees, 5000u);
  EXPECT_EQ(A.spans, B.spans) << "the exited thread's cache was not returned";
}

/// How often an object of \p Got is in another span than the one before.
int span_changes(const std::vector<void *> &Got) {
  int Changes = 0;
  for (std::size_t I = 1; I < Got.size(); ++I)
    Changes += span_of(Got[I]) != span_of(Got[I - 1]);
  return Changes;
}

// What comes from the central bin comes a span at a time. A thread whose
// batch has grown frees the objects of several spans in turn (one of each,
// as a program freeing structures built side by side would; the first of
// each span stays out) and exits, and the next thread gets them back span
// by span, not in the order they were freed: 3 changes of span in 508
// allocations from 4 spans. Before, the flushes and the exit kept them in
// whole batches (the transfer cache), and the next thread's refills handed
// some of them out in turn from the spans: 11 changes.
TEST(Threads, ObjectsComeBackASpanAtATime) {
  constexpr std::size_t Size = 512; // 128 objects a span
  constexpr unsigned kClass = class_of(Size);
  constexpr int N = 512;
  ScopedPurgeDelay Long(600000); // no periodic purge puts batches back
  std::vector<void *> Kept;
  std::thread([&Kept] {
    std::vector<void *> Live(N);
    for (int Round = 0; Round < 20; ++Round) { // the batch grows to its cap
      for (void *&P : Live)
        P = routine<kClass, false, false>(Size);
      for (void *P : Live)
        ::operator delete(P, Size);
    }
    for (void *&P : Live)
      P = routine<kClass, false, false>(Size);
    std::map<std::uintptr_t, std::vector<void *>> BySpan;
    for (void *P : Live)
      BySpan[span_of(P)].push_back(P);
    for (auto &[Span, Objects] : BySpan)
      Kept.push_back(Objects[0]);
    for (std::size_t I = 1; I < 128; ++I)
      for (auto &[Span, Objects] : BySpan)
        if (I < Objects.size())
          ::operator delete(Objects[I], Size);
  }).join();
  int Changes = -1;
  std::thread([&Changes, &Kept] {
    std::vector<void *> Got(N - Kept.size());
    for (void *&P : Got)
      P = routine<kClass, false, false>(Size);
    Changes = span_changes(Got);
    for (void *P : Got)
      ::operator delete(P, Size);
  }).join();
  for (void *P : Kept)
    ::operator delete(P, Size);
  ASSERT_GE(Kept.size(), 4u) << "the test needs objects of several spans";
  EXPECT_LE(Changes, static_cast<int>(2 * Kept.size()))
      << "changes of span in " << N - Kept.size() << " allocations from "
      << Kept.size() << " spans";
}

// What a thread frees beyond its own list (twice its batch) goes back to
// the objects' spans: a thread that frees a thousand objects another made
// leaves no more than its list's worth anywhere but on their spans. Before,
// its flushes kept them in whole batches for the next refill of any thread
// (the transfer cache), and none went back.
TEST(Threads, FreesFromAnotherThreadGoBackToTheirSpans) {
  constexpr std::size_t Size = 96;
  constexpr unsigned kClass = class_of(Size);
  constexpr int N = 1000;
  std::vector<void *> Theirs(N);
  std::thread([&Theirs] {
    for (void *&P : Theirs)
      P = routine<kClass, false, false>(Size);
  }).join();
  std::uint64_t Returned = 0;
  std::thread([&] {
    const std::uint64_t Before = test_hooks::objects_returned_to_spans();
    for (void *P : Theirs)
      ::operator delete(P, Size);
    Returned = test_hooks::objects_returned_to_spans() - Before;
  }).join();
  // The freed list holds at most twice the batch, which is at most half
  // the bin's cap (32 KiB: 341 objects at 96 B).
  EXPECT_GE(Returned, std::uint64_t(N - 341))
      << "of " << N << " objects back on their spans";
}

/// The CPUs the process may run on, in order.
std::vector<int> allowed_cpus() {
  cpu_set_t Set;
  std::vector<int> Cpus;
  if (sched_getaffinity(0, sizeof Set, &Set) == 0)
    for (int C = 0; C < CPU_SETSIZE; ++C)
      if (CPU_ISSET(C, &Set))
        Cpus.push_back(C);
  return Cpus;
}

/// Pins the calling thread to CPU \p Cpu while it lives, and gives it back
/// the CPUs it could run on before.
class PinnedTo {
public:
  explicit PinnedTo(int Cpu) {
    EXPECT_EQ(pthread_getaffinity_np(pthread_self(), sizeof Saved, &Saved), 0);
    cpu_set_t One;
    CPU_ZERO(&One);
    CPU_SET(Cpu, &One);
    EXPECT_EQ(pthread_setaffinity_np(pthread_self(), sizeof One, &One), 0);
    EXPECT_EQ(sched_getcpu(), Cpu);
  }
  ~PinnedTo() { pthread_setaffinity_np(pthread_self(), sizeof Saved, &Saved); }

private:
  cpu_set_t Saved;
};

/// Two threads, pinned to \p CpuA and \p CpuB, make \p Size-byte objects
/// in turns, a few at a time, as two workers building side by side would;
/// their batches are still small (slow start), so each turn's objects come
/// from the central bin. Returns the spans that hold objects of both. The
/// bin must be one no other test here uses: a refill whose shard has no
/// partial span takes the objects freed back to another's when no other
/// live thread took objects there, and objects a test's exited thread
/// freed there would be handed to both threads.
template <std::size_t Size>
std::set<std::uintptr_t> spans_of_both(int CpuA, int CpuB) {
  constexpr unsigned kClass = class_of(Size);
  constexpr int Turns = 40, PerTurn = 16;
  std::vector<void *> Objects[2];
  std::mutex M;
  std::condition_variable Next;
  int Turn = 0;
  auto Work = [&](int Me, int Cpu) {
    PinnedTo Pin(Cpu);
    for (int T = 0; T < Turns; ++T) {
      {
        std::unique_lock<std::mutex> G(M);
        Next.wait(G, [&] { return Turn % 2 == Me; });
      }
      for (int I = 0; I < PerTurn; ++I)
        Objects[Me].push_back(routine<kClass, false, false>(Size));
      {
        std::lock_guard<std::mutex> G(M);
        ++Turn;
      }
      Next.notify_all();
    }
  };
  std::thread A(Work, 0, CpuA), B(Work, 1, CpuB);
  A.join();
  B.join();
  std::set<std::uintptr_t> SpansOfA, Shared;
  for (void *P : Objects[0])
    SpansOfA.insert(span_of(P));
  for (void *P : Objects[1])
    if (SpansOfA.count(span_of(P)))
      Shared.insert(span_of(P));
  for (auto &Mine : Objects)
    for (void *P : Mine)
      ::operator delete(P, Size);
  return Shared;
}

// Threads on different CPUs take their objects from different shards of
// the central bins, so no span holds objects of both. Before the shards,
// both took them off the bin's one partial span, turn about, and every
// span they used held both threads' objects. A process on one CPU has one
// shard, and there the two threads share it.
TEST(Threads, ThreadsOnTwoCpusTakeObjectsFromSpansOfTheirOwn) {
  const std::vector<int> Cpus = allowed_cpus();
  ASSERT_FALSE(Cpus.empty());
  const std::set<std::uintptr_t> Shared =
      spans_of_both<112>(Cpus[0], Cpus[1 % Cpus.size()]);
  if (Cpus.size() > 1)
    EXPECT_EQ(Shared.size(), 0u) << "spans holding both threads' objects";
  else
    EXPECT_GT(Shared.size(), 0u) << "one CPU, one shard: the spans are shared";
}

// Threads on one CPU share its shard, however many there are: a bin has a
// partial span per CPU, not per thread. With a shard per thread (the
// shards' first design), the two threads took from shards of their own
// and shared no span.
TEST(Threads, ThreadsOnOneCpuShareItsSpans) {
  const std::vector<int> Cpus = allowed_cpus();
  ASSERT_FALSE(Cpus.empty());
  EXPECT_GT(spans_of_both<144>(Cpus.back(), Cpus.back()).size(), 0u)
      << "spans holding both threads' objects";
}

// Two threads on two CPUs share no cache line of their objects when a
// third thread, still alive, has freed many objects of their class on the
// first CPU, in shuffled order: that CPU's span holds them on a scrambled
// list. The thread on the first CPU takes objects off that list. The
// thread on the second CPU, whose shard has no partial span, starts a span
// instead. When a refill there took the free objects of any other shard's
// spans, it took objects from the same list, and 2 of the second thread's
// 64 objects sat in lines of the first's. Two threads that each write
// their own objects of one line stall each other: the micro benchmark's
// two threads of new/delete pairs took 10 ns a pair instead of 1.7 after
// the main thread freed a batch of their class (bench/notes/threads.md,
// "Objects of a shard another thread holds").
TEST(Threads, ThreadsOnTwoCpusShareNoLineOfObjectsAThirdFreed) {
  constexpr std::size_t Size = 32; // a bin no other test here uses
  constexpr unsigned kClass = class_of(Size);
  const std::vector<int> Cpus = allowed_cpus();
  if (Cpus.size() < 2)
    GTEST_SKIP() << "one CPU: its threads share its shard and its lines";
  {
    PinnedTo Pin(Cpus[0]);
    std::vector<void *> Freed(1500);
    for (void *&P : Freed)
      P = routine<kClass, false, false>(Size);
    std::shuffle(Freed.begin(), Freed.end(), std::mt19937(7));
    for (void *P : Freed)
      ::operator delete(P, Size);
  }
  constexpr int N = 64;
  std::vector<void *> Objects[2];
  std::latch FirstMade(1), SecondMade(1);
  std::thread First([&] {
    PinnedTo Pin(Cpus[0]);
    for (int I = 0; I < N; ++I)
      Objects[0].push_back(routine<kClass, false, false>(Size));
    FirstMade.count_down();
    SecondMade.wait(); // alive, holding them, while the second makes its own
  });
  std::thread Second([&] {
    PinnedTo Pin(Cpus[1]);
    FirstMade.wait();
    for (int I = 0; I < N; ++I)
      Objects[1].push_back(routine<kClass, false, false>(Size));
    SecondMade.count_down();
  });
  First.join();
  Second.join();
  constexpr std::uintptr_t kLine = 64;
  std::set<std::uintptr_t> LinesOfFirst;
  for (void *P : Objects[0])
    LinesOfFirst.insert(reinterpret_cast<std::uintptr_t>(P) / kLine);
  int Shared = 0;
  for (void *P : Objects[1])
    Shared += LinesOfFirst.count(reinterpret_cast<std::uintptr_t>(P) / kLine);
  EXPECT_EQ(Shared, 0) << "objects of the second thread in lines of the first";
  for (auto &Mine : Objects)
    for (void *P : Mine)
      ::operator delete(P, Size);
}

// A shard whose bin cannot grow takes the empty spans another shard keeps.
// A thread on one CPU fills twenty spans of 1 KiB objects, frees them and
// exits: its CPU's shard keeps them, empty. With no memory to commit, the
// main thread, on another CPU, makes as many objects again, all of them on
// those spans. Each shard keeping its own empty spans, and taking no
// other's, it got none past the spans the bin had committed ahead of its
// frontier.
TEST(Threads, AShardThatCannotGrowTakesAnothersEmptySpans) {
  constexpr std::size_t Size = 1024;
  constexpr unsigned kClass = class_of(Size);
  constexpr int N = 20 * 64; // 64 objects a span
  const std::vector<int> Cpus = allowed_cpus();
  ASSERT_FALSE(Cpus.empty());
  std::thread([&Cpus] {
    PinnedTo Pin(Cpus[0]);
    std::vector<void *> Theirs(N);
    for (void *&P : Theirs)
      P = routine<kClass, false, false>(Size);
    for (void *P : Theirs)
      ::operator delete(P, Size);
  }).join();
  std::vector<void *> Mine;
  Mine.reserve(N);
  {
    PinnedTo Pin(Cpus.back());
    test_hooks::set_commit_limit(test_hooks::bytes_committed());
    for (int I = 0; I < N; ++I)
      if (void *P = routine<kClass, false, true>(Size))
        Mine.push_back(P);
    test_hooks::set_commit_limit(SIZE_MAX);
  }
  EXPECT_EQ(Mine.size(), std::size_t(N))
      << "objects made with no memory to commit";
  for (void *P : Mine)
    ::operator delete(P, Size);
}

/// What a thread on one CPU leaves in its CPU's shard, once it has built
/// 16 spans of objects and exited.
enum class Left {
  empty,      ///< it freed them all: the spans are empty
  given_back, ///< the same, and their pages went back (release_free_memory)
  half_freed, ///< it freed every other object: the spans stay partial
};

/// A thread on one CPU builds 16 spans of \p Size-byte objects, frees them
/// as \p Leave says and exits. The main thread, on another CPU, then builds
/// as many objects as the thread did (a quarter as many where it left
/// half its objects, so that no refill runs the spans dry): all of them on
/// the spans the thread left, with no more bytes committed.
template <std::size_t Size> void expect_reuse_on_another_cpu(Left Leave) {
  constexpr unsigned kClass = class_of(Size);
  const std::vector<int> Cpus = allowed_cpus();
  ASSERT_FALSE(Cpus.empty());
  const int N = 16 * int(kSpanBytes / Size);
  ScopedPurgeDelay Hour(3600 * 1000);
  std::set<std::uintptr_t> Spans;
  std::vector<void *> Kept;
  std::thread([&] {
    PinnedTo Pin(Cpus.front());
    std::vector<void *> Theirs(N);
    for (void *&P : Theirs) {
      P = routine<kClass, false, false>(Size);
      Spans.insert(span_of(P));
    }
    for (int I = 0; I < N; ++I)
      if (Leave == Left::half_freed && I % 2 == 0)
        Kept.push_back(Theirs[I]);
      else
        ::operator delete(Theirs[I], Size);
  }).join();
  if (Leave == Left::given_back)
    release_free_memory();
  const std::size_t Before = test_hooks::bytes_committed();
  std::vector<void *> Mine(Leave == Left::half_freed ? N / 4 : N);
  int OnLeftSpans = 0;
  {
    PinnedTo Pin(Cpus.back());
    for (void *&P : Mine) {
      P = routine<kClass, false, false>(Size);
      OnLeftSpans += Spans.count(span_of(P));
    }
  }
  EXPECT_EQ(OnLeftSpans, int(Mine.size()))
      << "objects on the spans the thread left";
  EXPECT_EQ(test_hooks::bytes_committed(), Before) << "bytes committed";
  for (void *P : Mine)
    ::operator delete(P, Size);
  for (void *P : Kept)
    ::operator delete(P, Size);
}

// A thread's refills on one CPU reuse the empty spans another CPU's shard
// keeps before they commit new ones: the scheduler moves a thread between
// CPUs as it likes, and a program that frees a structure and builds it
// again elsewhere must hold the memory of one. When a shard took another's
// empty spans only once the bin's range was full, the main thread built
// all its objects on fresh spans, and committed them.
TEST(Threads, RefillsOnAnotherCpuReuseTheEmptySpansLeftThere) {
  // 768 B: a bin no other test here uses.
  expect_reuse_on_another_cpu<768>(Left::empty);
}

// The same with the spans' pages given back to the OS first, as a thread's
// exit gives back what the exits leave beyond 8 MiB: they are still the
// bin's, and reused before new ones. When a shard took another's committed
// empty spans only, the main thread built none of its objects on them.
TEST(Threads, RefillsOnAnotherCpuReuseTheSpansGivenBackThere) {
  // 640 B: a bin no other test here uses.
  expect_reuse_on_another_cpu<640>(Left::given_back);
}

// A thread's refills on one CPU take the objects freed back to spans of
// another CPU's shard before they start new spans: here the thread left
// its spans partial, half their objects on their free lists. When a refill
// took only empty spans from other shards, it built all of them on new
// spans: the scheduler moves a thread between CPUs as it likes, and the
// memory of what it freed on one was held twice.
TEST(Threads, RefillsOnAnotherCpuTakeTheObjectsFreedThere) {
  // 576 B: a bin no other test here uses.
  expect_reuse_on_another_cpu<576>(Left::half_freed);
}

// A refill takes a span's short free list whole, unread, in one trip to the
// central bin. A thread keeps one object in 8 of a thousand 256-byte ones,
// so that their spans never empty, and frees and makes the rest again in
// another order: each round's objects come back in a few takes. Before, the
// refills took them a batch at a time, from the transfer cache or off the
// spans: 12 takes a round.
TEST(Threads, ARefillTakesASpansShortListWhole) {
  constexpr std::size_t Size = 256; // 256 objects a span
  constexpr unsigned kClass = class_of(Size);
  constexpr int N = 1000, Rounds = 10;
  std::uint64_t Takes = 0;
  std::thread([&Takes] {
    std::vector<void *> Live(N);
    for (void *&P : Live)
      P = routine<kClass, false, false>(Size);
    auto Round = [&Live] {
      for (int I = 0; I < N; ++I)
        if (int K = (I * 389) % N; K % 8 != 0)
          ::operator delete(Live[K], Size);
      for (int I = 0; I < N; ++I)
        if (I % 8 != 0)
          Live[I] = routine<kClass, false, false>(Size);
    };
    for (int I = 0; I < 20; ++I) // the bin's batch grows to its cap
      Round();
    const std::uint64_t Before = test_hooks::central_takes();
    for (int I = 0; I < Rounds; ++I)
      Round();
    Takes = test_hooks::central_takes() - Before;
    for (void *P : Live)
      ::operator delete(P, Size);
  }).join();
  EXPECT_LE(Takes, std::uint64_t(6 * Rounds))
      << "refills from the central bin for " << Rounds << " rounds of "
      << N - N / 8 << " objects";
}

// A thread's flushes give its frees back to their spans: another thread's
// allocations get each object once, intact, and no new memory.
TEST(Threads, FlushedBatchesAreHandedOutOnce) {
  constexpr int N = 6000;
  std::vector<void *> Freed;
  for (int I = 0; I < N; ++I)
    Freed.push_back(routine<6, false, false>(64));
  const std::uint64_t Committed = stats().bytes_committed;
  std::thread([&Freed] {
    for (void *P : Freed)
      ::operator delete(P, 64);
  }).join();
  std::vector<void *> Got;
  std::thread([&Got] {
    for (int I = 0; I < N; ++I) {
      void *P = routine<6, false, false>(64);
      fill(P, 64, I);
      Got.push_back(P);
    }
  }).join();
  std::set<void *> Unique(Got.begin(), Got.end());
  EXPECT_EQ(Unique.size(), Got.size()) << "an object was handed out twice";
  for (int I = 0; I < N; ++I)
    ASSERT_TRUE(check(Got[I], 64, I)) << "object " << I << " overlaps another";
  EXPECT_EQ(stats().bytes_committed, Committed);
  for (void *P : Got)
    ::operator delete(P, 64);
  const ClassStats &C = stats().at(6, false);
  EXPECT_EQ(C.allocations, C.frees);
}

TEST(Threads, ObjectsOutliveTheirThread) {
  std::vector<void *> V;
  std::thread([&V] {
    for (int I = 0; I < 3000; ++I) {
      void *P = routine<5, false, false>(48);
      fill(P, 48, I);
      V.push_back(P);
    }
  }).join();
  for (int I = 0; I < 3000; ++I) {
    ASSERT_TRUE(check(V[I], 48, I));
    ::operator delete(V[I], 48);
  }
}

// A pthread key made after the runtime's runs its destructor after the
// runtime returned the thread's cache: it can still allocate and free, and
// nothing it frees is stranded in a dead thread's cache.
// Each thread keeps its own counts, and stats() adds them up over the live
// threads and those folded in at exits. A thread that exits while stats()
// adds up is counted once, before or after: the figures never go backwards
// (nor jump by a thread counted twice), and they end exact.
TEST(Threads, StatsAddUpThreadsThatComeAndGo) {
  constexpr int kThreads = 200, kEach = 500; // 64-byte objects, class 6
  const std::uint64_t Before = class_stats(6, false).allocations;
  std::atomic<bool> Done{false};
  std::thread Churn([&] {
    for (int T = 0; T < kThreads; ++T)
      std::thread([] {
        std::vector<void *> V(kEach);
        for (void *&P : V)
          P = routine<6, false, false>(64);
        for (void *P : V)
          ::operator delete(P, 64);
      }).join();
    Done = true;
  });
  std::uint64_t Last = 0, Backwards = 0, TooMany = 0;
  while (!Done) {
    const std::uint64_t Now = class_stats(6, false).allocations - Before;
    Backwards += Now < Last;
    TooMany += Now > std::uint64_t(kThreads) * kEach;
    Last = Now;
  }
  Churn.join();
  EXPECT_EQ(Backwards, 0u) << "a sum missed a thread it had counted before";
  EXPECT_EQ(TooMany, 0u) << "a sum counted a thread twice";
  EXPECT_EQ(class_stats(6, false).allocations - Before,
            std::uint64_t(kThreads) * kEach);
}

TEST(Threads, AllocationAfterTheCacheWasReturned) {
  ::operator delete(routine<4, false, false>(32)); // the runtime is up
  static pthread_key_t Key;
  ASSERT_EQ(pthread_key_create(&Key,
                               [](void *) {
                                 std::vector<void *> V;
                                 for (int I = 0; I < 100; ++I)
                                   V.push_back(routine<4, false, false>(32));
                                 for (void *P : V)
                                   ::operator delete(P, 32);
                               }),
            0);
  Stats Before = stats();
  std::thread([] {
    ::operator delete(routine<4, false, false>(32));
    pthread_setspecific(Key, &Key);
  }).join();
  Stats After = stats();
  const ClassStats &A = After.at(4, false), &B = Before.at(4, false);
  EXPECT_EQ(A.allocations - B.allocations, 101u);
  EXPECT_EQ(A.frees - B.frees, 101u);
  EXPECT_EQ(A.spans, B.spans);
  pthread_key_delete(Key);
}

} // namespace

// A thread that starts on spans another thread used and emptied finds their
// slots resident: a refill carves as many of them as it wants at once. It
// used to carve them 2 KiB at a time, as it does fresh memory: two objects
// of 1 KiB a refill, 501 refills (each under the bin's lock) for 1,000
// objects instead of 82 (bench/notes/whole-programs.md, thread_churn).
TEST(Threads, SecondThreadRefillsEmptiedSpansInFewTrips) {
  constexpr std::size_t Size = 1024;
  constexpr unsigned kClass = class_of(Size);
  constexpr int N = 1000;
  ScopedPurgeDelay Long(600000); // the emptied spans stay committed
  auto Task = [] {
    std::vector<void *> Live(N);
    for (void *&P : Live)
      P = routine<kClass, false, false>(Size);
    for (void *P : Live)
      ::operator delete(P, Size);
  };
  std::thread(Task).join(); // leaves its spans empty, still committed
  const std::uint64_t Before = test_hooks::central_takes();
  std::thread(Task).join();
  const std::uint64_t Takes = test_hooks::central_takes() - Before;
  EXPECT_LT(Takes, 150u) << "refills from the central bins for " << N
                         << " objects of " << Size << " B";
}

// A thread that makes many new objects of one class carves, once its bin is
// busy (16 KiB made), a span of its own with no lock: it takes the bin's
// lock once a span (64 objects of 1 KiB), not once a refill. Two threads
// making objects side by side took that lock in turns for every refill
// (bench/notes/threads.md). Before, 2,000 objects took 1,001 refills from
// the central bin, two objects each.
TEST(Threads, ABusyThreadTakesTheBinsLockOnceASpan) {
  constexpr std::size_t Size = 1024;
  constexpr unsigned kClass = class_of(Size);
  constexpr int N = 2000;
  std::uint64_t Takes = 0;
  std::thread([&Takes] {
    std::vector<void *> Live(N);
    const std::uint64_t Before = test_hooks::central_takes();
    for (void *&P : Live)
      P = routine<kClass, true, false>(Size);
    Takes = test_hooks::central_takes() - Before;
    for (void *P : Live)
      ::operator delete(P, Size);
  }).join();
  constexpr std::uint64_t Spans = N * Size / kSpanBytes + 1;
  // Until the thread has made 16 KiB of them, refills from the central bin
  // carve 2 KiB each (two objects); then a span each: 42 in all.
  EXPECT_LE(Takes, 2 * Spans) << "refills from the central bin for " << N
                              << " objects of " << Size << " B";
}

// A thread that starts on the state of one that was busy in a bin owns a
// span of it from its first refill: a span's 73 objects of 896 B take the
// bin's lock once (the span's reservation). A thread that had to grow busy
// again took it for each refill of its slow start, 8 times. The exited
// thread's state is the next one's: the spare states are a stack, and no
// other thread starts in between. The bin is one no other test here uses:
// objects other tests left in it (a thread's cache that never exits, the
// main thread's) would come first (central_refill), a batch a trip, and on
// one CPU the test took 10 trips after the others, on any runtime.
TEST(Threads, AThreadOwnsSpansOfTheBinsItsStatesLastThreadWasBusyIn) {
  constexpr std::size_t Size = 896; // 73 objects a span
  constexpr unsigned kClass = class_of(Size);
  auto MakeAndFree = [](int N) {
    std::vector<void *> Live(N);
    const std::uint64_t Before = test_hooks::central_takes();
    for (void *&P : Live)
      P = routine<kClass, true, false>(Size);
    const std::uint64_t Takes = test_hooks::central_takes() - Before;
    for (void *P : Live)
      ::operator delete(P, Size);
    return Takes;
  };
  std::thread([&] { MakeAndFree(2000); }).join();
  std::uint64_t Takes = 0;
  std::thread([&] { Takes = MakeAndFree(kSpanBytes / Size); }).join();
  EXPECT_LE(Takes, 2u) << "refills from the central bin for "
                       << kSpanBytes / Size << " objects of " << Size << " B";
}
