//===- composition_test.cc - The process's malloc behind the runtime ------===//
//
// What the runtime leaves to malloc runs at malloc's speed. With glibc
// behind it, glibc's heap holds only the large blocks, so a program that
// frees them all and makes them again used to have glibc trim the heap and
// fault every page in again each round (a 100 KB-string program ran ten
// times slower than on glibc alone). Counted in page faults, not time.
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <cstring>
#include <dlfcn.h>
#include <list>
#include <string>
#include <sys/resource.h>

using namespace sizespec;

namespace {

long minor_faults() {
  rusage U;
  getrusage(RUSAGE_SELF, &U);
  return U.ru_minflt;
}

bool malloc_is_glibc() {
  Dl_info Info;
  void *Malloc = dlsym(RTLD_DEFAULT, "malloc");
  return Malloc && dladdr(Malloc, &Info) && Info.dli_fname &&
         std::strstr(Info.dli_fname, "libc.so");
}

TEST(Composition, LargeBlocksFreedAndMadeAgainKeepGlibcsPages) {
  ASSERT_TRUE(malloc_is_glibc()) << "this test runs on glibc's malloc";
  ASSERT_EQ(stats().mode, Mode::active);
  constexpr int kRounds = 10, kStrings = 300;
  constexpr std::size_t kLength = 100000; // above every class: malloc's
  constexpr long kPagesPerRound = kStrings * kLength / 4096;
  long FirstRound = 0;
  long Before = minor_faults();
  for (int R = 0; R < kRounds; ++R) {
    // A list's nodes come from the runtime, the strings' buffers from
    // glibc's heap, where nothing else lives.
    std::list<std::string> Strings;
    for (int I = 0; I < kStrings; ++I)
      Strings.emplace_back(kLength, 'x');
    if (R == 0)
      FirstRound = minor_faults() - Before;
  }
  long Later = minor_faults() - Before - FirstRound;
  EXPECT_GE(FirstRound, kPagesPerRound / 2) << "the strings were not made";
  // Trimmed each round, the later rounds would fault 9 x 7300 pages in.
  EXPECT_LT(Later, kPagesPerRound)
      << "first round " << FirstRound << " faults, the 9 others " << Later;
}

} // namespace
