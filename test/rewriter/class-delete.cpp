// std::make_unique<T> of a class that declares its own operator delete is
// left alone: when T's constructor throws, the `new T` inside make_unique
// frees through T::operator delete, which the helper's placement form would
// not find. The program calls T::operator delete as often after the
// rewrite as before (3 times: two objects, one throwing construction).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++17 -I%runtime_include
// RUN: %rewrite -p %t %t/t.cpp | FileCheck %s --check-prefix=REPORT
// RUN: %rewrite -p %t --apply %t/t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t/t.cpp
// RUN: %if runtime %{ %clangxx -std=c++17 %s -o %t/original %}
// RUN: %if runtime %{ %clangxx -std=c++17 -I%runtime_include %t/t.cpp -o %t/rewritten %runtime_lib -Wl,-rpath,%runtime_libdir %}
// RUN: %if runtime %{ %t/original > %t/original.out %}
// RUN: %if runtime %{ %t/rewritten > %t/rewritten.out %}
// RUN: %if runtime %{ diff %t/original.out %t/rewritten.out %}
// RUN: %if runtime %{ FileCheck %s --check-prefix=OUT --input-file=%t/rewritten.out %}
// OUT: deletes 3
#include <cstdio>
#include <memory>
#include <new>

static int Deletes = 0;
struct T {
  explicit T(int K) { if (K == 1) throw K; }
  static void operator delete(void *P) noexcept { ++Deletes; ::operator delete(P); }
  int V = 0;
};

int main() {
  for (int I = 0; I < 3; ++I) {
    try {
      auto P = std::make_unique<T>(I);
      // CHECK-FIXES: {{^}}      auto P = std::make_unique<T>(I);{{$}}
      // REPORT: t.cpp:[[@LINE-2]]:21: note: not rewritten: the class declares its own operator delete, which would hide the one that frees memory when a constructor throws [class_operator_delete]
    } catch (int) {
    }
  }
  std::printf("deletes %d\n", Deletes);
}
