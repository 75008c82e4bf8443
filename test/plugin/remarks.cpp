// What the late passes did, as optimization remarks at each site's line:
// -Rpass=sizespec for what they lowered or what the optimizer removed,
// -Rpass-missed=sizespec for what they left as a call; the same in
// -fsave-optimization-record's YAML, and the counts under -mllvm -stats.
// RUN: %sizespec -std=c++17 -O2 -c %s -o %t.o -Rpass=sizespec -Rpass-missed=sizespec 2>&1 | FileCheck %s
// RUN: %sizespec -std=c++17 -O2 -c %s -o %t.o -fsave-optimization-record -foptimization-record-file=%t.yaml
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml
// RUN: %sizespec -std=c++17 -O2 -c %s -o %t.o -mllvm -stats 2>&1 | FileCheck %s --check-prefix=STATS
#include <cstddef>
#include <memory>

struct Point {
  double X, Y, Z;
};

Point *volatile Sink;

void kept() {
  Sink = new Point{1, 2, 3};
  // CHECK-DAG: remarks.cpp:[[@LINE-1]]:10: remark: allocation of 24 B lowered inline to the fast path of class 3 (noscan) [-Rpass=sizespec]
}

// The allocator's size is a constant only once inlined (2400 B here); its
// remarks are at the allocation in the standard library's header, as an
// inlined call's are.
Point *too_big() { return std::allocator<Point>().allocate(100); }
// CHECK-DAG: {{.*}}: remark: allocation of 2400 B left as a call of operator new: above the 1024 B limit [-Rpass-missed=sizespec]

Point *runtime_size(std::size_t N) { return std::allocator<Point>().allocate(N); }
// CHECK-DAG: {{.*}}: remark: allocation of a run-time size sent to the noscan generic path [-Rpass=sizespec]

double removed() {
  // Its memory never escapes: Clang's optimizer deletes the pair, with and
  // without the plugin.
  Point *P = new Point{4, 5, 6};
  // CHECK-DAG: remarks.cpp:[[@LINE-1]]:14: remark: allocation removed by the optimizer (in _Z7removedv) [-Rpass=sizespec]
  double X = P->X;
  delete P;
  return X;
}

// Inlined where a destructor must run, the call becomes an invoke, which
// drops call-site metadata: the site is still found (its index travels in
// the call's bundle), lowered, and not called removed.
struct Guard {
  ~Guard();
};
inline Point *makePoint() { return new Point{7, 8, 9}; }
Point *guarded() {
  Guard G;
  return makePoint();
}
// CHECK-DAG: remarks.cpp:[[@LINE-5]]:36: remark: allocation of 24 B lowered inline to the fast path of class 3 (noscan) [-Rpass=sizespec]
// RUN: %sizespec -std=c++17 -O2 -c %s -o %t.o -Rpass=sizespec 2>&1 | FileCheck %s --check-prefix=INVOKE
// INVOKE-NOT: removed by the optimizer (in _Z9makePointv)

void freed(Point *P) {
  delete P;
  // CHECK-DAG: remarks.cpp:[[@LINE-1]]:3: remark: operator delete of 24 B given the runtime's free inline [-Rpass=sizespec]
}

// YAML: Pass: sizespec
// YAML-DAG: Name: Lowered
// YAML-DAG: Name: LeftAsCall
// YAML-DAG: Name: Generic
// YAML-DAG: Name: Removed
// YAML-DAG: Name: InlineFree

// STATS: sizespec Statistics Collected
// STATS-DAG: {{[0-9]+}} sizespec - Marker calls turned back into tagged operator new calls
// STATS-DAG: 2 sizespec - Tagged calls given their class's inline fast path
// STATS-DAG: 1 sizespec - Tagged calls of a run-time size sent to the generic path
// STATS-DAG: 1 sizespec - Tagged calls left as operator new calls
// STATS-DAG: {{[0-9]+}} sizespec - Specialized sites the optimizer removed before lowering
// STATS-DAG: 1 sizespec - Sized operator delete calls given the free inline
