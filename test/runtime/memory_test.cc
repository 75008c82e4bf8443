//===- memory_test.cc - What the runtime holds, and gives back idle -------===//
//
// A thread that keeps a few objects of many classes holds a few spare ones,
// not a refill's worth of each (the thread cache's slow start, and carving
// that stops at a 2 KiB window); spans that exiting threads leave empty go
// back to the OS when they exit, and an idle process's empty spans go back
// after the purge delay with no further allocation at all when the program
// turned the background purge on.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <barrier>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

/// The kB field \p Field (with its newline and colon) of the /proc file
/// \p Path, in bytes, read with plain system calls: no allocation, by the
/// runtime or by malloc.
std::size_t proc_bytes(const char *Path, const char *Field) {
  char Buf[4096];
  int Fd = open(Path, O_RDONLY);
  ssize_t N = Fd < 0 ? -1 : read(Fd, Buf, sizeof Buf - 1);
  if (Fd >= 0)
    close(Fd);
  if (N <= 0) {
    ADD_FAILURE() << "cannot read " << Path;
    return 0;
  }
  Buf[N] = '\0';
  const char *At = std::strstr(Buf, Field);
  return At ? std::strtoul(At + std::strlen(Field), nullptr, 10) * 1024 : 0;
}

/// RssAnon of this process in bytes.
std::size_t rss_anon() { return proc_bytes("/proc/self/status", "\nRssAnon:"); }

/// Anonymous memory resident in this process, in bytes, from the page
/// tables (smaps_rollup), which is exact where status's RssAnon is summed
/// from per-CPU counters.
std::size_t anonymous_resident() {
  return proc_bytes("/proc/self/smaps_rollup", "\nAnonymous:");
}

/// Allocates \p PerBin objects of every (class, kind) pair with its
/// specialized routine, writes them whole, and frees them with \p Free.
template <unsigned... C>
void each_class(std::vector<std::pair<void *, std::size_t>> &Out,
                unsigned PerBin, std::integer_sequence<unsigned, C...>) {
  auto One = [&](auto ClassTag) {
    constexpr unsigned K = decltype(ClassTag)::value;
    for (unsigned I = 0; I < PerBin; ++I) {
      for (bool Scan : {false, true}) {
        void *P = Scan ? routine<K, true, false>(class_size(K))
                       : routine<K, false, false>(class_size(K));
        std::memset(P, 0x5a, class_size(K));
        Out.emplace_back(P, class_size(K));
      }
    }
  };
  (One(std::integral_constant<unsigned, C + 1>{}), ...);
}

TEST(Memory, ThreadHoldsFewSpareObjectsPerClass) {
  // Two objects of each of the 64 (class, kind) pairs: 2 x 2 x 13 KiB of
  // payload. A refill of a whole batch would take 32..512 objects a pair
  // and write a link into each (about 1 MiB of pages); slow start and the
  // carve window leave at most a window (2 KiB) of spare objects a pair,
  // within the page the first objects take. On two CPUs or more the
  // thread may run on a CPU whose shard of the central bins (central.h)
  // has no span of a pair yet, so each pair's first object starts one: a
  // page each.
  std::size_t Payload = 0, Growth = 0;
  std::thread([&] {
    std::vector<std::pair<void *, std::size_t>> Objects;
    Objects.reserve(4 * kNumSpecializedClasses);
    const std::size_t Before = rss_anon();
    each_class(Objects, 2,
               std::make_integer_sequence<unsigned, kNumSpecializedClasses>{});
    Growth = rss_anon() - Before;
    for (auto &[P, Size] : Objects) {
      Payload += Size;
      ::operator delete(P, Size);
    }
  }).join();
  const std::size_t Spare = 2 * kNumSpecializedClasses * 4096;
  EXPECT_LE(Growth, Payload + Spare + (64 << 10))
      << "payload " << Payload << " B, RSS grew " << Growth << " B";
}

TEST(Memory, MillionLiveOneByteObjectsCostUnderOnePointZeroFiveBytesEach) {
  // The tiny path: a byte each, a count byte per block, and whatever else
  // the runtime touches for them (every byte of metadata counted). With
  // 16-byte blocks the counts alone made it 1.0625.
  constexpr std::size_t kObjects = 1000000;
  std::vector<bool *> Keep(kObjects, nullptr); // touched before the reading
  const std::size_t Before = anonymous_resident();
  for (bool *&P : Keep)
    P = new (alloc_noscan_tiny<bool>(1)) bool(true);
  const std::size_t Growth = anonymous_resident() - Before;
  EXPECT_LE(Growth, kObjects * 105 / 100) << Growth << " B for " << kObjects;
  // Each object's byte is resident: the reading saw them all.
  EXPECT_GE(Growth, kObjects);
  for (bool *P : Keep)
    ::operator delete(P, 1);
}

