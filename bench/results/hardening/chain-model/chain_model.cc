// chain_model DEPTH ROUNDS: binary_trees' allocation pattern (build a tree
// of 24-byte nodes, walk it, free it in post order, ROUNDS times) on a toy
// thread cache of one size class, built one of four ways (-DCACHE=N):
//   0  a linked free list, plain links (the runtime with hardening off);
//   1  a linked free list whose head and links are stored times a key and
//      decoded times its inverse, the head compared with a bound (the
//      runtime's pop_free and push_free);
//   2  an array of pointers and a count, as tcmalloc's per-CPU slabs,
//      holding every node;
//   3  the same array bounded to kCap pointers, behind a linked list of
//      the rest (a central list, plain links): an empty array takes half a
//      cache from it, a full one gives half back.
// The cache lives in TLS, as the runtime's does, so each pop reads and
// writes it in memory. In 0 to 2 only the pop's chain differs: no refill,
// no flush (the cache holds every node); each pop keeps its test for an
// empty cache, which aborts here. Prints the bench programs' bench-result
// line (bench/common/program_report.h), so that bench/tools/ab can time
// the four against each other.
#include "program_report.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#ifndef CACHE
#error "build with -DCACHE=0, 1 or 2"
#endif

namespace {

struct Node {
  Node *Left, *Right;
  long Value;
};
static_assert(sizeof(Node) == 24, "a 24-byte class");

constexpr std::uintptr_t kListEnd = std::uintptr_t(1) << 63;

struct Cache {
  std::uintptr_t Bound, Key, Inverse;
  std::uintptr_t Head;
  void **Slots;
  long Count;
};
__thread Cache TC;

/// CACHE 3: the array's bound, and the list behind it.
constexpr long kCap = 256;
std::uintptr_t Central = kListEnd;

[[gnu::noinline]] void *refill() {
  for (long I = 0; I < kCap / 2 && Central != kListEnd; ++I) {
    auto *P = reinterpret_cast<std::uintptr_t *>(Central);
    Central = *P;
    TC.Slots[TC.Count++] = P;
  }
  if (TC.Count == 0)
    std::abort();
  return TC.Slots[--TC.Count];
}

[[gnu::noinline]] void flush() {
  for (long I = 0; I < kCap / 2; ++I) {
    auto *P = static_cast<std::uintptr_t *>(TC.Slots[--TC.Count]);
    *P = Central;
    Central = reinterpret_cast<std::uintptr_t>(P);
  }
}

[[gnu::always_inline]] inline void *pop() {
#if CACHE == 0
  const std::uintptr_t P = TC.Head;
  if (__builtin_expect(P >= TC.Bound, 0))
    std::abort();
  TC.Head = *reinterpret_cast<std::uintptr_t *>(P);
  return reinterpret_cast<void *>(P);
#elif CACHE == 1
  const std::uintptr_t P = TC.Head * TC.Inverse;
  if (__builtin_expect(P >= TC.Bound, 0))
    std::abort();
  TC.Head = *reinterpret_cast<std::uintptr_t *>(P);
  return reinterpret_cast<void *>(P);
#elif CACHE == 2
  if (__builtin_expect(TC.Count == 0, 0))
    std::abort();
  return TC.Slots[--TC.Count];
#else
  if (__builtin_expect(TC.Count == 0, 0))
    return refill();
  return TC.Slots[--TC.Count];
#endif
}

[[gnu::always_inline]] inline void push(void *P) {
#if CACHE == 0
  *static_cast<std::uintptr_t *>(P) = TC.Head;
  TC.Head = reinterpret_cast<std::uintptr_t>(P);
#elif CACHE == 1
  *static_cast<std::uintptr_t *>(P) = TC.Head;
  TC.Head = reinterpret_cast<std::uintptr_t>(P) * TC.Key;
#elif CACHE == 2
  TC.Slots[TC.Count++] = P;
#else
  if (__builtin_expect(TC.Count == kCap, 0))
    flush();
  TC.Slots[TC.Count++] = P;
#endif
}

Node *make(int Depth) {
  auto *N = static_cast<Node *>(pop());
  N->Value = Depth;
  if (Depth > 0) {
    N->Left = make(Depth - 1);
    N->Right = make(Depth - 1);
  } else {
    N->Left = N->Right = nullptr;
  }
  return N;
}

long check(const Node *N) {
  return N->Left ? N->Value + check(N->Left) - check(N->Right) : N->Value;
}

void destroy(Node *N) {
  if (N->Left) {
    destroy(N->Left);
    destroy(N->Right);
  }
  push(N);
}

/// The multiplicative inverse of odd \p A mod 2^64 (Newton's iteration).
std::uintptr_t inverse(std::uintptr_t A) {
  std::uintptr_t X = A;
  for (int I = 0; I < 6; ++I)
    X *= 2 - A * X;
  return X;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 3)
    return 2;
  const int Depth = std::atoi(Argv[1]);
  const long Rounds = std::atol(Argv[2]);
  const long Nodes = (2L << Depth) - 1;
  auto *Pool = static_cast<Node *>(std::calloc(Nodes, sizeof(Node)));
  TC.Slots = static_cast<void **>(std::calloc(Nodes, sizeof(void *)));
  if (!Pool || !TC.Slots)
    return 1;
  TC.Key = 0x9e3779b97f4a7c15ull | 1;
  TC.Inverse = inverse(TC.Key);
  TC.Bound = reinterpret_cast<std::uintptr_t>(Pool + Nodes);
  TC.Head = kListEnd;
  // Pushed from the top, so that the first tree's pops go up the pool.
  for (long I = Nodes; I-- > 0;) {
#if CACHE == 3
    *reinterpret_cast<std::uintptr_t *>(&Pool[I]) = Central;
    Central = reinterpret_cast<std::uintptr_t>(&Pool[I]);
#else
    push(&Pool[I]);
#endif
  }
  const bench::ProgramTimer Timer;
  long Sum = 0;
  for (long R = 0; R < Rounds; ++R) {
    Node *Tree = make(Depth);
    Sum += check(Tree);
    destroy(Tree);
  }
  Timer.report();
  std::printf("%ld\n", Sum);
  return 0;
}
