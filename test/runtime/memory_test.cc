//===- memory_test.cc - What the runtime holds, and gives back idle -------===//
//
// A thread that keeps a few objects of many classes holds a few spare ones,
// not a refill's worth of each (the thread cache's slow start, and carving
// that stops at a 2 KiB window); spans that exiting threads leave empty go
// back to the OS after the purge delay with no further allocation at all
// (the background purge).
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

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

/// RssAnon of this process in bytes, read with plain system calls: no
/// allocation, by the runtime or by malloc.
std::size_t rss_anon() {
  char Buf[4096];
  int Fd = open("/proc/self/status", O_RDONLY);
  ssize_t N = Fd < 0 ? -1 : read(Fd, Buf, sizeof Buf - 1);
  if (Fd >= 0)
    close(Fd);
  if (N <= 0) {
    ADD_FAILURE() << "cannot read /proc/self/status";
    return 0;
  }
  Buf[N] = '\0';
  const char *Field = std::strstr(Buf, "RssAnon:");
  return Field ? std::strtoul(Field + 8, nullptr, 10) * 1024 : 0;
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
  // carve window leave at most a window (2 KiB) of spare objects a pair.
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
  const std::size_t Spare = 2 * kNumSpecializedClasses * 2048;
  EXPECT_LE(Growth, Payload + Spare + (64 << 10))
      << "payload " << Payload << " B, RSS grew " << Growth << " B";
}

TEST(Memory, ExitedThreadsSpansGoBackWithoutFurtherAllocation) {
  ScopedPurgeDelay Short(300);
  constexpr unsigned kThreads = 4;
  constexpr std::size_t kPerThread = std::size_t(16) << 20;
  // Objects freed on their thread; at exit its cache goes to the central
  // lists, which leaves the spans empty.
  std::vector<std::thread> Pool;
  for (unsigned T = 0; T < kThreads; ++T)
    Pool.emplace_back([] {
      std::vector<void *> Mine;
      Mine.reserve(kPerThread / 64);
      for (std::size_t I = 0; I < kPerThread / 64; ++I) {
        Mine.push_back(alloc_scan_sc6<ClassObject<6>>(64));
        std::memset(Mine.back(), 1, 64);
      }
      for (void *P : Mine)
        ::operator delete(P, 64);
    });
  for (std::thread &T : Pool)
    T.join();

  // What the threads left: empty spans, still committed (those the lazy
  // purge gave back while they ran are not counted).
  const Stats Before = stats();
  const std::size_t Left = Before.spans_cached << 16;
  const std::size_t Held = rss_anon();
  ASSERT_GE(Left, kThreads * kPerThread / 4)
      << "the threads gave back too much";
  // Nothing runs the central lists now: only the background purge can
  // give the spans back. Up to 3 s, for a loaded machine.
  for (int Wait = 0; Wait < 60 && stats().spans_cached != 0; ++Wait)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const Stats After = stats();
  EXPECT_EQ(After.spans_cached, 0u);
  EXPECT_GE(After.bytes_returned - Before.bytes_returned, Left);
  EXPECT_LT(rss_anon() + Left / 2, Held);
  std::uint64_t AllocsBefore = Before.large_allocations,
                AllocsAfter = After.large_allocations;
  for (unsigned C = 1; C <= kNumClasses; ++C)
    for (bool Scan : {false, true}) {
      AllocsBefore += Before.at(C, Scan).allocations;
      AllocsAfter += After.at(C, Scan).allocations;
    }
  EXPECT_EQ(AllocsAfter, AllocsBefore) << "the test allocated meanwhile";
}

/// Runs the idle helper with SIZESPEC_BACKGROUND_PURGE=\p Value (unset if
/// null); returns its line: the bytes the idle process gave back by itself,
/// then what release_free_memory() gave back.
std::string run_idle_helper(const char *Value) {
  std::string Cmd =
      Value ? std::string("SIZESPEC_BACKGROUND_PURGE=") + Value + " "
            : std::string("env -u SIZESPEC_BACKGROUND_PURGE ");
  Cmd += SIZESPEC_IDLE_HELPER;
  std::string Out;
  std::FILE *P = popen(Cmd.c_str(), "r");
  if (!P)
    return Out;
  char Buf[256];
  while (std::fgets(Buf, sizeof Buf, P))
    Out += Buf;
  EXPECT_EQ(pclose(P), 0);
  return Out;
}

TEST(Memory, IdleProcessGivesBackUnlessTheBackgroundPurgeIsOff) {
  unsigned long long Idle = 0, Released = 0;
  // On (the default): the spans go back while the process sleeps.
  std::string On = run_idle_helper(nullptr);
  ASSERT_EQ(
      std::sscanf(On.c_str(), "idle %llu released %llu", &Idle, &Released), 2)
      << On;
  EXPECT_GT(Idle, 4u << 20) << On;
  EXPECT_EQ(Released, 0u) << On;
  // Off: they wait for the next central operation or release_free_memory().
  std::string Off = run_idle_helper("0");
  ASSERT_EQ(
      std::sscanf(Off.c_str(), "idle %llu released %llu", &Idle, &Released), 2)
      << Off;
  EXPECT_EQ(Idle, 0u) << Off;
  EXPECT_GT(Released, 4u << 20) << Off;
}

} // namespace
