// std::make_unique<T>(args) and std::make_shared<T>(args) become the
// sizespec helpers, which initialize exactly as the standard ones do.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++17 -I%runtime_include
// RUN: %rewrite -p %t %t/t.cpp | FileCheck %s --check-prefix=REPORT
// RUN: %rewrite -p %t --apply %t/t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t/t.cpp
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I%runtime_include %t/t.cpp

#include <memory>
#include <vector>

struct Point {
  Point(int X, int Y) : X(X), Y(Y) {}
  int X, Y;
};
struct Node {
  Node *Next = nullptr;
};

void smart(int N) {
  auto U = std::make_unique<Point>(1, 2);
  // CHECK-FIXES: {{^}}  auto U = ::sizespec::make_unique<Point>(::sizespec::alloc_noscan_sc1<Point>, 1, 2);{{$}}
  // REPORT: t.cpp:[[@LINE-2]]:17: specialized: make_unique<Point> -> alloc_noscan_sc1<Point> (8 B, class 1)
  // Under 16 bytes but for 8, pointer-free: the tiny routine.
  auto T = std::make_unique<short>(7);
  // CHECK-FIXES: {{^}}  auto T = ::sizespec::make_unique<short>(::sizespec::alloc_noscan_tiny<short>, 7);{{$}}
  // REPORT: t.cpp:[[@LINE-2]]:17: specialized: make_unique<short> -> alloc_noscan_tiny<short> (2 B, tiny)
  auto V = std::make_unique<Node>();
  // CHECK-FIXES: {{^}}  auto V = ::sizespec::make_unique<Node>(::sizespec::alloc_scan_sc1<Node>);{{$}}
  auto S = std::make_shared<Point>(3, 4);
  // CHECK-FIXES: {{^}}  auto S = ::sizespec::make_shared<Point>(3, 4);{{$}}
  // REPORT: t.cpp:[[@LINE-2]]:17: specialized: make_shared<Point> -> alloc_scan_sc3<
  std::unique_ptr<std::vector<int>> W = std::make_unique<std::vector<int>>();
  // CHECK-FIXES: {{^}}  std::unique_ptr<std::vector<int>> W = ::sizespec::make_unique<std::vector<int>>(::sizespec::alloc_scan_sc3<std::vector<int>>);{{$}}
  auto A = std::make_unique<int[]>(N);
  // CHECK-FIXES: {{^}}  auto A = std::make_unique<int[]>(N);{{$}}
  using namespace std;
  auto Unqualified = make_unique<Point>(5, 6);
  // CHECK-FIXES: {{^}}  auto Unqualified = ::sizespec::make_unique<Point>(::sizespec::alloc_noscan_sc1<Point>, 5, 6);{{$}}
}
