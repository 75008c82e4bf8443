; MarkSitesPass alone: each call of a marker (<sizespec/site_markers.h>)
; becomes the call of the operator new it stands for, with the attributes
; Clang gives a new-expression's call (builtin: the optimizer may delete
; it), tagged with the site's kind, the module's limit from the stamp and
; its index in the module's ledger of sites, which says where it is and what
; it allocates. Other calls are left alone.
; RUN: %opt -passes=sizespec-mark-sites -S %s | FileCheck %s
; RUN: %opt -passes=sizespec-mark-sites -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: 3 sizespec - Marker calls turned back into tagged operator new calls

@__sizespec_stamp = internal constant [73 x i8] c"sizespec-stamp v=1 plugin=0.1.0 clang=19.1.7 off=0 max=80 sanitizer=none\00", section ".sizespec.stamp"

declare ptr @_ZN8sizespec6detail15site_new_noscanEm(i64)
declare ptr @_ZN8sizespec6detail13site_new_scanEmRKSt9nothrow_t(i64, ptr)
declare ptr @_ZN8sizespec6detail17site_array_noscanEmSt11align_val_t(i64, i64)
declare ptr @malloc(i64)

define ptr @plain() {
  %p = call ptr @_ZN8sizespec6detail15site_new_noscanEm(i64 24)
  ret ptr %p
}
; CHECK-LABEL: define ptr @plain()
; CHECK-NEXT: %p = call noalias ptr @_Znwm(i64 24) #[[CALL:[0-9]+]] [ "sizespec"(i1 false, i64 80, i64 0) ]{{$}}

define ptr @nothrow(ptr %tag) {
  %p = call ptr @_ZN8sizespec6detail13site_new_scanEmRKSt9nothrow_t(i64 16, ptr %tag)
  ret ptr %p
}
; CHECK-LABEL: define ptr @nothrow(
; CHECK-NEXT: %p = call noalias ptr @_ZnwmRKSt9nothrow_t(i64 16, ptr %tag) #[[CALL]] [ "sizespec"(i1 true, i64 80, i64 1) ]{{$}}

define ptr @array_aligned() {
  %p = call ptr @_ZN8sizespec6detail17site_array_noscanEmSt11align_val_t(i64 128, i64 64)
  ret ptr %p
}
; CHECK-LABEL: define ptr @array_aligned()
; CHECK-NEXT: %p = call noalias ptr @_ZnamSt11align_val_t(i64 128, i64 64) #[[CALL]] [ "sizespec"(i1 false, i64 80, i64 2) ]{{$}}

define ptr @not_a_marker() {
  %p = call ptr @malloc(i64 24)
  ret ptr %p
}
; CHECK-LABEL: define ptr @not_a_marker()
; CHECK-NEXT: %p = call ptr @malloc(i64 24)
; CHECK-NEXT: ret ptr %p

; The markers are gone; each operator new is declared as Clang declares it.
; CHECK-NOT: site_new
; CHECK-DAG: declare nonnull ptr @_Znwm(i64) #[[DECL:[0-9]+]]
; CHECK-DAG: declare ptr @_ZnwmRKSt9nothrow_t(i64, ptr) #[[DECL]]
; CHECK-DAG: attributes #[[DECL]] = { nobuiltin allocsize(0) }
; CHECK-DAG: attributes #[[CALL]] = { builtin allocsize(0) }
; Function, scope, line, column (no debug info here), scan, form bits
; (1 array, 2 aligned, 4 nothrow), size.
; CHECK-DAG: !sizespec.sites = !{![[SITE1:[0-9]+]], ![[SITE2:[0-9]+]], ![[SITE3:[0-9]+]]}
; CHECK-DAG: ![[SITE1]] = !{!"plain", null, i32 0, i32 0, i1 false, i32 0, i64 24}
; CHECK-DAG: ![[SITE2]] = !{!"nothrow", null, i32 0, i32 0, i1 true, i32 4, i64 16}
; CHECK-DAG: ![[SITE3]] = !{!"array_aligned", null, i32 0, i32 0, i1 false, i32 3, i64 128}
