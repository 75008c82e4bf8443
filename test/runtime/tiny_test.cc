//===- tiny_test.cc - Pointer-free objects under 16 bytes, packed ---------===//
//
// The tiny path (runtime/src/tiny.h): alloc_noscan_tiny<T> and the typed
// runtime-size path pack pointer-free objects of 1..15 bytes but 8 into
// shared 32-byte blocks, each aligned for its type; a block is reused once
// every object in it is freed, and not before, whichever thread frees them.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <sizespec/stats.h>
#include <sizespec/testing.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <set>
#include <thread>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

/// A pointer-free type of \p S bytes aligned to \p A (S a multiple of A).
template <std::size_t S, std::size_t A> struct alignas(A) Tiny {
  unsigned char Bytes[S];
};

/// Allocates \p S bytes as alloc_noscan_tiny<Tiny<S, A>> does.
template <std::size_t S, std::size_t A> void *tiny(bool Nothrow = false) {
  using T = Tiny<S, A>;
  static_assert(sizeof(T) == S && alignof(T) == A);
  return Nothrow ? alloc_noscan_tiny<T>(S, std::nothrow)
                 : alloc_noscan_tiny<T>(S);
}

/// One of the sizes the typed path packs, from any \p N: 1..15 but 8
/// (detail::is_tiny_size).
std::size_t tiny_size(std::uint64_t N) {
  std::size_t S = 1 + N % 14;
  return S < 8 ? S : S + 1;
}

constexpr std::size_t kBlock = detail::kTinyBlock;
static_assert(kBlock == 32, "the tests below are written for 32-byte blocks");

std::uintptr_t block_of(const void *P) {
  return reinterpret_cast<std::uintptr_t>(P) & ~std::uintptr_t(kBlock - 1);
}

/// Tiny stats after the calling thread folded its counts.
TinyStats tiny_stats() { return stats().tiny; }

/// Starts the calling thread on a fresh block: fills whatever block it has.
void start_fresh_block(std::vector<void *> &Keep) {
  // kBlock 1-byte objects fill any block, and the next starts a new one.
  void *First = tiny<1, 1>();
  Keep.push_back(First);
  while (true) {
    void *P = tiny<1, 1>();
    Keep.push_back(P);
    if (block_of(P) != block_of(First) &&
        reinterpret_cast<std::uintptr_t>(P) % kBlock == 0)
      return;
  }
}

void free_all(std::vector<void *> &Ps) {
  for (void *P : Ps)
    ::operator delete(P);
  Ps.clear();
}

// --- Sizes and alignments ----------------------------------------------------

template <std::size_t S, std::size_t A> void check_size_align() {
  std::vector<void *> Got;
  for (int I = 0; I < 100; ++I) {
    void *P = tiny<S, A>();
    ASSERT_NE(P, nullptr);
    ObjectInfo Info = object_info(P);
    EXPECT_TRUE(Info.ours && Info.tiny && !Info.scan) << S << " B";
    EXPECT_TRUE(aligned(P, A)) << S << " B aligned " << A << ": " << P;
    // Inside one block: it never straddles two.
    EXPECT_EQ(block_of(P), block_of(static_cast<char *>(P) + S - 1)) << S;
    fill(P, S, I);
    Got.push_back(P);
  }
  for (std::size_t I = 0; I < Got.size(); ++I)
    EXPECT_TRUE(check(Got[I], S, I)) << S << " B object " << I;
  EXPECT_EQ(std::set<void *>(Got.begin(), Got.end()).size(), Got.size());
  free_all(Got);
}

// Every size 1..15 with every alignment a type of that size can have (one
// that divides it).
TEST(Tiny, EverySizeAndAlignment) {
  check_size_align<1, 1>();
  check_size_align<2, 1>();
  check_size_align<2, 2>();
  check_size_align<3, 1>();
  check_size_align<4, 1>();
  check_size_align<4, 2>();
  check_size_align<4, 4>();
  check_size_align<5, 1>();
  check_size_align<6, 1>();
  check_size_align<6, 2>();
  check_size_align<7, 1>();
  check_size_align<8, 1>();
  check_size_align<8, 2>();
  check_size_align<8, 4>();
  check_size_align<8, 8>();
  check_size_align<9, 1>();
  check_size_align<10, 1>();
  check_size_align<10, 2>();
  check_size_align<11, 1>();
  check_size_align<12, 1>();
  check_size_align<12, 2>();
  check_size_align<12, 4>();
  check_size_align<13, 1>();
  check_size_align<14, 1>();
  check_size_align<14, 2>();
  check_size_align<15, 1>();
}

