// `new (std::nothrow)` takes the nothrow routine, whose placement operator
// new is noexcept, so the result is still checked for null; `::new` keeps
// its `::`.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++17 -I%runtime_include
// RUN: %rewrite -p %t --apply %t/t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t/t.cpp
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I%runtime_include %t/t.cpp
// RUN: %clangxx -std=c++17 -S -emit-llvm -O0 -I%runtime_include %t/t.cpp -o - | FileCheck %s --check-prefix=IR

#include <new>

struct Node {
  Node *Next;
  int Value;
};

Node *nothrow() {
  return new (std::nothrow) Node{nullptr, 1};
  // CHECK-FIXES: {{^}}  return new (::sizespec::alloc_scan_sc2<Node>, std::nothrow) Node{nullptr, 1};{{$}}
}
// The null check the nothrow form needs is still there.
// IR-LABEL: define {{.*}} @_Z7nothrowv()
// IR: call {{.*}} @_ZnwmPFPvmRKSt9nothrow_t{{.*}}(
// IR: icmp {{eq|ne}} ptr

Node *global() {
  return ::new Node{nullptr, 2};
  // CHECK-FIXES: {{^}}  return ::new (::sizespec::alloc_scan_sc2<Node>) Node{nullptr, 2};{{$}}
}

Node *globalNothrow() {
  return ::new (std::nothrow) Node();
  // CHECK-FIXES: {{^}}  return ::new (::sizespec::alloc_scan_sc2<Node>, std::nothrow) Node();{{$}}
}

Node *spaced() {
  return ::  new ( std::nothrow ) Node;
  // CHECK-FIXES: {{^}}  return ::  new (::sizespec::alloc_scan_sc2<Node>,  std::nothrow ) Node;{{$}}
}
