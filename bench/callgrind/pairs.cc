//===- pairs.cc - 24-byte allocate+free pairs, for callgrind --------------===//
//
//   pairs MODE N
//
// Runs N allocate+free pairs of a 24-byte object through one path:
//
//   specialized  alloc_noscan_sc3<Point>(24) + operator delete(p, 24): what
//                the plugin makes of `new Point` / `delete p`
//   class8       alloc_noscan_sc1<long>(8) + operator delete(p, 8): the
//                8-byte class's pair
//   tiny         alloc_noscan_tiny<bool>(1) + operator delete(p, 1): what
//                the plugin makes of `new bool` (the tiny path)
//   tiny8        alloc_noscan_tiny<std::uint64_t>(8) + operator delete(p, 8):
//                an 8-byte pointer-free object packed, two to a block
//   generic      sizespec::allocate(n) + sizespec::deallocate(p), n = 24 at
//                run time
//   new          ::operator new(n) + ::operator delete(p, n), n = 24 at run
//                time (the runtime's replacement)
//   malloc       glibc malloc(n) + free(p)
//   source       `new Point` + `delete p` as written: compiled with the
//                plugin (measure --plugin), what the plugin's pass makes of
//                them after the optimizer; without it, operator new/delete
//   batch        `new Point` x 1000, then `delete` in a fixed shuffled order,
//                N / 1000 times (bench/micro's Batch/noscan/24): N pairs
//   batch8-class, batch8-tiny
//                the same with 8-byte pointer-free objects, from the 8-byte
//                class (alloc_noscan_sc1) or packed (alloc_noscan_tiny)
//   empty        the loop control alone (counter, compare, branch)
//
// Each mode's loop is its own noinline function, so callgrind_annotate
// shows the loop (with the inlined routine) apart from the out-of-line
// functions it calls. bench/callgrind/measure runs it.
//
//===----------------------------------------------------------------------===//

#include <sizespec/sizespec.h>
#include <sizespec/stats.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

struct Point {
  long x, y, z;
};

/// Keeps the compiler from dropping or merging the pair.
inline void escape(void *P) { asm volatile("" : : "r"(P) : "memory"); }

std::size_t opaque(std::size_t N) {
  asm volatile("" : "+r"(N));
  return N;
}

__attribute__((noinline)) void pairs_specialized(long N) {
  for (long I = 0; I < N; ++I) {
    void *P = sizespec::alloc_noscan_sc3<Point>(sizeof(Point));
    escape(P);
    ::operator delete(P, sizeof(Point));
  }
}

__attribute__((noinline)) void pairs_class8(long N) {
  for (long I = 0; I < N; ++I) {
    void *P = sizespec::alloc_noscan_sc1<long>(sizeof(long));
    escape(P);
    ::operator delete(P, sizeof(long));
  }
}

__attribute__((noinline)) void pairs_tiny(long N) {
  for (long I = 0; I < N; ++I) {
    void *P = sizespec::alloc_noscan_tiny<bool>(sizeof(bool));
    escape(P);
    ::operator delete(P, sizeof(bool));
  }
}

__attribute__((noinline)) void pairs_tiny8(long N) {
  for (long I = 0; I < N; ++I) {
    void *P = sizespec::alloc_noscan_tiny<std::uint64_t>(8);
    escape(P);
    ::operator delete(P, 8);
  }
}

__attribute__((noinline)) void pairs_generic(long N, std::size_t Size) {
  for (long I = 0; I < N; ++I) {
    void *P = sizespec::allocate(Size);
    escape(P);
    sizespec::deallocate(P);
  }
}

__attribute__((noinline)) void pairs_new(long N, std::size_t Size) {
  for (long I = 0; I < N; ++I) {
    void *P = ::operator new(Size);
    escape(P);
    ::operator delete(P, Size);
  }
}

__attribute__((noinline)) void pairs_malloc(long N, std::size_t Size) {
  for (long I = 0; I < N; ++I) {
    void *P = std::malloc(Size);
    escape(P);
    std::free(P);
  }
}

__attribute__((noinline)) void pairs_source(long N) {
  for (long I = 0; I < N; ++I) {
    Point *P = new Point;
    escape(P);
    delete P;
  }
}

