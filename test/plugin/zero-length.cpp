// `new T[0]` of a 16-aligned T: no byte count says how aligned T is, so
// operator new[](0) gives what malloc(0) gives, 16 (it gave 8).
// REQUIRES: runtime
// RUN: %sizespec -std=c++17 %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t
// RUN: %t | FileCheck %s
// CHECK: misaligned 0
#include <cstdint>
#include <cstdio>

struct alignas(16) T {
  char C;
};

int main() {
  T *Objects[8];
  int Bad = 0;
  for (T *&P : Objects) {
    P = new T[0];
    Bad += reinterpret_cast<std::uintptr_t>(P) % alignof(T) != 0;
  }
  for (T *P : Objects)
    delete[] P;
  std::printf("misaligned %d\n", Bad);
}