TEST(Tiny, PacksObjectsOneAfterAnother) {
  std::vector<void *> Keep;
  start_fresh_block(Keep);
  char *First = static_cast<char *>(Keep.back());
  // 31 more 1-byte objects fill the block, each right after the last.
  for (std::size_t I = 1; I < kBlock; ++I) {
    void *P = tiny<1, 1>();
    EXPECT_EQ(P, First + I);
    Keep.push_back(P);
  }
  // A 1-byte and then a 4-byte object: the int is aligned, 3 bytes skipped.
  void *B = tiny<1, 1>();
  void *I = tiny<4, 4>();
  EXPECT_EQ(block_of(B), block_of(I));
  EXPECT_EQ(static_cast<char *>(I), static_cast<char *>(B) + 4);
  Keep.push_back(B);
  Keep.push_back(I);
  // Two 8-byte objects share a block (when they do not cross its end).
  void *E1 = tiny<8, 8>();
  void *E2 = tiny<8, 8>();
  if (block_of(E1) == block_of(E2))
    EXPECT_EQ(static_cast<char *>(E2), static_cast<char *>(E1) + 8);
  Keep.push_back(E1);
  Keep.push_back(E2);
  free_all(Keep);
}

TEST(Tiny, ArraysWithCookiesGetEightByteAlignment) {
  std::vector<void *> Keep;
  start_fresh_block(Keep);
  // new S[1] with a destructor: an 8-byte cookie and 4 bytes: 12, 8-aligned.
  struct S {
    unsigned char C[4];
  };
  void *Odd = tiny<1, 1>();
  void *A = alloc_noscan_tiny<S[1]>(12);
  EXPECT_TRUE(aligned(A, 8)) << A;
  EXPECT_EQ(static_cast<char *>(A), static_cast<char *>(Odd) + 7);
  void *A2 = alloc_noscan_tiny<S[1]>(12); // at 24: 24 + 12 > 32
  EXPECT_TRUE(aligned(A2, 8)) << A2;
  EXPECT_NE(block_of(A2), block_of(A));
  // An array of at most 8 bytes has no cookie: aligned as its size says.
  void *C5 = alloc_noscan_tiny<char[5]>(5);
  EXPECT_TRUE(object_info(C5).tiny);
  Keep.insert(Keep.end(), {Odd, A, A2, C5});
  free_all(Keep);
}

// --- What is not tiny
// ----------------------------------------------------------

// Eight pointer-free bytes fill the 8-byte class's slot: the class serves
// them, on the typed runtime-size path as in the plugin's code
// (tiny_path.h, is_tiny_size).
TEST(Tiny, EightBytesTakeTheClass) {
  void *Typed8 = alloc_noscan<std::uint64_t>(runtime(8));
  void *Array8 = alloc_noscan<char>(runtime(8));
  void *Typed7 = alloc_noscan<char>(runtime(7));
  void *Typed9 = alloc_noscan<char>(runtime(9));
  EXPECT_FALSE(object_info(Typed8).tiny);
  EXPECT_EQ(object_info(Typed8).size_class, 1u);
  EXPECT_FALSE(object_info(Typed8).scan);
  EXPECT_FALSE(object_info(Array8).tiny);
  EXPECT_EQ(object_info(Array8).size_class, 1u);
  EXPECT_TRUE(object_info(Typed7).tiny);
  EXPECT_TRUE(object_info(Typed9).tiny);
  for (void *P : {Typed8, Array8, Typed7, Typed9})
    ::operator delete(P);
}

TEST(Tiny, SixteenBytesAndPointersAndUntypedAreNot) {
  struct WithPointer {
    void *P;
  };
  void *Sixteen = alloc_noscan_sc2<Tiny<16, 16>>(16);
  void *Typed16 = alloc_noscan<Tiny<16, 16>>(runtime(16));
  void *Typed15 = alloc_noscan<Tiny<15, 1>>(runtime(15));
  void *Typed1 = alloc_noscan<char>(runtime(1));
  void *Scan8 = alloc_scan<WithPointer>(runtime(8));
  void *Routine8 = alloc_scan_sc1<WithPointer>(8);
  void *Untyped = ::operator new(runtime(1)); // kind unknown: scan
  void *Api = allocate(runtime(3));
  EXPECT_FALSE(object_info(Sixteen).tiny);
  EXPECT_FALSE(object_info(Typed16).tiny);
  EXPECT_TRUE(object_info(Typed15).tiny);
  EXPECT_TRUE(object_info(Typed1).tiny);
  EXPECT_FALSE(object_info(Scan8).tiny);
  EXPECT_EQ(object_info(Scan8).size_class, 1u);
  EXPECT_TRUE(object_info(Scan8).scan);
  EXPECT_FALSE(object_info(Routine8).tiny);
  EXPECT_EQ(object_info(Routine8).size_class, 1u);
  EXPECT_FALSE(object_info(Untyped).tiny);
  EXPECT_TRUE(object_info(Untyped).scan);
  EXPECT_FALSE(object_info(Api).tiny);
  for (void *P :
       {Sixteen, Typed16, Typed15, Typed1, Scan8, Routine8, Untyped, Api})
    ::operator delete(P);
}

