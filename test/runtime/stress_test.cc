//===- stress_test.cc - Randomized multi-threaded stress ------------------===//
//
// Threads allocate through every path, check and free their own objects,
// and pass objects to each other through a shared exchange, for a bounded
// number of operations. Every object carries a pattern checked at free.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

enum class Path { routine, allocate, op_new, op_new_array, aligned, nothrow };

struct Object {
  void *p;
  std::size_t size;
  Path path;
  std::size_t align;
  std::uint64_t seed;
};

void *routine_for(unsigned C, bool Scan, bool Nothrow) {
#define SIZESPEC_CASE(N)                                                       \
  case N:                                                                      \
    return Scan ? (Nothrow ? routine<N, true, true>(class_size(N))             \
                           : routine<N, true, false>(class_size(N)))           \
                : (Nothrow ? routine<N, false, true>(class_size(N))            \
                           : routine<N, false, false>(class_size(N)));
  switch (C) { SIZESPEC_FOR_EACH_CLASS(SIZESPEC_CASE) }
#undef SIZESPEC_CASE
  return nullptr;
}

Object make(std::mt19937_64 &R, std::uint64_t Seed) {
  Object O{nullptr, 0, Path(R() % 6), 0, Seed};
  switch (O.path) {
  case Path::routine: {
    unsigned C = 1 + R() % kNumSpecializedClasses;
    O.size = class_size(C);
    O.p = routine_for(C, R() & 1, R() & 1);
    break;
  }
  case Path::allocate:
    O.size = 8 + R() % 1500;
    O.p = allocate(O.size);
    break;
  case Path::op_new:
    O.size = 8 + R() % 1100;
    O.p = ::operator new(O.size);
    break;
  case Path::op_new_array:
    O.size = 8 + R() % 300;
    O.p = ::operator new[](O.size);
    break;
  case Path::aligned:
    O.size = 8 + R() % 200;
    O.align = std::size_t(1) << (R() % 8);
    O.p = ::operator new(O.size, std::align_val_t(O.align));
    break;
  case Path::nothrow:
    O.size = 8 + R() % 1100;
    O.p = ::operator new(O.size, std::nothrow);
    break;
  }
  fill(O.p, O.size, O.seed);
  return O;
}

bool destroy(const Object &O) {
  bool Ok = check(O.p, O.size, O.seed);
  switch (O.path) {
  case Path::routine:
  case Path::op_new:
    ::operator delete(O.p, O.size);
    break;
  case Path::allocate:
    deallocate(O.p);
    break;
  case Path::op_new_array:
    ::operator delete[](O.p);
    break;
  case Path::aligned:
    ::operator delete(O.p, O.size, std::align_val_t(O.align));
    break;
  case Path::nothrow:
    ::operator delete(O.p, std::nothrow);
    break;
  }
  return Ok;
}

TEST(Stress, RandomizedMultiThreaded) {
  constexpr int kThreads = 6, kOps = 600000, kSlots = 256;
  std::mutex ExchangeLock;
  std::vector<Object> Exchange(kSlots);
  std::atomic<int> Bad{0};
  std::vector<std::thread> Threads;
  for (int T = 0; T < kThreads; ++T)
    Threads.emplace_back([&, T] {
      std::mt19937_64 R(1234 + T);
      std::vector<Object> Mine;
      for (int I = 0; I < kOps; ++I) {
        std::uint64_t Seed = (std::uint64_t(T) << 40) | I;
        unsigned Op = R() % 10;
        if (Op < 5 || Mine.empty()) {
          Mine.push_back(make(R, Seed));
        } else if (Op < 8) {
          std::size_t K = R() % Mine.size();
          Bad += !destroy(Mine[K]);
          Mine[K] = Mine.back();
          Mine.pop_back();
        } else {
          // Swap one of ours with a slot: another thread frees it.
          std::size_t K = R() % Mine.size();
          Object Out;
          {
            std::lock_guard<std::mutex> G(ExchangeLock);
            Object &Slot = Exchange[R() % kSlots];
            Out = Slot;
            Slot = Mine[K];
          }
          Mine[K] = Mine.back();
          Mine.pop_back();
          if (Out.p)
            Bad += !destroy(Out);
        }
        if (Mine.size() > 4000) // bound the footprint
          for (int J = 0; J < 1000; ++J) {
            Bad += !destroy(Mine.back());
            Mine.pop_back();
          }
      }
      for (const Object &O : Mine)
        Bad += !destroy(O);
    });
  for (std::thread &T : Threads)
    T.join();
  std::thread([&] { // not the main thread: its cache would keep spans
    for (const Object &O : Exchange)
      if (O.p)
        Bad += !destroy(O);
  })
      .join();
  EXPECT_EQ(Bad, 0) << "objects changed while live";

  // Every routine object is back: noscan bins are used by nothing else.
  Stats S = stats();
  for (unsigned C = 1; C <= kNumSpecializedClasses; ++C) {
    EXPECT_EQ(S.at(C, false).allocations, S.at(C, false).frees) << C;
    EXPECT_EQ(S.at(C, false).spans, 0u) << C;
  }
}

} // namespace
