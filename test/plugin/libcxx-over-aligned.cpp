// libc++'s allocator<T>::allocate calls __libcpp_allocate(size, alignof(T));
// the plugin redirects that call to the plain marker, operator new(size).
// For an over-aligned T the runtime's class would align the object, but
// the runtime standing aside (SIZESPEC_SYSTEM=1 here, as under a sanitizer;
// or a program that replaces operator new) calls operator new(size): 16-B
// aligned. Such sites are not specialized. Found by the generator's soak
// (libc++, a replaced operator new[], make_shared of an alignas(64) type).
// REQUIRES: libcxx
// RUN: %sizespec %libcxx -std=c++20 -O2 -fplugin-arg-sizespec-report %s %runtime_lib -Wl,-rpath,%runtime_libdir %libcxx_link -o %t 2> %t.report
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %t | FileCheck %s
// RUN: env SIZESPEC_SYSTEM=1 %t | FileCheck %s
// RUN: %sizespec %libcxx -std=c++20 -O2 -DREPLACE %s %runtime_lib -Wl,-rpath,%runtime_libdir %libcxx_link -o %t.replaced
// RUN: env SIZESPEC_QUIET=1 %t.replaced | FileCheck %s

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#ifdef REPLACE
void *operator new[](std::size_t n) {
  if (void *p = std::malloc(n ? n : 1))
    return p;
  throw std::bad_alloc();
}
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t) noexcept { std::free(p); }
#endif

struct alignas(64) Wide {
  long tag;
  int *p;
  explicit Wide(int k) : tag(k), p(nullptr) {}
};
struct alignas(32) Mid {
  char c;
};

int main() {
  int bad = 0;
  for (int i = 0; i < 100; ++i) {
    // REPORT: [[@LINE+1]]:{{[0-9]+}}: not specialized: make_shared<Wide> (128 B): alignment 64 B beyond the default new alignment 16 B
    auto s = std::make_shared<Wide>(i);
    // (allocate_shared with std::allocator is reported as make_shared)
    // REPORT: [[@LINE+1]]:{{[0-9]+}}: not specialized: make_shared<Mid> (64 B): alignment 32 B beyond the default new alignment 16 B
    auto m = std::allocate_shared<Mid>(std::allocator<Mid>());
    bad += reinterpret_cast<std::uintptr_t>(s.get()) % 64 != 0 || s->tag != i;
    bad += reinterpret_cast<std::uintptr_t>(m.get()) % 32 != 0;
  }
  // CHECK: misaligned 0 of 200
  std::printf("misaligned %d of 200\n", bad);
}
