//===- hardening_test.cc - The release runtime stops heap bugs ------------===//
//
// Linked with libsizespec.so, not the debug build: free-list links are
// encoded under a per-process key (<sizespec/bins.h>), and a write into a
// freed object's link, a double free and an invalid free stop the program
// with one line naming the bug, the address or value, and the bin
// (runtime/src/heap_check.h). Each case runs in a child (EXPECT_DEATH).
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <thread>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

/// An address an attacker would write: the allocator must never hand it out.
char g_target[64];

/// "(class 3, 24 B, noscan)", as the messages name a bin.
std::string bin_name(unsigned C, bool Scan) {
  return "\\(class " + std::to_string(C) + ", " +
         std::to_string(class_size(C)) + " B, " + (Scan ? "scan" : "noscan") +
         "\\)";
}

std::string overwritten(unsigned C, bool Scan) {
  return "^sizespec: free-list link overwritten \\(a write after free\\?\\)"
         ".* " +
         bin_name(C, Scan) + "\n$";
}

/// What a use-after-free writes into a freed object's first word.
enum class Write { address, low_byte, high_byte };

void corrupt(void *P, Write W) {
  auto *Bytes = static_cast<unsigned char *>(P);
  switch (W) {
  case Write::address: {
    auto Target = reinterpret_cast<std::uintptr_t>(g_target);
    std::memcpy(P, &Target, sizeof Target);
    break;
  }
  case Write::low_byte:
    Bytes[0] ^= 1; // a bool stored through a dangling pointer
    break;
  case Write::high_byte:
    Bytes[7] ^= 0x40;
    break;
  }
}

/// True if \p P starts a slot of its span.
bool at_slot(const void *P, std::size_t Size) {
  return span_offset(P) % class_size(class_of(Size)) == 0;
}

/// Frees \p N objects from \p Alloc, writes into the first word of the one
/// freed last, then allocates until the list reaches it and goes past.
template <class Alloc> void use_after_free(Alloc A, std::size_t Size, Write W) {
  std::vector<void *> Objects;
  for (int I = 0; I < 16; ++I)
    Objects.push_back(A());
  for (void *P : Objects)
    ::operator delete(P, Size);
  corrupt(Objects.back(), W);
  for (int I = 0; I < 4096; ++I) {
    void *P = A();
    // Never the address written there, nor one the write moved off a slot
    // (a link that decodes near the true next object, as a low byte's
    // write under an xor-encoded link does). Either aborts here, without
    // the message the death test expects, and so fails it.
    if (P == g_target || !at_slot(P, Size))
      std::abort();
  }
}

template <unsigned C, bool Scan> void routine_uaf(Write W) {
  use_after_free([] { return routine<C, Scan, false>(class_size(C)); },
                 class_size(C), W);
}

void generic_uaf(std::size_t Size, Write W) {
  use_after_free([Size] { return ::operator new(runtime(Size)); }, Size, W);
}

TEST(HardeningDeathTest, UseAfterFreeWriteThroughTheRoutines) {
  // The inline pop of the routines (alloc_small), several classes and
  // both kinds; a pointer written whole, and one bit of either end.
  for (Write W : {Write::address, Write::low_byte, Write::high_byte}) {
    EXPECT_DEATH((routine_uaf<1, false>(W)), overwritten(1, false));
    EXPECT_DEATH((routine_uaf<3, true>(W)), overwritten(3, true));
    EXPECT_DEATH((routine_uaf<4, false>(W)), overwritten(4, false));
    EXPECT_DEATH((routine_uaf<12, true>(W)), overwritten(12, true));
  }
}

TEST(HardeningDeathTest, UseAfterFreeWriteThroughOperatorNew) {
  // The generic path: operator new's size table, then the same pop.
  EXPECT_DEATH(generic_uaf(32, Write::address), overwritten(4, true));
  EXPECT_DEATH(generic_uaf(112, Write::low_byte), overwritten(9, true));
  EXPECT_DEATH(generic_uaf(1024, Write::high_byte), overwritten(32, true));
}

TEST(HardeningDeathTest, UseAfterFreeWriteIntoATinyBlock) {
  // A block whose objects are all freed goes on its thread's list of empty
  // blocks, linked through its first word: a write into its first object
  // there is found when the list is next popped.
  auto Run = [] {
    std::vector<void *> Block;
    for (std::size_t I = 0; I < detail::kTinyBlock; ++I)
      Block.push_back(alloc_noscan_tiny<bool>(1));
    (void)alloc_noscan_tiny<bool>(1); // the next block: the first retires
    for (void *P : Block)
      ::operator delete(P, 1);
    *static_cast<bool *>(Block.front()) ^= true;
    for (int I = 0; I < 4096; ++I)
      (void)alloc_noscan_tiny<bool>(1);
  };
  EXPECT_DEATH(
      Run(),
      "^sizespec: free-list link overwritten \\(a write after "
      "free\\?\\) in 0x[0-9a-f]+: 0x[0-9a-f]+ \\(tiny block, 32 B\\)\n$");
}