TEST(Tiny, TypedPathCountsAsGeneric) {
  TinyStats Before = tiny_stats();
  std::vector<void *> Keep;
  for (int I = 0; I < 40; ++I)
    Keep.push_back(alloc_noscan<char>(runtime(tiny_size(I))));
  for (int I = 0; I < 10; ++I)
    Keep.push_back(tiny<2, 2>());
  TinyStats After = tiny_stats();
  EXPECT_EQ(After.generic - Before.generic, 40u);
  EXPECT_EQ(After.specialized - Before.specialized, 10u);
  free_all(Keep);
  EXPECT_EQ(tiny_stats().frees - After.frees, 50u);
}

// --- Reuse -------------------------------------------------------------------

TEST(Tiny, EmptyCurrentBlockStartsOver) {
  std::vector<void *> Keep;
  start_fresh_block(Keep);
  void *P = Keep.back();
  Keep.pop_back();
  ::operator delete(P); // the block's only object
  void *Again = tiny<8, 8>();
  EXPECT_EQ(Again, P);
  Keep.push_back(Again);
  free_all(Keep);
}

TEST(Tiny, BlockReusedOnceEmptyAndNotBefore) {
  std::vector<void *> Keep;
  start_fresh_block(Keep);
  // Fill block A with kBlock 1-byte objects (the first is the fresh one).
  std::vector<void *> A{Keep.back()};
  Keep.pop_back();
  for (std::size_t I = 1; I < kBlock; ++I)
    A.push_back(tiny<1, 1>());
  const std::uintptr_t BlockA = block_of(A[0]);
  for (void *P : A)
    ASSERT_EQ(block_of(P), BlockA);
  // Free all but one: A stays pinned by it, whatever else is allocated.
  for (std::size_t I = 0; I + 1 < kBlock; ++I)
    ::operator delete(A[I]);
  std::vector<void *> Later;
  for (int I = 0; I < 20000; ++I) {
    void *P = tiny<1, 1>();
    EXPECT_NE(block_of(P), BlockA) << "block reused while an object lives";
    Later.push_back(P);
    if (I % 3 == 0) { // churn: blocks emptied and filled again
      ::operator delete(Later.back());
      Later.pop_back();
    }
  }
  free_all(Later);
  TinyStats Pinned = tiny_stats();
  EXPECT_GE(Pinned.pinned_blocks, 1u);
  // The last one frees the block: the next block this thread starts is A.
  ::operator delete(A.back());
  bool Reused = false;
  std::vector<void *> Next;
  for (int I = 0; I < 64 && !Reused; ++I) {
    Next.push_back(tiny<8, 8>());
    Reused = block_of(Next.back()) == BlockA;
  }
  EXPECT_TRUE(Reused) << "an empty block was not filled again";
  free_all(Next);
}

// --- Threads
// -------------------------------------------------------------------

struct Obj {
  void *P;
  std::size_t Size;
  std::uint64_t Seed;
};

/// Allocates \p N objects of random tiny sizes and filled contents.
std::vector<Obj> make_objects(std::size_t N, std::uint64_t Seed) {
  std::mt19937_64 R(Seed);
  std::vector<Obj> Out;
  Out.reserve(N);
  for (std::size_t I = 0; I < N; ++I) {
    std::size_t S = tiny_size(R());
    void *P = alloc_noscan<unsigned char>(runtime(S));
    fill(P, S, Seed + I);
    Out.push_back({P, S, Seed + I});
  }
  return Out;
}

