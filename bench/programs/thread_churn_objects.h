//===- bench/programs/thread_churn_objects.h - thread_churn's objects -----===//
//
// The objects thread_churn's tasks make and free: ten kinds of typed,
// pointer-free sizes (8..1000 B), each written with its kind when made and
// told apart by that first byte when freed. Shared with the experiments
// that run the same tasks (bench/results/threads/live-line-sharing).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BENCH_THREAD_CHURN_OBJECTS_H
#define SIZESPEC_BENCH_THREAD_CHURN_OBJECTS_H

#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace churn {
// Internal linkage, as when these lived in thread_churn.cpp: Clang then
// inlines make() and destroy(), each called once, into the task, where the
// program's profile has them (bench/notes/threads.md). Each includer is a
// program of one translation unit.
namespace {

template <std::size_t N> struct Obj { unsigned char Bytes[N]; };
// clang-format off
#define CHURN_SIZES(X)                                                         \
  X(0, 8) X(1, 24) X(2, 32) X(3, 48) X(4, 64) X(5, 96) X(6, 128) X(7, 256)    \
  X(8, 512) X(9, 1000)
// clang-format on
constexpr unsigned kKinds = 10;

/// A new object of kind \p K, every byte K.
unsigned char *make(unsigned K) {
  switch (K) {
#define CHURN_NEW(K, N)                                                        \
  case K: {                                                                    \
    auto *O = new Obj<N>;                                                      \
    std::memset(O->Bytes, static_cast<int>(K), N);                             \
    return O->Bytes;                                                           \
  }
    CHURN_SIZES(CHURN_NEW)
#undef CHURN_NEW
  }
  std::abort();
}

/// Frees \p P, made by make(), by the type its first byte names.
void destroy(unsigned char *P) {
  switch (P[0]) {
#define CHURN_DELETE(K, N)                                                     \
  case K:                                                                      \
    delete reinterpret_cast<Obj<N> *>(P);                                      \
    return;
    CHURN_SIZES(CHURN_DELETE)
#undef CHURN_DELETE
  }
  std::abort();
}

/// The size of an object of kind \p K.
constexpr std::size_t size_of(unsigned K) {
  switch (K) {
#define CHURN_SIZE(K, N)                                                       \
  case K:                                                                      \
    return N;
    CHURN_SIZES(CHURN_SIZE)
#undef CHURN_SIZE
  }
  return 0;
}

} // namespace
} // namespace churn

#undef CHURN_SIZES

#endif // SIZESPEC_BENCH_THREAD_CHURN_OBJECTS_H