TEST(HardeningDeathTest, DoubleFreeFromOneThread) {
  // Caught when the freed list becomes the allocation list, before the
  // object is handed out twice.
  auto Run = [] {
    void *P = routine<3, false, false>(24);
    ::operator delete(P, 24);
    ::operator delete(P, 24);
    for (int I = 0; I < 4096; ++I)
      if (routine<3, false, false>(24) == P && I > 1024)
        std::abort(); // handed out again and again
  };
  EXPECT_DEATH(Run(), "^sizespec: double free of 0x[0-9a-f]+ " +
                          bin_name(3, false) + "\n$");
}

/// Runs \p F on a thread of its own, which gives its lists back to the
/// central bins when it exits.
template <class F> void on_exiting_thread(F Fn) { std::thread(Fn).join(); }

TEST(HardeningDeathTest, DoubleFreeAfterTheObjectWentBackToItsSpan) {
  // The first free reaches the span (the thread exits); the second, from
  // another thread, is caught when it reaches the span too.
  auto Run = [] {
    void *P = nullptr;
    on_exiting_thread([&] {
      P = routine<20, true, false>(class_size(20));
      ::operator delete(P);
    });
    on_exiting_thread([&] { ::operator delete(P); });
  };
  EXPECT_DEATH(Run(), "^sizespec: double free of 0x[0-9a-f]+ " +
                          bin_name(20, true) + "\n$");
}

TEST(HardeningDeathTest, DoubleFreeFromTwoThreads) {
  // Each thread frees it once; the second to give its list back is caught.
  auto Run = [] {
    void *P = routine<21, false, false>(class_size(21));
    on_exiting_thread([&] { ::operator delete(P); });
    on_exiting_thread([&] { ::operator delete(P); });
  };
  EXPECT_DEATH(Run(), "^sizespec: double free of 0x[0-9a-f]+ " +
                          bin_name(21, false) + "\n$");
}

/// Two objects of class \p C and kind \p Scan from one span: \p P to free
/// twice, \p Q to keep the span's count of objects out above zero.
template <unsigned C, bool Scan> void two_in_one_span(void *&P, void *&Q) {
  std::vector<void *> Objects;
  for (int I = 0; I < 64; ++I)
    Objects.push_back(routine<C, Scan, false>(class_size(C)));
  for (std::size_t I = 1; I < Objects.size(); ++I)
    if (span_of(Objects[I - 1]) == span_of(Objects[I])) {
      P = Objects[I - 1];
      Q = Objects[I];
      return;
    }
  std::abort(); // 64 objects of one class in 64 spans
}

TEST(HardeningDeathTest, DoubleFreeAfterTheObjectWentBackToABusySpan) {
  // As above, but another object of the span stays out, so the span's
  // count of objects out stays above zero: the object holds the mark of
  // those on the span's list, and is found there. Each free is on a thread
  // of its own, which gives its lists back to the central bin as it exits.
  auto Run = [] {
    void *P = nullptr, *Q = nullptr;
    two_in_one_span<19, true>(P, Q);
    on_exiting_thread([&] { ::operator delete(P); });
    on_exiting_thread([&] { ::operator delete(P); });
    ::operator delete(Q);
  };
  EXPECT_DEATH(Run(), "^sizespec: double free of 0x[0-9a-f]+ " +
                          bin_name(19, true) + "\n$");
}

TEST(HardeningDeathTest, DoubleFreeWithinTheRunOfAFlush) {
  // delete p; delete q; delete p, of one span: the thread's freed list
  // runs p, q, p, q, ... The frees after it make the thread flush that
  // list, whose objects of one span go back as one run; the second p is
  // found on the list that run is building.
  auto Run = [] {
    void *P = nullptr, *Q = nullptr;
    two_in_one_span<18, false>(P, Q);
    std::vector<void *> More;
    for (int I = 0; I < 600; ++I)
      More.push_back(routine<18, false, false>(class_size(18)));
    ::operator delete(P);
    ::operator delete(Q);
    ::operator delete(P);
    for (void *M : More)
      ::operator delete(M);
  };
  EXPECT_DEATH(Run(), "^sizespec: double free of 0x[0-9a-f]+ " +
                          bin_name(18, false) + "\n$");
}

/// The second word of \p P.
std::uintptr_t &second_word(void *P) {
  return static_cast<std::uintptr_t *>(P)[1];
}

