// Constant evaluation keeps working: a `new` in a constexpr function is
// redirected only after Sema is done, so static_assert still sees the real
// operator new; at run time the same function calls the specialized routine.
// RUN: %sizespec -std=c++20 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - \
// RUN:   | FileCheck %s
// RUN: %sizespec -std=c++23 -DCXX23 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=CXX23 < %t.ll
#include <memory>
#include <vector>

constexpr int answer() {
  int *P = new int(42);
  int V = *P;
  delete P;
  return V;
}
static_assert(answer() == 42);

constexpr int sum(int N) {
  std::vector<int> V;
  for (int I = 1; I <= N; ++I)
    V.push_back(I);
  int S = 0;
  for (int X : V)
    S += X;
  return S;
}
static_assert(sum(10) == 55);

#ifdef CXX23
constexpr int unique() {
  auto P = std::make_unique<int>(7);
  return *P * 6;
}
static_assert(unique() == 42);
#endif

int atRunTime(int N) {
  int R = answer() + sum(N);
#ifdef CXX23
  R += unique();
#endif
  return R;
}

// A static_assert after the function's uses still evaluates it.
static_assert(answer() + sum(3) == 48);

// CHECK: define {{.*}} @_Z6answerv()
// CHECK: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 4)
// CHECK: define {{.*}} @_ZNSt15__new_allocatorIiE8allocateEmPKv(
// CHECK: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(
// CXX23: define {{.*}} @_ZSt11make_uniqueIiJiEE{{.*}}(
// CXX23: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 4)
