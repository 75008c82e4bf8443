// A site whose type or count depends on a template parameter is reported per
// instantiation and left alone (dependent_in_template): one text serves every
// instantiation. A site in a template whose type does not depend on it is
// rewritten once. A template nobody instantiates is reported as dependent.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++17 -I%runtime_include
// RUN: %rewrite -p %t %t/t.cpp | FileCheck %s --check-prefix=REPORT
// RUN: %rewrite -p %t %t/t.cpp | not grep 'new T: dependent type'
// RUN: %rewrite -p %t --apply %t/t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t/t.cpp
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I%runtime_include %t/t.cpp

struct Point {
  int X, Y;
};
struct Wide {
  long A, B, C;
};

template <class T> T *make() {
  return new T();
  // CHECK-FIXES: {{^}}  return new T();{{$}}
  // REPORT-DAG: t.cpp:[[@LINE-2]]:10: specialized: new Point -> alloc_noscan_sc1<Point> (8 B, class 1)
  // REPORT-DAG: t.cpp:[[@LINE-3]]:10: specialized: new Wide -> alloc_noscan_sc3<Wide> (24 B, class 3)
  // REPORT-DAG: t.cpp:[[@LINE-4]]:10: note: not rewritten: the allocated type or count depends on a template parameter [dependent_in_template]
  // The pattern is listed only where no instantiation is, as the plugin
  // lists it: no `new T: dependent type` line (the second RUN line).
}

template <int N> char *buffer() {
  return new char[N];
  // CHECK-FIXES: {{^}}  return new char[N];{{$}}
}

template <class T> Point *fixed(T Value) {
  return new Point{static_cast<int>(Value), 0};
  // CHECK-FIXES: {{^}}  return new (::sizespec::alloc_noscan_sc1<Point>) Point{static_cast<int>(Value), 0};{{$}}
}

template <class T> struct Box {
  Point *get() { return new Point(); }
  // CHECK-FIXES: {{^}}  Point *get() { return new (::sizespec::alloc_noscan_sc1<Point>) Point(); }{{$}}
  T *item() { return new T; }
  // CHECK-FIXES: {{^}}  T *item() { return new T; }{{$}}
};

template <class T> T *unused() { return new T[2]; }
// REPORT-DAG: t.cpp:[[@LINE-1]]:41: not specialized: new T[]: dependent type
// CHECK-FIXES: {{^}}template <class T> T *unused() { return new T[2]; }{{$}}

auto generic = [](auto V) { return new decltype(V)(V); };
// CHECK-FIXES: {{^}}auto generic = [](auto V) { return new decltype(V)(V); };{{$}}

void use() {
  delete make<Point>();
  delete make<Wide>();
  delete[] buffer<8>();
  delete fixed(1);
  delete fixed(2.0);
  Box<Point> B;
  delete B.get();
  delete B.item();
  delete generic(1);
}
// REPORT: rewrite of the specialized sites:
// REPORT-NEXT: to rewrite 2{{$}}