TEST(Tiny, RandomOrderFreesFromOtherThreads) {
  // Four threads allocate, swap halves, check and free in random order;
  // the main thread frees what they left. Contents must survive until
  // each object's own free.
  TinyStats Before = tiny_stats();
  constexpr int kThreads = 4;
  constexpr std::size_t kPerThread = 50000;
  std::vector<std::vector<Obj>> Made(kThreads);
  std::atomic<int> Ready{0};
  std::atomic<int> Bad{0};
  std::vector<std::thread> Ts;
  for (int T = 0; T < kThreads; ++T)
    Ts.emplace_back([&, T] {
      Made[T] = make_objects(kPerThread, 1000003 * (T + 1));
      Ready.fetch_add(1);
      while (Ready.load() < kThreads)
        std::this_thread::yield();
      // Free the second half of the next thread's objects, shuffled.
      std::vector<Obj> &Theirs = Made[(T + 1) % kThreads];
      std::vector<Obj> Mine(Theirs.begin() + kPerThread / 2, Theirs.end());
      std::shuffle(Mine.begin(), Mine.end(), std::mt19937_64(T));
      for (const Obj &O : Mine) {
        if (!check(O.P, O.Size, O.Seed))
          Bad.fetch_add(1);
        ::operator delete(O.P);
      }
    });
  for (std::thread &T : Ts)
    T.join();
  std::vector<Obj> Rest;
  for (auto &M : Made)
    Rest.insert(Rest.end(), M.begin(), M.begin() + kPerThread / 2);
  std::shuffle(Rest.begin(), Rest.end(), std::mt19937_64(99));
  for (const Obj &O : Rest) {
    if (!check(O.P, O.Size, O.Seed))
      Bad.fetch_add(1);
    ::operator delete(O.P);
  }
  EXPECT_EQ(Bad.load(), 0);
  TinyStats After = tiny_stats();
  EXPECT_EQ(After.allocations - Before.allocations, kThreads * kPerThread);
  EXPECT_EQ(After.frees - Before.frees, kThreads * kPerThread);
  // The threads are gone and every object is back: only this thread's
  // current block (if it has one) is in use.
  EXPECT_LE(After.blocks, Before.blocks + 1);
}

TEST(Tiny, FreesIntoAnotherThreadsCurrentBlock) {
  std::vector<void *> Keep;
  start_fresh_block(Keep);
  void *First = Keep.back();
  void *Second = tiny<1, 1>();
  ASSERT_EQ(block_of(First), block_of(Second));
  fill(Second, 1, 7);
  // Another thread frees First; Second lives on in this thread's block.
  std::thread([First] { ::operator delete(First); }).join();
  Keep.pop_back();
  void *Third = tiny<1, 1>();
  EXPECT_EQ(static_cast<char *>(Third), static_cast<char *>(Second) + 1);
  EXPECT_TRUE(check(Second, 1, 7));
  ::operator delete(Second);
  ::operator delete(Third);
  // Both of this thread's frees counted, the other's too: not reused in
  // place (First's byte was counted elsewhere), but empty once retired.
  void *Fourth = tiny<1, 1>();
  EXPECT_NE(Fourth, First);
  Keep.push_back(Fourth);
  free_all(Keep);
}

TEST(Tiny, ObjectsOutliveTheThreadThatMadeThem) {
  TinyStats Before = tiny_stats();
  std::vector<Obj> Made;
  std::thread([&] { Made = make_objects(10000, 5); }).join();
  for (const Obj &O : Made) {
    EXPECT_TRUE(check(O.P, O.Size, O.Seed));
    ::operator delete(O.P);
  }
  TinyStats After = tiny_stats();
  EXPECT_EQ(After.allocations - Before.allocations, 10000u);
  EXPECT_EQ(After.frees - Before.frees, 10000u);
  EXPECT_LE(After.blocks, Before.blocks);
}

// --- Memory and stats
// ----------------------------------------------------------

TEST(Tiny, MillionOneByteObjectsTakeThirtyTwoToABlock) {
  TinyStats Before = tiny_stats();
  std::vector<void *> Keep;
  Keep.reserve(1000000);
  for (int I = 0; I < 1000000; ++I)
    Keep.push_back(tiny<1, 1>());
  TinyStats Full = tiny_stats();
  // 31,250 blocks, give or take the one the thread had and the one it fills.
  EXPECT_LE(Full.blocks - Before.blocks, 31251u);
  EXPECT_GE(Full.blocks - Before.blocks, 31248u);
  EXPECT_EQ(Full.padding_bytes, Before.padding_bytes);
  // Free 31 of every 32: each block stays, pinned by its last object.
  for (std::size_t I = 0; I < Keep.size(); ++I)
    if (I % kBlock != kBlock - 1)
      ::operator delete(Keep[I]);
  TinyStats Pinned = tiny_stats();
  EXPECT_GE(Pinned.pinned_blocks, 31000u);
  EXPECT_EQ(Pinned.pinned_bytes, Pinned.pinned_blocks * kBlock);
  for (std::size_t I = kBlock - 1; I < Keep.size(); I += kBlock)
    ::operator delete(Keep[I]);
  TinyStats Empty = tiny_stats();
  EXPECT_LE(Empty.blocks, Before.blocks + 1);
  EXPECT_EQ(Empty.frees - Before.frees, 1000000u);
}

