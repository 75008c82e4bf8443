// A site in a header appears once per translation unit, however often the
// header is included and its functions used; a template in a header is
// decided per instantiation.
// RUN: %sizespec -I%S/Inputs -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=shapes.h
// CHECK-DAG: shapes.h:5:38: specialized: new Square -> alloc_noscan_sc1<Square> (8 B, class 1)
// CHECK-DAG: shapes.h:6:44: specialized: new Square -> alloc_noscan_sc1<Square> (8 B, class 1)
// CHECK-DAG: shapes.h:6:44: specialized: new Circle -> alloc_noscan_sc2<Circle> (16 B, class 2)
#include "shapes.h"
#include "shapes.h"

struct Circle { double X, R; };

void a() { delete makeSquare(); delete makeShape<Square>(); }
void b() { delete makeSquare(); delete makeShape<Circle>(); }
