// Every allocation form the plugin specializes, and the line it reports.
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 \
// RUN:   | not grep 'new_allocator.h.*make_shared'
#include <memory>
#include <new>
#include <vector>

struct Point {
  double X, Y, Z;
};
struct Node {
  Node *Next;
  int Value;
};
struct Tracked {
  ~Tracked() {}
  int Value;
};

void forms() {
  Point *P = new Point;
  // CHECK-DAG: forms.cpp:[[@LINE-1]]:14: specialized: new Point -> alloc_noscan_sc3<Point> (24 B, class 3)
  Node *N = new (std::nothrow) Node;
  // CHECK-DAG: forms.cpp:[[@LINE-1]]:13: specialized: new (std::nothrow) Node -> alloc_scan_sc2<Node> (16 B, class 2)
  int *A = new int[5];
  // CHECK-DAG: forms.cpp:[[@LINE-1]]:12: specialized: new int[5] -> alloc_noscan_sc3<int[5]> (20 B, class 3)
  // A non-trivially-destructible element type adds the 8-byte array cookie.
  Tracked *T = new Tracked[3];
  // CHECK-DAG: forms.cpp:[[@LINE-1]]:16: specialized: new Tracked[3] -> alloc_noscan_sc3<Tracked[3]> (20 B, class 3)
  auto U = std::make_unique<Point>();
  // CHECK-DAG: forms.cpp:[[@LINE-1]]:17: specialized: make_unique<Point> -> alloc_noscan_sc3<Point> (24 B, class 3)
  auto S = std::make_shared<Point>();
  // The control block holds a vtable pointer: scan, whatever T is. The site
  // is inside libstdc++; it is listed at the call.
  // CHECK-DAG: forms.cpp:[[@LINE-3]]:17: specialized: make_shared<Point> -> alloc_scan_sc5<std::_Sp_counted_ptr_inplace<Point, std::allocator<void>, __gnu_cxx::_S_atomic>> (40 B, class 5)
  // A container's allocation is inside libstdc++ too: it is listed at the
  // first place in user code that reaches it, here the declaration.
  std::vector<long> V(3);
  // CHECK-DAG: forms.cpp:[[@LINE-1]]:21: specialized: allocator<long> -> alloc_noscan<long> (runtime size)
  std::vector<Node *> W(3);
  // CHECK-DAG: forms.cpp:[[@LINE-1]]:23: specialized: allocator<Node *> -> alloc_scan<Node *> (runtime size)
  delete P;
  delete N;
  delete[] A;
  delete[] T;
}
