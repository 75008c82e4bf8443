// Experiment (bench/notes/threads.md, "Threads in shards of the bins"):
// thread_churn with the odd tasks' objects holding a pointer
// (TC_DISJOINT=1), so that under sizespec two tasks at once share no bin;
// TC_SHUFFLE=1 frees in a random order.
#include "program_report.h"
#include "rng.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <utility>
#include <vector>
namespace {
template <std::size_t N> struct Obj { unsigned char Bytes[N]; };
template <std::size_t N> struct ObjP {
  unsigned char Bytes[N - 8];
  void *Ptr;
};
// clang-format off
#define SIZES(X)                                                               \
  X(0, 8) X(1, 24) X(2, 32) X(3, 48) X(4, 64) X(5, 96) X(6, 128) X(7, 256)    \
  X(8, 512) X(9, 1000)
// clang-format on
unsigned char *make(unsigned K, bool Scan) {
  switch (K + (Scan ? 16 : 0)) {
#define NEW(K, N)                                                              \
  case K: {                                                                    \
    auto *O = new Obj<N>;                                                      \
    std::memset(O, static_cast<int>(K), N);                                    \
    return reinterpret_cast<unsigned char *>(O);                               \
  }                                                                            \
  case K + 16: {                                                               \
    auto *O = new ObjP<(N < 16 ? 16 : N)>;                                     \
    std::memset(O, static_cast<int>(K + 16), N);                               \
    return reinterpret_cast<unsigned char *>(O);                               \
  }
    SIZES(NEW)
  }
  std::abort();
}
void destroy(unsigned char *P) {
  switch (P[0]) {
#define DEL(K, N)                                                              \
  case K:                                                                      \
    delete reinterpret_cast<Obj<N> *>(P);                                      \
    return;                                                                    \
  case K + 16:                                                                 \
    delete reinterpret_cast<ObjP<(N < 16 ? 16 : N)> *>(P);                     \
    return;
    SIZES(DEL)
  }
  std::abort();
}
void task(unsigned Seed, std::size_t Objects, bool Scan) {
  bench::Rng R{0x9E3779B97F4A7C15ull * (Seed + 1)};
  std::vector<unsigned char *> Live(Objects);
  for (unsigned char *&P : Live)
    P = make(static_cast<unsigned>(R.next() % 10), Scan);
  if (getenv("TC_SHUFFLE"))
    for (std::size_t I = Live.size(); I > 1; --I)
      std::swap(Live[I - 1], Live[R.next() % I]);
  for (unsigned char *P : Live)
    destroy(P);
}
} // namespace
int main(int Argc, char **Argv) {
  const unsigned Threads = Argc > 1 ? std::atoi(Argv[1]) : 2000;
  const std::size_t Objects =
      Argc > 2 ? std::strtoul(Argv[2], nullptr, 10) : 4000;
  const unsigned AtOnce = Argc > 3 ? std::atoi(Argv[3]) : 2;
  const bool Disjoint = getenv("TC_DISJOINT") != nullptr;
  bench::ProgramTimer Timer;
  std::vector<std::thread> Running;
  for (unsigned T = 0; T < Threads; T += AtOnce) {
    for (unsigned K = 0; K < AtOnce && T + K < Threads; ++K)
      Running.emplace_back(task, T + K, Objects, Disjoint && (K % 2 == 1));
    for (std::thread &Th : Running)
      Th.join();
    Running.clear();
  }
  std::printf("%u tasks\n", Threads);
  Timer.report(static_cast<long long>(Threads) * Objects);
}