TEST(Tiny, StatsCountPadding) {
  std::vector<void *> Keep;
  start_fresh_block(Keep);
  std::uint64_t Pad = tiny_stats().padding_bytes;
  Keep.push_back(tiny<4, 4>()); // after the 1-byte object: 3 bytes skipped
  EXPECT_EQ(tiny_stats().padding_bytes - Pad, 3u);
  Keep.push_back(tiny<8, 8>()); // at 8: none
  EXPECT_EQ(tiny_stats().padding_bytes - Pad, 3u);
  Keep.push_back(tiny<2, 2>()); // at 16: none
  EXPECT_EQ(tiny_stats().padding_bytes - Pad, 3u);
  // 18 bytes used: no room for 15. The next object starts a new block, and
  // the retired block's unused tail counts as padding.
  Keep.push_back(tiny<15, 1>());
  EXPECT_EQ(tiny_stats().padding_bytes - Pad, 3u + 14u);
  free_all(Keep);
}

TEST(Tiny, PrintStatsShowsTheTinyRowAndLine) {
  std::vector<void *> Keep{tiny<1, 1>()};
  char Buf[8192] = {};
  std::FILE *F = fmemopen(Buf, sizeof Buf - 1, "w");
  ASSERT_NE(F, nullptr);
  print_stats(F);
  std::fclose(F);
  std::string Out(Buf);
  EXPECT_NE(Out.find("\n tiny    32 noscan "), std::string::npos) << Out;
  EXPECT_NE(Out.find("\nsizespec: tiny blocks "), std::string::npos) << Out;
  EXPECT_NE(Out.find(" pinned-bytes "), std::string::npos) << Out;
  free_all(Keep);
}

// --- Forms
// ---------------------------------------------------------------------

TEST(Tiny, EveryDeleteFormFreesATinyObject) {
  TinyStats Before = tiny_stats();
  void *A = tiny<1, 1>();
  void *B = tiny<2, 2>();
  void *C = tiny<4, 4>();
  void *D = alloc_noscan_tiny<char[3]>(3);
  void *E = tiny<8, 8>();
  ::operator delete(A);
  ::operator delete(B, 2);
  ::operator delete(C, 4);
  ::operator delete[](D);
  deallocate(E);
  EXPECT_EQ(tiny_stats().frees - Before.frees, 5u);
  void *F = tiny<1, 1>();
  EXPECT_TRUE(owns(F));
  ::operator delete(F);
}

// operator delete tells a tiny object of the current block by its block
// alone: null and memory the runtime never handed out must not pass for one.
TEST(Tiny, NullAndForeignFreesLeaveTheBlockAlone) {
  std::vector<void *> Keep;
  start_fresh_block(Keep);
  void *P = Keep.back();
  TinyStats Before = tiny_stats();
  ::operator delete(nullptr);
  ::operator delete(nullptr, 1);
  deallocate(nullptr);
  void *Foreign = std::malloc(1);
  ::operator delete(Foreign); // the system allocator's
  EXPECT_EQ(tiny_stats().frees, Before.frees);
  // The block still holds P: the next object follows it.
  void *Q = tiny<1, 1>();
  EXPECT_EQ(static_cast<char *>(Q), static_cast<char *>(P) + 1);
  Keep.push_back(Q);
  free_all(Keep);
}

/// Span memory unobtainable: the tiny forms fail as the others do.
TEST(Tiny, NothrowReturnsNullAndThrowingThrows) {
  std::vector<void *> Held;
  Held.reserve(1 << 22);
  test_hooks::set_commit_limit(test_hooks::bytes_committed());
  void *Null = nullptr;
  bool Exhausted = false;
  for (int I = 0; I < 4000000 && !Exhausted; ++I) {
    void *P = tiny<8, 8>(/*Nothrow=*/true);
    if (!P)
      Exhausted = true;
    else
      Held.push_back(P);
  }
  Null = tiny<8, 8>(true);
  bool Threw = false;
  try {
    Held.push_back(tiny<8, 8>());
  } catch (const std::bad_alloc &) {
    Threw = true;
  }
  test_hooks::set_commit_limit(SIZE_MAX);
  void *After = tiny<8, 8>(true);
  ASSERT_TRUE(Exhausted);
  EXPECT_EQ(Null, nullptr);
  EXPECT_TRUE(Threw);
  EXPECT_NE(After, nullptr);
  Held.push_back(After);
  free_all(Held);
}

} // namespace
