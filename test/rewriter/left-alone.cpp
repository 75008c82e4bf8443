// Eligible sites the rewriter keeps as written, each with its reason.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++20 -I%runtime_include
// RUN: %rewrite -p %t %t/t.cpp | FileCheck %s --check-prefix=REPORT
// RUN: %rewrite -p %t --apply %t/t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t/t.cpp
// RUN: %clangxx -std=c++20 -Wall -Wextra -Werror -fsyntax-only -I%runtime_include %t/t.cpp

struct Point {
  int X, Y;
};

// Constant evaluation may run this body, and cannot call the routine.
constexpr int viaConstexpr() {
  Point *P = new Point{1, 2};
  // CHECK-FIXES: {{^}}  Point *P = new Point{1, 2};{{$}}
  // REPORT: t.cpp:[[@LINE-2]]:14: note: not rewritten: the site is in a constexpr function, and constant evaluation cannot call the routine [constexpr_function]
  int X = P->X;
  delete P;
  return X;
}
static_assert(viaConstexpr() == 1);

// The placement delete that frees memory when a constructor throws would
// be hidden by the class's own operator delete.
struct OwnDelete {
  int V;
  static void operator delete(void *P) { ::operator delete(P); }
};
OwnDelete *ownDelete() {
  return new OwnDelete{3};
  // CHECK-FIXES: {{^}}  return new OwnDelete{3};{{$}}
  // REPORT: t.cpp:[[@LINE-2]]:10: note: not rewritten: the class declares its own operator delete, {{.*}} [class_operator_delete]
}
OwnDelete *ownDeleteGlobal() {
  return ::new OwnDelete{4};
  // CHECK-FIXES: {{^}}  return ::new (::sizespec::alloc_noscan_tiny<OwnDelete>) OwnDelete{4};{{$}}
}

// A deduced type has no name to give the routine.
int *deduced(int V) {
  return new auto(V);
  // CHECK-FIXES: {{^}}  return new auto(V);{{$}}
  // REPORT: t.cpp:[[@LINE-2]]:10: note: not rewritten: the allocated type cannot be named at the site [type_not_spellable]
}
