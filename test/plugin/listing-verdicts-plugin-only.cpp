// The compile-time listing with -fplugin= alone, where the plugin adds its
// own passes to the compile (Clang 19): each site once, with its final
// verdict, as with both flags (listing-verdicts.cpp). Clang 22 cannot run
// the passes then, and says so once (pass-flag-missing.cpp).
// UNSUPPORTED: pass-plugin-needs-flag
// RUN: %clangxx -fplugin=%plugin -isystem %runtime_include \
// RUN:   -include sizespec/site_markers.h -O2 -c \
// RUN:   -fplugin-arg-sizespec-report %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O2 --implicit-check-not=specialized --implicit-check-not=optimizer
// RUN: %clangxx -fplugin=%plugin -isystem %runtime_include \
// RUN:   -include sizespec/site_markers.h -O0 -c \
// RUN:   -fplugin-arg-sizespec-report %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O0 --implicit-check-not=specialized --implicit-check-not=optimizer
struct Point { double X, Y, Z; };

int f() {
  Point *P = new Point{1, 2, 3};
  // O2: listing-verdicts-plugin-only.cpp:[[@LINE-1]]:14: removed by the optimizer: new Point (24 B, class 3)
  // O0: listing-verdicts-plugin-only.cpp:[[@LINE-2]]:14: specialized: new Point -> alloc_noscan_sc3<Point> (24 B, class 3)
  int R = P->X;
  delete P;
  return R;
}

Point *h() { return new Point{1, 2, 3}; }
// O2: :[[@LINE-1]]:21: specialized: new Point -> alloc_noscan_sc3<Point> (24 B, class 3)
// O0: :[[@LINE-2]]:21: specialized: new Point -> alloc_noscan_sc3<Point> (24 B, class 3)
