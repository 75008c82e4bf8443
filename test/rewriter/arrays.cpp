// Arrays with a constant count name the routine with the array type; the
// size the routine gets includes the array cookie, as it did before.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++17 -I%runtime_include
// RUN: %rewrite -p %t %t/t.cpp | FileCheck %s --check-prefix=REPORT
// RUN: %rewrite -p %t --apply %t/t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t/t.cpp
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I%runtime_include %t/t.cpp

struct Tracked {
  ~Tracked() {}
  int Value;
};
constexpr int Four = 4;

void arrays(int N) {
  int *Ints = new int[4]{1, 2};
  // CHECK-FIXES: {{^}}  int *Ints = new (::sizespec::alloc_noscan_sc2<int[4]>) int[4]{1, 2};{{$}}
  int *Named = new int[Four];
  // CHECK-FIXES: {{^}}  int *Named = new (::sizespec::alloc_noscan_sc2<int[4]>) int[Four];{{$}}
  Tracked *Cookie = new Tracked[3];
  // CHECK-FIXES: {{^}}  Tracked *Cookie = new (::sizespec::alloc_noscan_sc3<Tracked[3]>) Tracked[3];{{$}}
  // REPORT: t.cpp:[[@LINE-2]]:21: specialized: new Tracked[3] -> alloc_noscan_sc3<Tracked[3]> (20 B, class 3)
  int *Runtime = new int[N];
  // CHECK-FIXES: {{^}}  int *Runtime = new int[N];{{$}}
  // REPORT: t.cpp:[[@LINE-2]]:18: not specialized: new int[]: array count not a constant
  int (*Grid)[2] = new int[2][2];
  // FIXME: a multi-dimensional array needs its bound spliced into the type.
  // CHECK-FIXES: {{^}}  int (*Grid)[2] = new int[2][2];{{$}}
  // REPORT: t.cpp:[[@LINE-3]]:20: note: not rewritten: the allocated type cannot be named at the site [type_not_spellable]
  delete[] Ints;
  delete[] Named;
  delete[] Cookie;
  delete[] Runtime;
  delete[] Grid;
}
