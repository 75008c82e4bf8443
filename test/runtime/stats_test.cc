//===- stats_test.cc - sizespec::stats() and the SIZESPEC_STATS table -----===//

#include "test_util.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

TEST(Stats, CountsOneThreadExactly) {
  ClassStats B2 = class_stats(2, false);
  std::vector<void *> V;
  for (int I = 0; I < 700; ++I)
    V.push_back(routine<2, false, false>(16));
  for (int I = 0; I < 300; ++I)
    V.push_back(alloc_noscan<char>(runtime(16)));
  for (int I = 0; I < 400; ++I)
    ::operator delete(V[I], 16);

  ClassStats A2 = class_stats(2, false);
  EXPECT_EQ(A2.allocations - B2.allocations, 1000u);
  EXPECT_EQ(A2.specialized - B2.specialized, 700u);
  EXPECT_EQ(A2.generic - B2.generic, 300u);
  EXPECT_EQ(A2.frees - B2.frees, 400u);
  EXPECT_EQ(A2.bytes_in_use - B2.bytes_in_use, 600u * 16);
  EXPECT_GE(A2.spans, 1u);
  for (std::size_t I = 400; I < V.size(); ++I)
    ::operator delete(V[I], 16);
}

TEST(Stats, ProcessWideFigures) {
  ::operator delete(::operator new(std::size_t(24)));
  Stats S = stats();
  EXPECT_EQ(S.mode, Mode::active);
  EXPECT_GE(S.spans_held, 1u);
  EXPECT_GE(S.bytes_committed, S.spans_held * 65536);
  std::uint64_t Sum = 0;
  for (unsigned C = 1; C <= kNumClasses; ++C)
    Sum += S.at(C, false).spans + S.at(C, true).spans;
  EXPECT_EQ(Sum, S.spans_held);
}

/// Runs the helper with SIZESPEC_STATS=1 and returns its stderr lines.
std::vector<std::string> run_helper() {
  std::string Cmd = std::string("SIZESPEC_STATS=1 ") + SIZESPEC_STATS_HELPER +
                    " 2>&1 >/dev/null";
  std::vector<std::string> Lines;
  std::FILE *P = popen(Cmd.c_str(), "r");
  if (!P)
    return Lines;
  char Buf[512];
  while (std::fgets(Buf, sizeof Buf, P))
    Lines.emplace_back(Buf);
  EXPECT_EQ(pclose(P), 0);
  return Lines;
}

TEST(Stats, TableAtExit) {
  std::vector<std::string> Lines = run_helper();
  ASSERT_GE(Lines.size(), 4u);
  EXPECT_EQ(Lines.front(), "sizespec: stats (mode active)\n");
  EXPECT_EQ(Lines[1].rfind("class", 0) == std::string::npos, false);
  // class size kind allocs frees in-use specialized generic spans
  std::map<std::string, std::vector<std::string>> Rows;
  for (const std::string &L : Lines) {
    std::istringstream In(L);
    std::vector<std::string> F;
    for (std::string W; In >> W;)
      F.push_back(W);
    if (F.size() == 9)
      Rows[F[0] + "/" + F[2]] = F;
  }
  ASSERT_TRUE(Rows.count("3/noscan"));
  std::vector<std::string> R = Rows["3/noscan"];
  EXPECT_EQ(R[1], "24");
  EXPECT_EQ(R[3], "1000");
  EXPECT_EQ(R[4], "900");
  EXPECT_EQ(R[5], "2400");
  EXPECT_EQ(R[6], "1000");
  EXPECT_EQ(R[7], "0");
  ASSERT_TRUE(Rows.count("5/noscan"));
  EXPECT_EQ(Rows["5/noscan"][3], "300");
  EXPECT_EQ(Rows["5/noscan"][4], "300");
  EXPECT_EQ(Rows["5/noscan"][5], "0");
  EXPECT_EQ(Rows["5/noscan"][6], "0");
  EXPECT_EQ(Rows["5/noscan"][7], "300");
  ASSERT_TRUE(Rows.count("large/-"));
  EXPECT_GE(std::stoul(Rows["large/-"][3]), 5u);
  EXPECT_EQ(Lines.back().rfind("sizespec: spans-held ", 0), 0u);
}

} // namespace
