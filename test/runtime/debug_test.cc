//===- debug_test.cc - The debug build names each misuse ------------------===//
//
// Linked with libsizespec-debug.so (runtime/src/debug.h): each misuse stops
// the program with one line naming the address, the class and the kind.
// Correct use, through every path, runs clean.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <sizespec/stats.h>

#include <cstdint>
#include <cstring>
#include <new>
#include <thread>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

constexpr std::size_t kSpan = 64 * 1024;

/// Allocations enough to cycle a bin's lists through a refill.
void churn(std::size_t Size) {
  std::vector<void *> Objects;
  for (int I = 0; I < 2048; ++I)
    Objects.push_back(::operator new(runtime(Size)));
  for (void *P : Objects)
    ::operator delete(P);
}

TEST(DebugDeathTest, DoubleFree) {
  void *P = routine<3, false, false>(24);
  ::operator delete(P);
  EXPECT_DEATH(::operator delete(P),
               "^sizespec: double free of 0x[0-9a-f]+ \\(class 3, 24 B, "
               "noscan\\)\n$");
}

TEST(DebugDeathTest, InteriorPointer) {
  char *P = static_cast<char *>(::operator new(runtime(48)));
  EXPECT_DEATH(::operator delete(P + 8),
               "^sizespec: free of an interior pointer of 0x[0-9a-f]+ \\(class "
               "5, 48 B, scan\\)\n$");
  ::operator delete(P);
}

TEST(DebugDeathTest, PointerNeverHandedOut) {
  // Inside the bin's range, far past every span it has used.
  char *P = static_cast<char *>(routine<7, true, false>(80));
  EXPECT_DEATH(::operator delete(P + 1000 * kSpan),
               "^sizespec: free of a pointer the runtime never handed out of "
               "0x[0-9a-f]+ \\(class 7, 80 B, scan\\)\n$");
  ::operator delete(P);
}

void writeAfterFree() {
  auto *P = static_cast<unsigned char *>(::operator new(runtime(64)));
  ::operator delete(P);
  P[40] = 1;
  churn(64);
}

void corruptFreeList() {
  void *A = routine<1, false, false>(8);
  void *B = routine<1, false, false>(8);
  ::operator delete(A);
  ::operator delete(B);
  // An 8-byte object is all link: a stray write breaks the list.
  std::uintptr_t Bad = 0x10;
  std::memcpy(B, &Bad, sizeof Bad);
  for (int I = 0; I < 2048; ++I)
    (void)routine<1, false, false>(8);
}

TEST(DebugDeathTest, WriteToFreedMemory) {
  EXPECT_DEATH(
      writeAfterFree(),
      "^sizespec: write to freed memory, found at reuse, of 0x[0-9a-f]+ "
      "\\(class 6, 64 B, scan\\)\n$");
}

TEST(DebugDeathTest, FreeListCorruption) {
  // The release build's check of the link comes first.
  EXPECT_DEATH(corruptFreeList(),
               "^sizespec: free-list link overwritten \\(a write after "
               "free\\?\\) in 0x[0-9a-f]+: 0x10 \\(class 1, 8 B, noscan\\)\n$");
}

// The plugin's inline free must not bypass the checks: in this build it
// takes nothing, and every sized delete reaches operator delete.
TEST(Debug, NoInlineFree) {
  void *P = routine<3, false, false>(24);
  EXPECT_EQ(detail::inline_free_region.__shift, 63u);
  EXPECT_EQ(detail::inline_free_region.__base_index, 2u);
  EXPECT_FALSE(detail::free_inline(P, 24));
  ::operator delete(P, 24);
}

TEST(Debug, CorrectUseRunsClean) {
  // Every class, both kinds, the generic and typed paths, from two threads,
  // freed on the other thread too.
  auto Work = [](std::vector<void *> &Out) {
    for (int Round = 0; Round < 4; ++Round)
      for (std::size_t Size = 0; Size <= 1024; Size += 7) {
        void *P = ::operator new(runtime(Size));
        fill(P, Size, Size);
        Out.push_back(P);
        Out.push_back(alloc_noscan<std::uint64_t>(runtime(Size + 8)));
      }
  };
  std::vector<void *> A, B;
  std::thread T([&] { Work(A); });
  Work(B);
  T.join();
  for (void *P : A)
    ::operator delete(P);
  std::thread U([&] {
    for (void *P : B)
      ::operator delete(P);
  });
  U.join();
  churn(24);
  EXPECT_EQ(stats().mode, Mode::active);
}

} // namespace
