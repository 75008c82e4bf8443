// When the runtime stands aside, each routine calls the operator new form the
// site would have called without the plugin, so the program behaves the
// same: an over-aligned site passes its alignment (objects stay aligned, and
// they come back through the aligned operator delete, as without the
// plugin); a nothrow site calls the nothrow form, which a program may
// replace alone. The program replaces global operator new and counts.
// REQUIRES: runtime
// RUN: %clangxx -std=c++17 %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t.plain
// RUN: %sizespec -std=c++17 %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t.spec
// RUN: %t.plain > %t.plain.out
// RUN: %t.spec > %t.spec.out 2> %t.spec.err
// RUN: diff %t.plain.out %t.spec.out
// RUN: FileCheck %s < %t.spec.out
// The runtime says once, on stderr, that the program's own operator new
// turned specialization off; SIZESPEC_QUIET=1 silences it.
// RUN: FileCheck %s --check-prefix=WARN --match-full-lines < %t.spec.err
// RUN: env SIZESPEC_QUIET=1 %t.spec 2>&1 > /dev/null | count 0
// WARN: sizespec: this program replaces operator new (_Znwm), which turns specialization off: its specialized sites call the program's operator new (SIZESPEC_QUIET=1 hides this line)
// WARN-NOT: sizespec:
// The same program with the runtime in system mode (as under valgrind).
// RUN: env SIZESPEC_SYSTEM=1 %t.spec > %t.system.out
// RUN: diff %t.plain.out %t.system.out
// CHECK: aligned32 misaligned 0 plain-live 0
// CHECK: aligned64 misaligned 0
// CHECK: nothrow calls 1
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>

static int PlainLive = 0, NothrowCalls = 0;

void *operator new(std::size_t N) {
  ++PlainLive;
  if (void *P = std::malloc(N ? N : 1))
    return P;
  throw std::bad_alloc();
}
void operator delete(void *P) noexcept {
  if (P)
    --PlainLive;
  std::free(P);
}
void operator delete(void *P, std::size_t) noexcept { ::operator delete(P); }
void *operator new(std::size_t N, const std::nothrow_t &) noexcept {
  ++NothrowCalls;
  return std::malloc(N ? N : 1);
}

struct alignas(32) T32 {
  double D[4];
};
struct alignas(64) T64 {
  double D[2];
};
struct S {
  int V;
};

template <class T> int misaligned() {
  T *Objects[8];
  int Bad = 0;
  for (T *&P : Objects) {
    P = new T();
    Bad += reinterpret_cast<std::uintptr_t>(P) % alignof(T) != 0;
  }
  for (T *P : Objects)
    delete P;
  return Bad;
}

int main() {
  int Bad32 = misaligned<T32>();
  std::printf("aligned32 misaligned %d plain-live %d\n", Bad32, PlainLive);
  std::printf("aligned64 misaligned %d\n", misaligned<T64>());
  S *P = new (std::nothrow) S();
  std::printf("nothrow calls %d\n", NothrowCalls);
  std::free(P); // the program's nothrow new took it from malloc
}