constexpr int kBatch = 1000;

/// The order a batch is freed in: a fixed shuffle of 0..kBatch-1.
const unsigned short *batchOrder() {
  static unsigned short Order[kBatch];
  std::uint64_t X = 0x9e3779b97f4a7c15u;
  for (int I = 0; I < kBatch; ++I)
    Order[I] = static_cast<unsigned short>(I);
  for (int I = kBatch - 1; I > 0; --I) {
    X ^= X << 13, X ^= X >> 7, X ^= X << 17;
    unsigned short T = Order[I];
    Order[I] = Order[X % (I + 1)];
    Order[X % (I + 1)] = T;
  }
  return Order;
}

__attribute__((noinline)) void pairs_batch(long N) {
  static Point *Live[kBatch];
  const unsigned short *Order = batchOrder();
  for (long R = 0; R < N / kBatch; ++R) {
    for (int I = 0; I < kBatch; ++I)
      Live[I] = new Point;
    escape(Live);
    for (int I = 0; I < kBatch; ++I)
      delete Live[Order[I]];
  }
}

/// A batch of 8-byte pointer-free objects from \p Alloc, freed shuffled.
template <void *(*Alloc)(std::size_t)> void batch8(long N) {
  static void *Live[kBatch];
  const unsigned short *Order = batchOrder();
  for (long R = 0; R < N / kBatch; ++R) {
    for (int I = 0; I < kBatch; ++I)
      Live[I] = Alloc(8);
    escape(Live);
    for (int I = 0; I < kBatch; ++I)
      ::operator delete(Live[Order[I]], 8);
  }
}

__attribute__((noinline)) void pairs_batch8_class(long N) {
  batch8<sizespec::alloc_noscan_sc1<std::uint64_t>>(N);
}

__attribute__((noinline)) void pairs_batch8_tiny(long N) {
  batch8<sizespec::alloc_noscan_tiny<std::uint64_t>>(N);
}

__attribute__((noinline)) void pairs_empty(long N) {
  for (long I = 0; I < N; ++I)
    asm volatile("" : : : "memory"); // the loop control alone
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr,
                 "usage: %s specialized|class8|tiny|tiny8|generic|new|malloc|"
                 "source|batch|batch8-class|batch8-tiny|empty N\n",
                 argv[0]);
    return 2;
  }
  const char *Mode = argv[1];
  long N = std::atol(argv[2]);
  ::operator delete(::operator new(1)); // start the runtime in every mode
  std::size_t Size = opaque(sizeof(Point));
  if (!std::strcmp(Mode, "specialized"))
    pairs_specialized(N);
  else if (!std::strcmp(Mode, "class8"))
    pairs_class8(N);
  else if (!std::strcmp(Mode, "tiny"))
    pairs_tiny(N);
  else if (!std::strcmp(Mode, "tiny8"))
    pairs_tiny8(N);
  else if (!std::strcmp(Mode, "generic"))
    pairs_generic(N, Size);
  else if (!std::strcmp(Mode, "new"))
    pairs_new(N, Size);
  else if (!std::strcmp(Mode, "malloc"))
    pairs_malloc(N, Size);
  else if (!std::strcmp(Mode, "source"))
    pairs_source(N);
  else if (!std::strcmp(Mode, "batch"))
    pairs_batch(N);
  else if (!std::strcmp(Mode, "batch8-class"))
    pairs_batch8_class(N);
  else if (!std::strcmp(Mode, "batch8-tiny"))
    pairs_batch8_tiny(N);
  else if (!std::strcmp(Mode, "empty"))
    pairs_empty(N);
  else
    return 2;
  // The runtime must have served the pairs (not stood aside).
  sizespec::Stats S = sizespec::stats();
  if (S.mode != sizespec::Mode::active) {
    std::fprintf(stderr, "pairs: sizespec runtime is not active\n");
    return 1;
  }
  std::printf("specialized %llu generic %llu\n",
              (unsigned long long)S.at(3, false).specialized,
              (unsigned long long)S.at(3, true).generic);
  return 0;
}
