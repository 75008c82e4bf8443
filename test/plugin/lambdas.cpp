// Sites in lambdas: in a non-inline function, in an inline function, in a
// global initializer, and a lambda that is never called (still compiled).
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %sizespec -std=c++17 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - \
// RUN:   | FileCheck %s --check-prefix=IR --implicit-check-not=@_Znwm
struct Pair { int A, B; };

int *outer() {
  auto Make = [] { return new int(1); };
  // CHECK-DAG: lambdas.cpp:[[@LINE-1]]:27: specialized: new int -> alloc_noscan_tiny<int> (4 B, tiny)
  return Make();
}

inline Pair *inlineOuter() {
  auto Make = [](int A) { return new Pair{A, A}; };
  // CHECK-DAG: lambdas.cpp:[[@LINE-1]]:34: specialized: new Pair -> alloc_noscan_sc1<Pair> (8 B, class 1)
  return Make(2);
}

auto Global = [](int *P) { return new int *(P); };
// CHECK-DAG: lambdas.cpp:[[@LINE-1]]:35: specialized: new int * -> alloc_scan_sc1<int *> (8 B, class 1)

int main() {
  delete outer();
  delete inlineOuter();
  int X = 0;
  delete Global(&X);
  auto Capturing = [&X] { return new Pair{X, X}; };
  // CHECK-DAG: lambdas.cpp:[[@LINE-1]]:34: specialized: new Pair -> alloc_noscan_sc1<Pair> (8 B, class 1)
  delete Capturing();
}

// IR: define {{.*}} @_Z5outerv()
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 4)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 8)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail13site_new_scanEm(i64 noundef 8)
