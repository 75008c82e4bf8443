// A program that replaces a global operator new and allocates an
// over-aligned type: rewritten and built with the runtime (which then stands
// aside), every form must still call the operator new the plain build calls,
// the aligned one, and so return aligned memory, at -O0 and -O2; the calls
// of the replaced form are as many as in the plain build (compared at -O0:
// at -O2 Clang may take a replaceable operator new to leave the counter
// alone, and elide allocations). REPLACE picks the form the program
// replaces: 1 the plain one, 2 the nothrow one alone, 3 the array ones, 4
// the nothrow array one alone.
// REQUIRES: runtime
// RUN: rm -rf %t && mkdir -p %t
// DEFINE: %{r} = 1
// DEFINE: %{check} = mkdir -p %t/%{r} && cp %s %t/%{r}/t.cpp \
// DEFINE:   && %mkdb %t/%{r} t.cpp -- -std=c++17 -DREPLACE=%{r} -I%runtime_include \
// DEFINE:   && %rewrite -p %t/%{r} --apply %t/%{r}/t.cpp \
// DEFINE:   && %clangxx -std=c++17 -O0 -DREPLACE=%{r} %s -o %t/%{r}/plain \
// DEFINE:   && %clangxx -std=c++17 -O0 -DREPLACE=%{r} -I%runtime_include %t/%{r}/t.cpp \
// DEFINE:        -o %t/%{r}/rewritten-O0 %runtime_lib -Wl,-rpath,%runtime_libdir \
// DEFINE:   && %clangxx -std=c++17 -O2 -DREPLACE=%{r} -I%runtime_include %t/%{r}/t.cpp \
// DEFINE:        -o %t/%{r}/rewritten %runtime_lib -Wl,-rpath,%runtime_libdir \
// DEFINE:   && %t/%{r}/plain > %t/%{r}/plain.out \
// DEFINE:   && env SIZESPEC_QUIET=1 %t/%{r}/rewritten-O0 > %t/%{r}/rewritten-O0.out \
// DEFINE:   && diff %t/%{r}/plain.out %t/%{r}/rewritten-O0.out \
// DEFINE:   && env SIZESPEC_QUIET=1 %t/%{r}/rewritten > %t/%{r}/rewritten.out
// RUN: %{check}
// REDEFINE: %{r} = 2
// RUN: %{check}
// REDEFINE: %{r} = 3
// RUN: %{check}
// REDEFINE: %{r} = 4
// RUN: %{check}
// RUN: FileCheck %s --check-prefix=FIXES --input-file=%t/1/t.cpp
// RUN: cat %t/1/rewritten.out %t/2/rewritten.out %t/3/rewritten.out \
// RUN:   %t/4/rewritten.out | FileCheck %s --check-prefix=OUT

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>

static int g_replaced; // calls of the program's own operator new

#if REPLACE == 1
void *operator new(std::size_t n) {
  ++g_replaced;
  if (void *p = std::malloc(n ? n : 1))
    return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
#elif REPLACE == 2
void *operator new(std::size_t n, const std::nothrow_t &) noexcept {
  ++g_replaced;
  return std::malloc(n ? n : 1);
}
#elif REPLACE == 3
void *operator new[](std::size_t n) {
  ++g_replaced;
  if (void *p = std::malloc(n ? n : 1))
    return p;
  throw std::bad_alloc();
}
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t) noexcept { std::free(p); }
#elif REPLACE == 4
void *operator new[](std::size_t n, const std::nothrow_t &) noexcept {
  ++g_replaced;
  return std::malloc(n ? n : 1);
}
#endif

struct alignas(32) A {
  char c;
  long v[3];
};

// Allocated by every form too, from the replaced operator new.
struct B {
  long v[2];
};

template <class P> int misaligned(const P *p) {
  return reinterpret_cast<std::uintptr_t>(p) % alignof(A) != 0;
}

constexpr int kLive = 100; // live at once, so that malloc's chunks differ

int main() {
  A *plain[kLive], *nothrow[kLive], *array[kLive], *nothrowArray[kLive];
  std::unique_ptr<A> unique[kLive];
  std::shared_ptr<A> shared[kLive];
  int bad[6] = {};
  for (int i = 0; i < kLive; ++i) {
    bad[0] += misaligned(plain[i] = new A());
    // FIXES: plain[i] = new (::sizespec::alloc_noscan_sc4<A>) A()
    bad[1] += misaligned(nothrow[i] = new (std::nothrow) A());
    // FIXES: nothrow[i] = new (::sizespec::alloc_noscan_sc4<A>, std::nothrow) A()
    bad[2] += misaligned(array[i] = new A[3]);
    // FIXES: array[i] = new (::sizespec::alloc_noscan_sc{{[0-9]+}}<A[3]>) A[3]
    bad[3] += misaligned(nothrowArray[i] = new (std::nothrow) A[2]);
    // FIXES: nothrowArray[i] = new (::sizespec::alloc_noscan_sc{{[0-9]+}}<A[2]>, std::nothrow) A[2]
    bad[4] += misaligned((unique[i] = std::make_unique<A>()).get());
    // FIXES: (unique[i] = ::sizespec::make_unique<A>(::sizespec::alloc_noscan_sc4<A>)).get()
    bad[5] += misaligned((shared[i] = std::make_shared<A>()).get());
    // FIXES: (shared[i] = ::sizespec::make_shared<A>()).get()
  }
  // Kept, so that Clang cannot elide the allocations of the plain build.
  B *others[4][kLive];
  std::unique_ptr<B> uniqueB[kLive];
  std::shared_ptr<B> sharedB[kLive];
  for (int i = 0; i < kLive; ++i) {
    others[0][i] = new B();
    others[1][i] = new (std::nothrow) B();
    others[2][i] = new B[3];
    others[3][i] = new (std::nothrow) B[2];
    uniqueB[i] = std::make_unique<B>();
    sharedB[i] = std::make_shared<B>();
  }
  for (int i = 0; i < kLive; ++i) {
    delete others[0][i];
    delete others[1][i];
    delete[] others[2][i];
    delete[] others[3][i];
    delete plain[i];
    delete nothrow[i];
    delete[] array[i];
    delete[] nothrowArray[i];
  }
  std::printf("misaligned: new %d, nothrow %d, new[] %d, nothrow new[] %d, "
              "make_unique %d, make_shared %d; replaced operator new: %d "
              "calls\n",
              bad[0], bad[1], bad[2], bad[3], bad[4], bad[5], g_replaced);
}
// OUT-COUNT-4: misaligned: new 0, nothrow 0, new[] 0, nothrow new[] 0, make_unique 0, make_shared 0; replaced operator new: {{[1-9][0-9]*}} calls
