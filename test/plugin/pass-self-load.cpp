// Clang 19 needs no -fpass-plugin=: the plugin adds its own file to the
// compile's pass plugins, so -fplugin= alone specializes.
// UNSUPPORTED: pass-plugin-needs-flag
// RUN: %clangxx -fplugin=%plugin -O2 -S -emit-llvm %s -o - | FileCheck %s --implicit-check-not=site_new
// With the flag set's -fpass-plugin= as well, the passes run once, even
// where the two flags name the file by different paths.
// RUN: %clangxx -fplugin=%plugin -fpass-plugin=%plugin -O2 -S -emit-llvm %s \
// RUN:   -o /dev/null -Xclang -fdebug-pass-manager 2>&1 | FileCheck %s --check-prefix=ONCE
// RUN: rm -rf %t && mkdir -p %t && ln -s %plugin %t/link.so
// RUN: %clangxx -fplugin=%t/link.so -fpass-plugin=%plugin -O2 -S -emit-llvm %s \
// RUN:   -o /dev/null -Xclang -fdebug-pass-manager 2>&1 | FileCheck %s --check-prefix=ONCE
struct Point { long X, Y, Z; };
// CHECK: call ptr @_ZN8sizespec6detail12alloc_refillEjm(i32 4, i64 24)
// ONCE-COUNT-1: Running pass: sizespec::MarkSitesPass
// ONCE-NOT: Running pass: sizespec::MarkSitesPass
// ONCE-COUNT-1: Running pass: sizespec::LowerSitesPass
// ONCE-NOT: Running pass: sizespec::LowerSitesPass
Point *make() { return new Point{1, 2, 3}; }
