//===- replaced_new_test.cc - A program with its own operator new/delete --===//
//
// Like a test suite that counts allocations: this program replaces the two
// base forms, operator new(size_t) and operator delete(void*), with ones
// that keep a header before each block and abort on any pointer they did
// not hand out. Its definitions win symbol lookup over the runtime's, so
// the runtime defers: everything the program allocates -- through a
// specialized routine, the generic path or any operator new form -- comes
// from its operator new, reaches its operator delete, and nothing of the
// runtime's is ever handed to it.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {
constexpr std::uint64_t kMagic = 0x5a5a'1234'abcd'0001;
std::atomic<long> g_news{0}, g_deletes{0};

struct alignas(16) Header {
  std::uint64_t magic;
  std::size_t size;
};
} // namespace

void *operator new(std::size_t Size) {
  auto *H = static_cast<Header *>(std::malloc(sizeof(Header) + Size));
  if (!H)
    throw std::bad_alloc();
  H->magic = kMagic;
  H->size = Size;
  ++g_news;
  return H + 1;
}

void operator delete(void *P) noexcept {
  if (!P)
    return;
  Header *H = static_cast<Header *>(P) - 1;
  if (H->magic != kMagic)
    std::abort(); // not from our operator new: a mismatch
  H->magic = 0;
  ++g_deletes;
  std::free(H);
}

using namespace sizespec;
using namespace sizespec::test;

namespace {

struct Point {
  long x, y, z;
};

class Replaced : public ::testing::Test {
protected:
  void SetUp() override {
    News = g_news;
    Deletes = g_deletes;
  }
  long news() const { return g_news - News; }
  long deletes() const { return g_deletes - Deletes; }
  long News = 0, Deletes = 0;
};

TEST_F(Replaced, RuntimeDefers) {
  ::operator delete(alloc_noscan_sc3<Point>(sizeof(Point)), sizeof(Point));
  EXPECT_EQ(stats().mode, Mode::deferring);
}

TEST_F(Replaced, RoutinesUseTheProgramsOperatorNew) {
  void *P = alloc_noscan_sc3<Point>(sizeof(Point));
  void *Q = alloc_scan_sc2<Point *[2]>(16, std::nothrow);
  EXPECT_FALSE(owns(P));
  EXPECT_EQ(news(), 2);
  ::operator delete(P, sizeof(Point)); // the sized form is the runtime's
  ::operator delete[](Q);              // so is the array form
  EXPECT_EQ(deletes(), 2);
}

TEST_F(Replaced, EveryFormReachesTheProgramsFunctions) {
  void *A = ::operator new[](100);
  void *B = ::operator new(100, std::nothrow);
  void *C = ::operator new[](100, std::nothrow);
  void *D = allocate(100);
  void *E = alloc_noscan<double>(24);
  void *F = alloc_scan<int *>(runtime(40));
  EXPECT_EQ(news(), 6);
  ::operator delete[](A, 100);
  ::operator delete(B, std::nothrow);
  ::operator delete[](C, std::nothrow);
  deallocate(D);
  ::operator delete(E, 24);
  ::operator delete(F, 40);
  EXPECT_EQ(deletes(), 6);
}

TEST_F(Replaced, AlignedFormsKeepTheStandardBehaviour) {
  // The program did not replace them: as with the standard library, they
  // use aligned system memory, not the program's operator new.
  void *P = ::operator new(64, std::align_val_t(64));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(P) % 64, 0u);
  EXPECT_FALSE(owns(P));
  ::operator delete(P, std::align_val_t(64));
  EXPECT_EQ(news(), 0);
}

TEST_F(Replaced, ContainersWork) {
  std::vector<std::string> V;
  for (int I = 0; I < 1000; ++I)
    V.push_back(std::string(50, char('a' + I % 26)));
  auto S = std::make_shared<Point>();
  auto U = std::make_unique<Point[]>(10);
  V.clear();
  V.shrink_to_fit();
  S.reset();
  U.reset();
  EXPECT_GT(news(), 1000);
  EXPECT_EQ(news(), deletes());
}

} // namespace
