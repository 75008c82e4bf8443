// A site written in a macro body is reported and left alone: rewriting the
// macro would change every expansion. A site in a macro argument is
// rewritten where its text is, in the file, and reported there (the column
// of its `new`, as the plugin and Clang's diagnostics show it).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++17 -I%runtime_include
// RUN: %rewrite -p %t %t/t.cpp | FileCheck %s --check-prefix=REPORT
// RUN: %rewrite -p %t --apply %t/t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t/t.cpp
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I%runtime_include %t/t.cpp

struct Point {
  int X, Y;
};
#define MAKE_POINT new Point
#define MAKE(T) new T
#define KEEP(E) (E)

Point *body() {
  return MAKE_POINT;
  // CHECK-FIXES: {{^}}  return MAKE_POINT;{{$}}
  // REPORT: t.cpp:[[@LINE-2]]:10: note: not rewritten: the site is written in a macro body [macro_body]
}

Point *typeArgument() {
  return MAKE(Point);
  // CHECK-FIXES: {{^}}  return MAKE(Point);{{$}}
  // REPORT: t.cpp:[[@LINE-2]]:10: note: not rewritten: the site is written in a macro body [macro_body]
}

Point *argument() {
  return KEEP((new Point{1, 2}));
  // REPORT: t.cpp:[[@LINE-1]]:16: specialized: new Point -> alloc_noscan_sc1<Point> (8 B, class 1)
  // CHECK-FIXES: {{^}}  return KEEP((new (::sizespec::alloc_noscan_sc1<Point>) Point{1, 2}));{{$}}
}

Point *argumentParens() {
  return KEEP(new Point());
  // REPORT: t.cpp:[[@LINE-1]]:15: specialized: new Point -> alloc_noscan_sc1<Point> (8 B, class 1)
  // CHECK-FIXES: {{^}}  return KEEP(new (::sizespec::alloc_noscan_sc1<Point>) Point());{{$}}
}
