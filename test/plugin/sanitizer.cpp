// Under a sanitizer the plugin specializes nothing, says so once, and
// reports every site with the reason.
// RUN: %sizespec -fsanitize=address -fplugin-arg-sizespec-report \
// RUN:   -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: %sizespec -fsanitize=thread -fplugin-arg-sizespec-report \
// RUN:   -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=TSAN
// RUN: %sizespec -fsanitize=address -c %s -o %t.o
// RUN: llvm-readelf -p .sizespec.stamp %t.o | FileCheck %s --check-prefix=STAMP
// Undefined-behaviour checks do not touch allocation: specialization stays on.
// RUN: %sizespec -fsanitize=undefined -fplugin-arg-sizespec-report \
// RUN:   -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=UBSAN

// ASAN-COUNT-1: remark: sizespec: specialization is off with -fsanitize=address; sites are reported as not specialized
// ASAN-NOT: remark:
// ASAN: sanitizer.cpp:[[@LINE+8]]:24: not specialized: new Point (24 B): a sanitizer is enabled (address)
// ASAN: sanitizer.cpp:[[@LINE+8]]:21: not specialized: new int (4 B): a sanitizer is enabled (address)
// TSAN: remark: sizespec: specialization is off with -fsanitize=thread
// TSAN: sanitizer.cpp:[[@LINE+5]]:24: not specialized: new Point (24 B): a sanitizer is enabled (thread)
// STAMP: sizespec-stamp v=1 plugin={{[0-9.]+}} clang={{[0-9.]+}} off=0 max=1024 sanitizer=address
// UBSAN-NOT: remark:
// UBSAN: sanitizer.cpp:[[@LINE+2]]:24: specialized: new Point -> alloc_noscan_sc3<Point> (24 B, class 3)
struct Point { double X, Y, Z; };
Point *make() { return new Point; }
int *one() { return new int; }