TEST(Memory, ExitedThreadsSpansGoBackWithoutFurtherAllocation) {
  ScopedPurgeDelay Hour(3600 * 1000);
  constexpr unsigned kThreads = 4;
  constexpr std::size_t kPerThread = std::size_t(16) << 20;
  const Stats Start = stats();
  // Objects freed on their thread; at exit its cache goes to the central
  // lists, which leaves the spans empty, and the exit gives them back
  // whatever the delay. RSS is read when every thread holds its objects.
  std::barrier Made(kThreads + 1), Read(kThreads + 1);
  std::vector<std::thread> Pool;
  for (unsigned T = 0; T < kThreads; ++T)
    Pool.emplace_back([&] {
      // A list through the objects themselves: nothing goes to malloc,
      // whose thread arenas glibc alone trims.
      void *Head = nullptr;
      for (std::size_t I = 0; I < kPerThread / 64; ++I) {
        void *P = alloc_scan_sc6<ClassObject<6>>(64);
        std::memset(P, 1, 64);
        *static_cast<void **>(P) = Head;
        Head = P;
      }
      Made.arrive_and_wait();
      Read.arrive_and_wait();
      while (Head) {
        void *Next = *static_cast<void **>(Head);
        ::operator delete(Head, 64);
        Head = Next;
      }
    });
  Made.arrive_and_wait();
  const std::size_t Peak = rss_anon();
  Read.arrive_and_wait();
  for (std::thread &T : Pool)
    T.join();

  // No purge delay has passed and nothing runs the central lists: only the
  // exits can have given the spans back. 8 MiB of empty spans stay cached
  // for the next threads (128 spans). RSS is compared with the peak, not
  // the start: under ThreadSanitizer it also holds the shadow of every page
  // written, which no madvise of ours gives back.
  constexpr std::size_t kExitCache = std::size_t(8) << 20;
  constexpr std::size_t kSlack = std::size_t(4) << 20;
  const Stats After = stats();
  // The main thread's cache may keep a span or two of the std::thread
  // states it made.
  EXPECT_LE(After.spans_held, Start.spans_held + 2) << "spans still held";
  EXPECT_LE(After.spans_cached, Start.spans_cached + kExitCache / kSpanBytes)
      << "spans left cached after the exits";
  EXPECT_GT(After.bytes_returned, Start.bytes_returned);
  const std::size_t End = rss_anon();
  EXPECT_GE(Peak - std::min(Peak, End),
            kThreads * kPerThread - kExitCache - kSlack)
      << "RSS " << (Peak >> 10) << " KiB with the objects, " << (End >> 10)
      << " KiB after the exits";
}

/// Runs the shell command \p Cmd, expects it to exit 0, and returns what it
/// printed.
std::string run_command(const std::string &Cmd) {
  int Status;
  std::string Out = command_output(Cmd, Status);
  EXPECT_EQ(Status, 0) << Cmd;
  return Out;
}

TEST(Memory, AProcessGrowsUnderOnePointOneBytesPerOneByteObject) {
  // What a user reading VmRSS sees, file pages included, in a process of
  // its own. The first refill maps nothing of libc in: the clock's page,
  // which it used to read first, was 64 KiB with the kernel's fault-around
  // (1.110 B an object).
  unsigned long long Growth = 0;
  const std::string Out =
      run_command(std::string(SIZESPEC_FIRST_OBJECTS_HELPER));
  ASSERT_EQ(std::sscanf(Out.c_str(), "resident %llu", &Growth), 1) << Out;
  constexpr unsigned long long kObjects = 1000000;
  EXPECT_LE(Growth, kObjects * 110 / 100) << Growth << " B for " << kObjects;
  EXPECT_GE(Growth, kObjects);
}

/// Runs the idle helper (\p Where: `exit` or `main`) with
/// SIZESPEC_BACKGROUND_PURGE=\p Value (unset if null); returns its line:
/// the bytes given back when the churn ended, those the idle process gave
/// back by itself, then what release_free_memory() gave back.
std::string run_idle_helper(const char *Where, const char *Value) {
  std::string Cmd =
      Value ? std::string("SIZESPEC_BACKGROUND_PURGE=") + Value + " "
            : std::string("env -u SIZESPEC_BACKGROUND_PURGE ");
  return run_command(Cmd + SIZESPEC_IDLE_HELPER + " " + Where);
}

struct IdleLine {
  unsigned long long Exit = 0, Idle = 0, Released = 0;
};

IdleLine parse_idle(const std::string &Out) {
  IdleLine L;
  EXPECT_EQ(std::sscanf(Out.c_str(), "exit %llu idle %llu released %llu",
                        &L.Exit, &L.Idle, &L.Released),
            3)
      << Out;
  return L;
}

TEST(Memory, IdleProcessGivesBackOnlyWithTheBackgroundPurge) {
  // The helper frees 400,000 64-byte objects: 24.4 MiB of spans empty. Some
  // may go back while it still frees, to the lazy purge, as many as stay
  // empty for the helper's 50 ms delay before its last free; how many
  // depends on its speed (a sanitizer's, a busy machine's).
  constexpr unsigned long long kFreed = 24u << 20;
  // Off (the default): nothing runs while the process sleeps; the rest
  // waits for the next central operation or release_free_memory().
  std::string Off = run_idle_helper("main", nullptr);
  IdleLine L = parse_idle(Off);
  EXPECT_EQ(L.Idle, 0u) << Off;
  EXPECT_GT(L.Released, 0u) << Off;
  EXPECT_GT(L.Exit + L.Released, kFreed) << Off;
  // On: the rest goes back while the process sleeps.
  std::string On = run_idle_helper("main", "1");
  L = parse_idle(On);
  EXPECT_GT(L.Idle, 0u) << On;
  EXPECT_GT(L.Exit + L.Idle, kFreed) << On;
  EXPECT_EQ(L.Released, 0u) << On;
}

TEST(Memory, AThreadsExitGivesBackWhatItLeftEmpty) {
  // All but 8 MiB, whatever the delay; the background purge, when on, gives
  // those back too once the bin has been idle for the delay.
  std::string Off = run_idle_helper("exit", nullptr);
  IdleLine L = parse_idle(Off);
  EXPECT_GT(L.Exit, 12u << 20) << Off;
  EXPECT_LE(L.Released, 8u << 20) << Off;
  std::string On = run_idle_helper("exit", "1");
  L = parse_idle(On);
  EXPECT_GT(L.Exit, 12u << 20) << On;
  EXPECT_EQ(L.Released, 0u) << On;
}

} // namespace