TEST(Hardening, ObjectsHandedOutNeverHoldTheSpanMark) {
  // Objects that went back to their spans hold the mark; the refill that
  // hands them out again clears it (off a span's list one by one, or
  // carved anew once the span was emptied), or, taking a span's whole
  // list, changes the span's mark: so that their return costs no walk.
  // Every 16th object stays out, so that the spans keep their lists.
  constexpr int N = 4096;
  std::vector<void *> Kept;
  on_exiting_thread([&Kept] {
    std::vector<void *> Objects;
    for (int I = 0; I < N; ++I)
      Objects.push_back(routine<18, false, false>(class_size(18)));
    for (int I = 0; I < N; ++I)
      if (I % 16 == 0)
        Kept.push_back(Objects[I]);
      else
        ::operator delete(Objects[I]);
  });
  std::vector<void *> Again;
  for (int I = 0; I < N; ++I) {
    void *P = routine<18, false, false>(class_size(18));
    Again.push_back(P);
    ASSERT_NE(test_hooks::span_free_mark(P), 0u);
    EXPECT_NE(second_word(P), test_hooks::span_free_mark(P)) << I;
  }
  for (void *P : Again)
    ::operator delete(P);
  for (void *P : Kept)
    ::operator delete(P);
}

TEST(Hardening, AnObjectHoldingTheSpanMarkFreesClean) {
  // A program may store any value, the mark's too: its object goes back to
  // its span, not on its list, and the return carries on.
  void *P = nullptr, *Q = nullptr;
  two_in_one_span<19, false>(P, Q);
  second_word(P) = test_hooks::span_free_mark(P);
  const std::uint64_t Returned = test_hooks::objects_returned_to_spans();
  on_exiting_thread([&] { ::operator delete(P); });
  EXPECT_GT(test_hooks::objects_returned_to_spans(), Returned);
  ::operator delete(Q);
}

TEST(HardeningDeathTest, ZeroWrittenIntoALinkOfAListGivenBack) {
  // A use-after-free that sets a freed object's first word to null, as a
  // destructor-like write of a pointer member does. The thread's freed list
  // goes back to its spans at its exit, unread before, and the walk meets a
  // link that decodes to 0, outside the bin. (It was once taken for the
  // list's end, and the objects after it were lost.)
  auto Run = [] {
    on_exiting_thread([] {
      void *Objects[3];
      for (void *&P : Objects)
        P = routine<3, false, false>(24);
      for (void *P : Objects)
        ::operator delete(P, 24);
      // The list's head, the object freed last: its link names the next.
      std::memset(Objects[2], 0, sizeof(void *));
    });
  };
  EXPECT_DEATH(Run(), overwritten(3, false));
}

TEST(HardeningDeathTest, FreeOfAPointerNeverHandedOut) {
  // A slot of a span in use that no refill has carved yet. (A pointer into
  // memory the bin has not committed faults at the free's push.)
  auto Run = [] {
    char *P = static_cast<char *>(routine<7, true, false>(80));
    on_exiting_thread([&] { ::operator delete(P + 64 * 80); });
  };
  EXPECT_DEATH(Run(),
               "^sizespec: free of a pointer the runtime never handed out of "
               "0x[0-9a-f]+ " +
                   bin_name(7, true) + "\n$");
}

TEST(HardeningDeathTest, FreeOfASlotItsThreadHasYetToCarve) {
  // A busy thread carves a span of its own with no lock (OwnedSlots): the
  // span counts its slots as out, carved or not, but those not yet carved
  // were never handed out. The thread makes objects until one starts a new
  // span (it owns that span by then), and frees the span's last slot.
  auto Run = [] {
    on_exiting_thread([] {
      constexpr std::size_t Size = class_size(11);
      std::vector<void *> Objects;
      char *First = nullptr;
      while (!First) {
        auto *P = static_cast<char *>(routine<11, true, false>(Size));
        Objects.push_back(P);
        if (Objects.size() > 300 && span_offset(P) < 4 * Size)
          First = P;
      }
      char *Span = First - span_offset(First);
      ::operator delete(Span + (kSpanBytes / Size - 1) * Size);
    });
  };
  EXPECT_DEATH(Run(),
               "^sizespec: free of a pointer the runtime never handed out of "
               "0x[0-9a-f]+ " +
                   bin_name(11, true) + "\n$");
}

TEST(HardeningDeathTest, FreeOfAnInteriorPointer) {
  auto Run = [] {
    char *P = static_cast<char *>(::operator new(runtime(48)));
    on_exiting_thread([&] { ::operator delete(P + 8); });
  };
  EXPECT_DEATH(Run(), "^sizespec: free of an interior pointer of 0x[0-9a-f]+ " +
                          bin_name(5, true) + "\n$");
}

