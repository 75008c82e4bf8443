// Two allocator instantiations, each inlined at two lines of this file
// (report-profile.test): std::allocator<std::_Rb_tree_node<long *>>,
// specialized, and std::allocator<Wide>, not (Wide is over-aligned). The
// unit lists each once, at the first line that reaches it; a profile joins
// the samples of each line to that line, with the instantiation's verdict.
// With -gline-tables-only the inlined allocate() is named by its short name
// alone, so the sizes are such that each allocation is a whole number of
// one instantiation's elements only (40 B nodes; 3 and 7 Wides of 64 B).
#include <set>
#include <vector>

struct alignas(64) Wide {
  long V;
};

std::set<long *> *volatile SetSink;
std::vector<Wide> *volatile VectorSink;

__attribute__((noinline)) void insertFirst(long N) {
  std::set<long *> S;
  for (long I = 0; I < N; ++I)
    S.insert(reinterpret_cast<long *>(I * 16)); // line 22
  SetSink = &S;
}

__attribute__((noinline)) void insertSecond(long N) {
  std::set<long *> S;
  for (long I = 0; I < N; ++I)
    S.insert(reinterpret_cast<long *>(I * 32)); // line 29
  SetSink = &S;
}

__attribute__((noinline)) void growFirst(long N) {
  for (long I = 0; I < N; ++I) {
    std::vector<Wide> V;
    V.reserve(3); // line 36
    VectorSink = &V;
  }
}

__attribute__((noinline)) void growSecond(long N) {
  for (long I = 0; I < N; ++I) {
    std::vector<Wide> V;
    V.reserve(7); // line 44
    VectorSink = &V;
  }
}

int main() {
  for (int Round = 0; Round < 4; ++Round) {
    insertFirst(300000);
    insertSecond(300000);
    growFirst(100000);
    growSecond(100000);
  }
}
