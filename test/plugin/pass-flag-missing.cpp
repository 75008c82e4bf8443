// Clang 22 loads pass plugins before any frontend plugin runs: without
// -fpass-plugin= the plugin cannot add its passes, says so once, and reports
// every site as not specialized. The program is compiled as without it.
// REQUIRES: pass-plugin-needs-flag
// RUN: %clangxx -fplugin=%plugin -fplugin-arg-sizespec-report -O2 -S -emit-llvm %s -o %t.ll 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=specialized:
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// CHECK: warning: sizespec: Clang 22 loads pass plugins before this plugin runs, so no site is specialized; add -fpass-plugin={{.*}}sizespec-plugin.so
// CHECK: pass-flag-missing.cpp:[[#@LINE+3]]:{{[0-9]+}}: not specialized: new Point (24 B): the plugin's LLVM pass is not loaded (add -fpass-plugin=)
// IR: call {{.*}} @_Znwm(i64 noundef 24)
struct Point { long X, Y, Z; };
Point *make() { return new Point{1, 2, 3}; }
