// The compile-time listing (-fplugin-arg-sizespec-report) says what runs:
// when the passes run in the compile, each site is listed once, after
// lowering, with the verdict sizespec-report gives the object. At -O2 the
// optimizer deletes the pairs of f and g, and the listing says so; at -O0
// it deletes nothing. Without codegen (-fsyntax-only) the front end's
// verdicts are all there is.
// RUN: %sizespec -O2 -c -fplugin-arg-sizespec-report %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O2 --implicit-check-not=specialized --implicit-check-not=optimizer
// RUN: %sizespec -O0 -c -fplugin-arg-sizespec-report %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O0 --implicit-check-not=specialized --implicit-check-not=optimizer
// RUN: %sizespec -O2 -S -emit-llvm -fplugin-arg-sizespec-report %s -o %t.ll 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O2 --implicit-check-not=specialized --implicit-check-not=optimizer
// RUN: %sizespec -O2 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O0 --implicit-check-not=specialized --implicit-check-not=optimizer
// test/tools/report-matches-plugin.test checks that sizespec-report on the
// object words each line the same.
struct Point { double X, Y, Z; };
struct Big { char Bytes[2000]; };

int f() {
  Point *P = new Point{1, 2, 3};
  // O2: listing-verdicts.cpp:[[@LINE-1]]:14: removed by the optimizer: new Point (24 B, class 3)
  // O0: listing-verdicts.cpp:[[@LINE-2]]:14: specialized: new Point -> alloc_noscan_sc3<Point> (24 B, class 3)
  int R = P->X;
  delete P;
  return R;
}

int g() {
  int *Q = new int(3);
  // O2: :[[@LINE-1]]:12: removed by the optimizer: new int (4 B, tiny)
  // O0: :[[@LINE-2]]:12: specialized: new int -> alloc_noscan_tiny<int> (4 B, tiny)
  int R = *Q;
  delete Q;
  return R;
}

Point *h() { return new Point{1, 2, 3}; }
// O2: :[[@LINE-1]]:21: specialized: new Point -> alloc_noscan_sc3<Point> (24 B, class 3)
// O0: :[[@LINE-2]]:21: specialized: new Point -> alloc_noscan_sc3<Point> (24 B, class 3)

Big *k() { return new Big; }
// O2: :[[@LINE-1]]:19: not specialized: new Big (2000 B): size above 1024 B limit by 976 B
// O0: :[[@LINE-2]]:19: not specialized: new Big (2000 B): size above 1024 B limit by 976 B