/// Frees a pointer \p Into bytes into an object of class \p C, kind
/// \p Scan, on a thread whose exit gives it back to its span.
template <unsigned C, bool Scan> void free_inside(std::size_t Into) {
  char *P = static_cast<char *>(routine<C, Scan, false>(class_size(C)));
  on_exiting_thread([&] { ::operator delete(P + Into); });
}

/// A word into an object of class \p C, kind \p Scan, and its last word:
/// each free stops the program.
template <unsigned C, bool Scan> void expect_interior_frees_stop() {
  for (std::size_t Into : {std::size_t(8), class_size(C) - 8})
    if (Into > 0 && Into < class_size(C))
      EXPECT_DEATH((free_inside<C, Scan>(Into)),
                   "^sizespec: free of an interior pointer of 0x[0-9a-f]+ " +
                       bin_name(C, Scan) + "\n$")
          << Into << " B into an object of " << class_size(C) << " B";
}

TEST(HardeningDeathTest, FreeOfAnInteriorPointerOfEveryClass) {
  // The return to the span tells a slot's start from any other offset, in
  // every class (runtime/src/slot_divisor.h).
#define SIZESPEC_TEST_CASE(N)                                                  \
  expect_interior_frees_stop<N, true>();                                       \
  expect_interior_frees_stop<N, false>();
  SIZESPEC_FOR_EACH_CLASS(SIZESPEC_TEST_CASE)
#undef SIZESPEC_TEST_CASE
}

std::string wrong_size(std::size_t Size, const std::string &Bin) {
  return "^sizespec: sized delete of " + std::to_string(Size) +
         " B \\(a delete through the wrong type\\?\\) of 0x[0-9a-f]+ " + Bin +
         "\n$";
}

TEST(HardeningDeathTest, SizedDeleteOfAnotherClass) {
  // operator new(24) gives a 32-byte scan object (16-aligned: class 4).
  EXPECT_DEATH(::operator delete(::operator new(runtime(24)), runtime(100)),
               wrong_size(100, bin_name(4, true)));
  EXPECT_DEATH(::operator delete(::operator new(runtime(200)), runtime(8)),
               wrong_size(8, bin_name(15, true)));
  EXPECT_DEATH(::operator delete[](::operator new[](runtime(64)), runtime(65)),
               wrong_size(65, bin_name(6, true)));
  // A 24-byte object of the routines (class 3) freed as one of 16 bytes.
  EXPECT_DEATH(::operator delete(routine<3, false, false>(24), runtime(16)),
               wrong_size(16, bin_name(3, false)));
  // Above the small sizes, of a bin's object.
  EXPECT_DEATH(::operator delete(::operator new(runtime(8)), runtime(4096)),
               wrong_size(4096, bin_name(1, true)));
}

TEST(HardeningDeathTest, SizedDeleteOfATinyObjectAsALargerOne) {
  EXPECT_DEATH(
      ::operator delete(detail::alloc_generic_noscan(runtime(4)), runtime(16)),
      wrong_size(16, "\\(tiny block, 32 B\\)"));
}

TEST(Hardening, SizedDeletesOfTheSizeAllocatedRunClean) {
  // Every size through every path that places it, freed with that size:
  // the check refuses none (operator new puts 17..24 bytes in class 4, the
  // routines and the typed path in class 3; size 0 in class 2).
  for (std::size_t Size = 0; Size <= kMaxSmallSize; ++Size) {
    ::operator delete(::operator new(runtime(Size)), runtime(Size));
    ::operator delete[](::operator new[](runtime(Size)), runtime(Size));
    ::operator delete(detail::alloc_generic_scan(runtime(Size)), runtime(Size));
    ::operator delete(detail::alloc_generic_noscan(runtime(Size)),
                      runtime(Size));
  }
#define SIZESPEC_TEST_CASE(N)                                                  \
  for (std::size_t Size = class_size(N - 1) + 1; Size <= class_size(N);        \
       ++Size) {                                                               \
    ::operator delete(routine<N, true, false>(Size), runtime(Size));           \
    ::operator delete(routine<N, false, false>(Size), runtime(Size));          \
  }
  SIZESPEC_FOR_EACH_CLASS(SIZESPEC_TEST_CASE)
#undef SIZESPEC_TEST_CASE
}

TEST(Hardening, CorrectUseRunsClean) {
  // Objects of every class freed by the thread that made them and by
  // another, through lists long enough to flush and refill many times.
  auto Work = [](std::vector<void *> &Out) {
    for (int Round = 0; Round < 8; ++Round)
      for (std::size_t Size = 1; Size <= 1024; Size += 5)
        Out.push_back(::operator new(runtime(Size)));
  };
  std::vector<void *> A, B;
  std::thread T([&] { Work(A); });
  Work(B);
  T.join();
  std::thread U([&] {
    for (void *P : B)
      ::operator delete(P);
  });
  for (void *P : A)
    ::operator delete(P);
  U.join();
}

} // namespace
