// thread_churn's tasks (bench/programs/thread_churn.cpp, its objects from
// thread_churn_objects.h), two at a time,
// with a count: once both tasks of a pair have made all their objects, how
// many of a task's objects have their first word in a 64-byte line that
// also holds an object of the other task, by size, and how many of the
// lines the two use they share. A barrier holds each task between making
// and freeing until the other has made its objects.
//   line_sharing PAIRS OBJECTS   (built with -I bench/common -I bench/programs)
#include "rng.h"
#include "thread_churn_objects.h"
#include <algorithm>
#include <barrier>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>
namespace {
using churn::destroy;
using churn::make;
using churn::size_of;
struct Task {
  std::vector<unsigned char *> Live;
  std::vector<unsigned> Kinds;
  std::vector<std::uintptr_t> Lines;
};
std::vector<std::uintptr_t> lines_of(const std::vector<unsigned char *> &Live) {
  std::vector<std::uintptr_t> L;
  for (unsigned char *P : Live) {
    auto A = reinterpret_cast<std::uintptr_t>(P);
    for (std::uintptr_t X = A >> 6; X <= (A + size_of(P[0]) - 1) >> 6; ++X)
      L.push_back(X);
  }
  std::sort(L.begin(), L.end());
  L.erase(std::unique(L.begin(), L.end()), L.end());
  return L;
}
} // namespace
int main(int Argc, char **Argv) {
  const unsigned Pairs = Argc > 1 ? std::atoi(Argv[1]) : 200;
  const std::size_t Objects =
      Argc > 2 ? std::strtoul(Argv[2], nullptr, 10) : 4000;
  std::uint64_t Shared = 0, Total = 0, SharedLines = 0, TotalLines = 0,
                KS[churn::kKinds] = {}, KT[churn::kKinds] = {};
  for (unsigned T = 0; T < Pairs; ++T) {
    Task Tasks[2];
    std::barrier Made(2);
    auto Run = [&](unsigned I) {
      bench::Rng R{0x9E3779B97F4A7C15ull * (2 * T + I + 1)};
      Task &Me = Tasks[I];
      Me.Live.resize(Objects);
      for (unsigned char *&P : Me.Live) {
        unsigned K = unsigned(R.next() % churn::kKinds);
        Me.Kinds.push_back(K);
        P = make(K);
      }
      Me.Lines = lines_of(Me.Live);
      Made.arrive_and_wait();
      for (unsigned char *P : Me.Live)
        destroy(P);
    };
    std::thread A(Run, 0), B(Run, 1);
    // Each task noted its lines while all of both tasks' objects were live.
    A.join();
    B.join();
    std::vector<std::uintptr_t> Both;
    std::set_intersection(Tasks[0].Lines.begin(), Tasks[0].Lines.end(),
                          Tasks[1].Lines.begin(), Tasks[1].Lines.end(),
                          std::back_inserter(Both));
    SharedLines += Both.size();
    TotalLines += Tasks[0].Lines.size() + Tasks[1].Lines.size();
    for (unsigned I = 0; I < 2; ++I)
      for (std::size_t J = 0; J < Objects; ++J) {
        unsigned char *P = Tasks[I].Live[J];
        const unsigned Kind = Tasks[I].Kinds[J];
        ++Total;
        ++KT[Kind];
        auto A = reinterpret_cast<std::uintptr_t>(P);
        for (std::uintptr_t X = A >> 6; X <= (A + 8 - 1) >> 6; ++X)
          if (std::binary_search(Both.begin(), Both.end(), X)) {
            ++Shared;
            ++KS[Kind];
            break;
          }
      }
  }
  std::printf(
      "objects whose first line holds the other task's object too: %.2f %%\n",
      100.0 * Shared / Total);
  for (unsigned K = 0; K < churn::kKinds; ++K)
    std::printf("  %4zu B: %.2f %%\n", size_of(K), 100.0 * KS[K] / KT[K]);
  std::printf("lines shared by both tasks: %.2f %% of the lines they use\n",
              100.0 * 2 * SharedLines / TotalLines);
}
