// Each form of initialization keeps its text, and so its meaning: only a
// placement argument naming the routine is added after `new`.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++20 -I%runtime_include
// RUN: %rewrite -p %t --apply %t/t.cpp 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t/t.cpp
// RUN: %clangxx -std=c++20 -Wall -Wextra -Werror -fsyntax-only -I%runtime_include %t/t.cpp
// SUMMARY: sizespec-rewrite: 10 sites rewritten in 1 file

#include <new>
// CHECK-FIXES: {{^}}#include <new>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <sizespec/rewrite.h>{{$}}

struct Point {
  int X, Y;
};
struct Pair {
  Point A, B;
};
struct Named {
  Named(int V) : V(V) {}
  long V;
};

void forms(int V) {
  Point *Default = new Point;
  // CHECK-FIXES: {{^}}  Point *Default = new (::sizespec::alloc_noscan_sc1<Point>) Point;{{$}}
  Point *Value = new Point();
  // CHECK-FIXES: {{^}}  Point *Value = new (::sizespec::alloc_noscan_sc1<Point>) Point();{{$}}
  Named *Direct = new Named(V);
  // CHECK-FIXES: {{^}}  Named *Direct = new (::sizespec::alloc_noscan_sc1<Named>) Named(V);{{$}}
  Point *List = new Point{1, 2};
  // CHECK-FIXES: {{^}}  Point *List = new (::sizespec::alloc_noscan_sc1<Point>) Point{1, 2};{{$}}
  Point *Empty = new Point{};
  // CHECK-FIXES: {{^}}  Point *Empty = new (::sizespec::alloc_noscan_sc1<Point>) Point{};{{$}}
  Pair *Nested = new Pair{{1, 2}, {3, 4}};
  // CHECK-FIXES: {{^}}  Pair *Nested = new (::sizespec::alloc_noscan_sc2<Pair>) Pair{{[{][{]}}1, 2}, {3, 4}};{{$}}
  Point *Designated = new Point{.X = 1, .Y = V};
  // CHECK-FIXES: {{^}}  Point *Designated = new (::sizespec::alloc_noscan_sc1<Point>) Point{.X = 1, .Y = V};{{$}}
  Point *ParenAggregate = new Point(1, 2);
  // CHECK-FIXES: {{^}}  Point *ParenAggregate = new (::sizespec::alloc_noscan_sc1<Point>) Point(1, 2);{{$}}
  Point *ParenType = new (Point){5, 6};
  // CHECK-FIXES: {{^}}  Point *ParenType = new (::sizespec::alloc_noscan_sc1<Point>) (Point){5, 6};{{$}}
  Point *Spaced = new   Point   {7, 8};
  // CHECK-FIXES: {{^}}  Point *Spaced = new (::sizespec::alloc_noscan_sc1<Point>)   Point   {7, 8};{{$}}
  delete Default;
  delete Value;
  delete Direct;
  delete List;
  delete Empty;
  delete Nested;
  delete Designated;
  delete ParenAggregate;
  delete ParenType;
  delete Spaced;
}
