//===- fork_exec_helper.cc - A program a forked child execs ---------------===//
//
// Run by fork_test from a forked child: allocates and frees through the
// runtime from a fresh start, checks what it wrote, and exits with 7 (so a
// failed exec, 3, cannot pass for it) if the runtime was active throughout.
//
//===----------------------------------------------------------------------===//

#include <sizespec/sizespec.h>
#include <sizespec/stats.h>

#include <cstring>
#include <new>
#include <vector>

int main() {
  std::vector<char *> V;
  for (int I = 0; I < 10000; ++I) {
    auto *P = static_cast<char *>(::operator new(std::size_t(8 + I % 1000)));
    std::memset(P, I & 0xff, 8);
    V.push_back(P);
  }
  for (std::size_t I = 0; I < V.size(); ++I) {
    if (V[I][0] != static_cast<char>(I & 0xff))
      return 1;
    ::operator delete(V[I]);
  }
  return sizespec::stats().mode == sizespec::Mode::active ? 7 : 4;
}
