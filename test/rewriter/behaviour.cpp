// The rewritten program behaves as the original: same output, with the
// runtime linked; a constructor that throws frees the memory through the
// matching placement operator delete.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++20 -I%runtime_include
// RUN: %rewrite -p %t --apply %t/t.cpp
// RUN: %clangxx -std=c++20 -S -emit-llvm -O0 -I%runtime_include %t/t.cpp -o - | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}} @_Z8throwingv()
// IR: call {{.*}} @_ZnwmPF{{.*}}(
// IR: call void @_ZdlPvPF{{.*}}(

// RUN: %if runtime %{ %clangxx -std=c++20 %s -o %t/original %}
// RUN: %if runtime %{ %clangxx -std=c++20 -I%runtime_include %t/t.cpp -o %t/rewritten %runtime_lib -Wl,-rpath,%runtime_libdir %}
// RUN: %if runtime %{ %t/original > %t/original.out %}
// RUN: %if runtime %{ %t/rewritten > %t/rewritten.out %}
// RUN: %if runtime %{ diff %t/original.out %t/rewritten.out %}
// RUN: %if runtime %{ FileCheck %s --check-prefix=OUT --input-file=%t/rewritten.out %}
// OUT: 1 2 0 0 7 5 6
// OUT: caught 42
// OUT: null-checked 9
// OUT: array 1 2 0 0
// OUT: unique 3 shared 4

#include <cstdio>
#include <memory>
#include <new>

struct Point {
  int X, Y;
};
struct Thrower {
  Thrower(int V) : V(V) {
    if (V == 42)
      throw V;
  }
  long V;
};

int throwing() {
  try {
    Thrower *T = new Thrower(42);
    delete T;
  } catch (int V) {
    return V;
  }
  return 0;
}

int main() {
  Point *List = new Point{1, 2};
  Point *Value = new Point();
  Point *Designated = new Point{.X = 7};
  Point *Paren = new Point(5, 6);
  std::printf("%d %d %d %d %d %d %d\n", List->X, List->Y, Value->X, Value->Y,
              Designated->X, Paren->X, Paren->Y);
  std::printf("caught %d\n", throwing());
  Thrower *Checked = new (std::nothrow) Thrower(9);
  std::printf("null-checked %ld\n", Checked ? Checked->V : -1L);
  int *Array = new int[4]{1, 2};
  std::printf("array %d %d %d %d\n", Array[0], Array[1], Array[2], Array[3]);
  auto U = std::make_unique<Point>(3, 0);
  auto S = std::make_shared<Point>(4, 0);
  std::printf("unique %d shared %d\n", U->X, S->X);
  delete List;
  delete Value;
  delete Designated;
  delete Paren;
  delete Checked;
  delete[] Array;
}
