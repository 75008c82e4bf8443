// What the plugin injects into every translation unit uses reserved names
// only, as the standard library's headers do: a project's macros named like
// a parameter, a local, a member or an attribute do not break it. Each name
// below was one in the runtime's headers (`-DSize=1` broke every file).
// (No standard header here beyond those the runtime includes: libstdc++'s
// <memory> itself breaks on `-Dsize=1`.)
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report \
// RUN:   -DSize=1 -Dsize=1 -DT=1 -DC=1 -DB=1 -DP=1 -DX=1 -DScan=1 -DBin=1 \
// RUN:   -DAlign=1 -DArray=1 -DNothrow=1 -DName=1 -DTag=1 -DHead=1 -DTC=1 \
// RUN:   -Dnext=1 -Dalloc=1 -Dfreed=1 -Dfree_budget=1 -Dgeneric=1 \
// RUN:   -Dstate=1 -Dcall=1 -Dof=1 -Dp=1 -Dalways_inline=1 -Dnoinline=1 \
// RUN:   -Dcold=1 -Dvisibility=1 -Dtls_model=1 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// The same in C++11, where the header must also compile.
// RUN: %sizespec -std=c++11 -fsyntax-only -DSize=1 -DT=1 -DC=1 -Dnext=1 \
// RUN:   -Dalloc=1 -Dcold=1 %s 2>&1 | count 0

struct Point {
  double X_, Y_, Z_;
};
struct alignas(32) Wide {
  double V[4];
};

Point *make() { return new Point; }
// CHECK: user-macros.cpp:[[@LINE-1]]:24: specialized: new Point -> alloc_noscan_sc3<Point> (24 B, class 3)
Wide *wide() { return new Wide; }
// CHECK: user-macros.cpp:[[@LINE-1]]:23: specialized: new Wide -> alloc_noscan_sc4<Wide> (32 B, class 4)
