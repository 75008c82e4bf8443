//===- bench/programs/binary_trees.cpp - The Benchmarks Game's binary-trees
//===//
//
// The plain new/delete variant: no pools, no arena, every node a separate
// `new Node` and `delete`. Nodes are 24 bytes (two children and an item,
// as in the game's original C++ programs), so with the plugin every
// allocation is alloc_scan_sc3<Node>. Usage: binary_trees [max_depth=20].
// Prints the game's usual output on stdout, the measurements on stderr.
//
//===----------------------------------------------------------------------===//

#include "../common/program_report.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

struct Node {
  Node *Left;
  Node *Right;
  std::int64_t Item;
};
static_assert(sizeof(Node) == 24);

Node *make(int Depth) {
  if (Depth == 0)
    return new Node{nullptr, nullptr, 0};
  Node *Left = make(Depth - 1);
  Node *Right = make(Depth - 1);
  return new Node{Left, Right, Depth};
}

long check(const Node *N) {
  return N->Left ? 1 + check(N->Left) + check(N->Right) : 1;
}

void destroy(Node *N) {
  if (N->Left) {
    destroy(N->Left);
    destroy(N->Right);
  }
  delete N;
}

long makeCheckDestroy(int Depth) {
  Node *Tree = make(Depth);
  long Result = check(Tree);
  destroy(Tree);
  return Result;
}

} // namespace

int main(int Argc, char **Argv) {
  const int MinDepth = 4;
  const int MaxDepth =
      std::max(MinDepth + 2, Argc > 1 ? std::atoi(Argv[1]) : 20);
  bench::ProgramTimer Timer;

  std::printf("stretch tree of depth %d\t check: %ld\n", MaxDepth + 1,
              makeCheckDestroy(MaxDepth + 1));

  Node *LongLived = make(MaxDepth);
  for (int Depth = MinDepth; Depth <= MaxDepth; Depth += 2) {
    long Iterations = 1L << (MaxDepth - Depth + MinDepth);
    long Check = 0;
    for (long I = 0; I < Iterations; ++I)
      Check += makeCheckDestroy(Depth);
    std::printf("%ld\t trees of depth %d\t check: %ld\n", Iterations, Depth,
                Check);
  }
  std::printf("long lived tree of depth %d\t check: %ld\n", MaxDepth,
              check(LongLived));
  destroy(LongLived);

  Timer.report();
  return 0;
}
