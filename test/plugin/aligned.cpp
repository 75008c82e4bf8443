// Over-aligned types: in C++17 and later their sites pass std::align_val_t,
// and take the routine overload that accepts it; the class gives the
// alignment (sc4: 32 B, sc6: 64 B).
// RUN: %sizespec -std=c++17 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - \
// RUN:   | FileCheck %s --implicit-check-not=@_ZnwmSt11align_val_t
// RUN: %sizespec -std=c++14 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - \
// RUN:   | FileCheck %s --check-prefix=CXX14
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPORT
#include <new>

struct alignas(64) Line {
  char Bytes[40];
};
struct alignas(32) Vec4 {
  double V[4];
};

Line *line() { return new Line; }
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 64, i64 noundef 64)
// CXX14-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 64)
// REPORT-DAG: aligned.cpp:[[@LINE-3]]:23: specialized: new Line -> alloc_noscan_sc6<Line> (64 B, class 6)
Vec4 *vec() { return new (std::nothrow) Vec4; }
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_tRKSt9nothrow_t(i64 noundef 32, i64 noundef 32,
// CXX14-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmRKSt9nothrow_t(i64 noundef 32,
// REPORT-DAG: aligned.cpp:[[@LINE-3]]:22: specialized: new (std::nothrow) Vec4 -> alloc_noscan_sc4<Vec4> (32 B, class 4)
Vec4 *two() { return new Vec4[2]; }
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail17site_array_noscanEmSt11align_val_t(i64 noundef 64, i64 noundef 32)
// REPORT-DAG: aligned.cpp:[[@LINE-2]]:22: specialized: new Vec4[2] -> alloc_noscan_sc6<Vec4[2]> (64 B, class 6)
