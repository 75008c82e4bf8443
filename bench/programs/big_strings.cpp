//===- bench/programs/big_strings.cpp - Large buffers freed and made again ===//
//
// What the runtime leaves to malloc must run at malloc's speed: each round
// fills a std::list with STRINGS std::string(LENGTH, 'x') (100 KB: above
// every size class, so the buffers come from malloc, the list's nodes from
// the runtime), then frees them all.
//
//   big_strings [ROUNDS] [STRINGS] [LENGTH]     (20 2000 100000)
//
// With glibc behind the runtime, glibc's heap holds only these buffers;
// trimmed at each mass free, it faulted all of its pages in again each
// round (the program ran ten times slower than on glibc alone,
// runtime/src/composition.h). The bench-result line (program_report.h)
// carries the run's minor page faults.
//
//===----------------------------------------------------------------------===//

#include "../common/program_report.h"

#include <cstdio>
#include <cstdlib>
#include <list>
#include <string>

int main(int argc, char **argv) {
  const int Rounds = argc > 1 ? std::atoi(argv[1]) : 20;
  const int Strings = argc > 2 ? std::atoi(argv[2]) : 2000;
  const std::size_t Length =
      argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 100000;
  bench::ProgramTimer Timer;
  unsigned long long Sum = 0;
  for (int R = 0; R < Rounds; ++R) {
    std::list<std::string> Made;
    for (int I = 0; I < Strings; ++I) {
      Made.emplace_back(Length, 'x');
      Made.back()[I % Length] = 'y';
    }
    for (const std::string &S : Made)
      Sum += static_cast<unsigned char>(S[R % Length]);
  }
  std::printf("%d rounds of %d strings of %zu bytes, checksum %llu\n", Rounds,
              Strings, Length, Sum);
  Timer.report();
}
