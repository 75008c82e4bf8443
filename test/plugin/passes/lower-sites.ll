; LowerSitesPass alone, on what MarkSitesPass leaves once the optimizer has
; run: each tagged operator new call gets its class's inline fast path (a
; pop of the thread's free list, alloc_refill behind it), the tiny path, the
; generic path of its kind (a run-time size), or stays a call (above the
; limit, over-aligned); every call loses its tag. A site of the module's
; ledger with no call left was removed by the optimizer. Each outcome is a
; remark at the site, and all of them the lowered record, in the records
; section after the front end's (Outcome.h).
; RUN: %opt -passes=sizespec-lower-sites -S %s | FileCheck %s
; RUN: %opt -passes=sizespec-lower-sites -disable-output -pass-remarks=sizespec -pass-remarks-missed=sizespec %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=sizespec-lower-sites -disable-output -stats %s 2>&1 | FileCheck %s --check-prefix=STATS

; REMARK-DAG: remark: a.cc:10:3: allocation of 24 B lowered inline to the fast path of class 3 (noscan)
; REMARK-DAG: remark: a.cc:20:3: allocation of 4 B packed inline into the tiny path's 32-byte blocks
; REMARK-DAG: remark: a.cc:30:3: allocation of 2000 B left as a call of operator new: above the 1024 B limit
; REMARK-DAG: remark: a.cc:40:3: allocation of 24 B left as a call of operator new: alignment beyond class 3's
; REMARK-DAG: remark: a.cc:50:3: allocation of a run-time size sent to the scan generic path
; REMARK-DAG: remark: a.cc:60:3: allocation removed by the optimizer (in gone)

; STATS-DAG: 1 sizespec - Tagged calls given their class's inline fast path
; STATS-DAG: 1 sizespec - Tagged calls given the tiny path inline
; STATS-DAG: 1 sizespec - Tagged calls of a run-time size sent to the generic path
; STATS-DAG: 2 sizespec - Tagged calls left as operator new calls
; STATS-DAG: 1 sizespec - Specialized sites the optimizer removed before lowering

define ptr @class3() !dbg !10 {
  %p = call noalias ptr @_Znwm(i64 24) #0 [ "sizespec"(i1 false, i64 1024, i64 0) ], !dbg !11
  ret ptr %p
}
; CHECK-LABEL: define ptr @class3()
; CHECK: %[[TLS:.*]] = call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @_ZN8sizespec6detail9tls_cacheE)
; CHECK-NEXT: %sizespec.slot = getelementptr inbounds i8, ptr %[[TLS]], i64 56
; CHECK-NEXT: %head = load i64, ptr %sizespec.slot, align 8
; CHECK-NEXT: %inverse.slot = getelementptr inbounds i8, ptr %[[TLS]], i64 16
; CHECK-NEXT: %inverse = load i64, ptr %inverse.slot, align 8
; CHECK-NEXT: %bound.slot = getelementptr inbounds i8, ptr %[[TLS]], i64 0
; CHECK-NEXT: %bound = load i64, ptr %bound.slot, align 8
; CHECK-NEXT: %obj = mul i64 %head, %inverse
; CHECK-NEXT: %[[EMPTY:.*]] = icmp uge i64 %obj, %bound
; CHECK-NEXT: br i1 %[[EMPTY]], label %sizespec.refill, label %sizespec.fast
; CHECK: sizespec.fast:
; CHECK-NEXT: %obj.ptr = inttoptr i64 %obj to ptr
; CHECK-NEXT: %next = load i64, ptr %obj.ptr, align 8
; CHECK-NEXT: store i64 %next, ptr %sizespec.slot, align 8
; CHECK: sizespec.refill:
; CHECK-NEXT: call ptr @_ZN8sizespec6detail12alloc_refillEjm(i32 4, i64 24)
; CHECK-NOT: "sizespec"(

define ptr @tiny() !dbg !20 {
  %p = call noalias ptr @_Znwm(i64 4) #0 [ "sizespec"(i1 false, i64 1024, i64 1) ], !dbg !21
  ret ptr %p
}
; CHECK-LABEL: define ptr @tiny()
; CHECK: call ptr @_ZN8sizespec6detail17alloc_tiny_refillEjm(i32 0, i64 4)

define ptr @above() !dbg !30 {
  %p = call noalias ptr @_Znwm(i64 2000) #0 [ "sizespec"(i1 false, i64 1024, i64 2) ], !dbg !31
  ret ptr %p
}
; CHECK-LABEL: define ptr @above()
; CHECK-NEXT: %p = call noalias ptr @_Znwm(i64 2000) #[[BUILTIN:[0-9]+]], !dbg
; CHECK-NEXT: ret ptr %p

define ptr @overaligned() !dbg !40 {
  %p = call noalias ptr @_ZnwmSt11align_val_t(i64 24, i64 64) #0 [ "sizespec"(i1 false, i64 1024, i64 3) ], !dbg !41
  ret ptr %p
}
; CHECK-LABEL: define ptr @overaligned()
; CHECK-NEXT: %p = call noalias ptr @_ZnwmSt11align_val_t(i64 24, i64 64) #[[BUILTIN]], !dbg

define ptr @runtime(i64 %n) !dbg !50 {
  %p = call noalias ptr @_Znwm(i64 %n) #0 [ "sizespec"(i1 true, i64 1024, i64 4) ], !dbg !51
  ret ptr %p
}
; CHECK-LABEL: define ptr @runtime(
; CHECK-NEXT: %p = call noalias ptr @_ZN8sizespec6detail18alloc_generic_scanEm(i64 %n)

; The ledger goes with the tags; the outcomes go to the object, in order of
; the ledger.
; CHECK-NOT: !sizespec.sites
; RUN: %opt -passes=sizespec-lower-sites %s -o %t.bc
; RUN: llc -filetype=obj %t.bc -o %t.o
; RUN: llvm-objcopy --dump-section=.sizespec.sites=%t.bin %t.o
; RUN: FileCheck %s --check-prefix=RECORD < %t.bin
; RECORD: sizespec-lowered v=1 encoding=none stored={{[0-9]+}} raw={{[0-9]+}}
; RECORD-NEXT: {"locations":true,"sites":[
; RECORD-SAME: {"aligned":false,"calls":[{"class":3,"count":1,"how":"lowered","inlined_at":[],"size":24,"why":null}],"column":3,"file":"a.cc","form":"new","function":"class3","line":10,"nothrow":false,"scan":false,"size":24},
; RECORD-SAME: {"aligned":false,"calls":[{"class":1,"count":1,"how":"tiny","inlined_at":[],"size":4,"why":null}],{{[^{]*}}"function":"tiny"
; RECORD-SAME: {"aligned":false,"calls":[{"class":null,"count":1,"how":"call","inlined_at":[],"size":2000,"why":"2000 B: above the 1024 B limit"}],{{[^{]*}}"function":"above"
; RECORD-SAME: {"aligned":true,"calls":[{"class":null,"count":1,"how":"call","inlined_at":[],"size":24,"why":"alignment beyond class 3's"}],{{[^{]*}}"function":"overaligned"
; RECORD-SAME: {"aligned":false,"calls":[{"class":null,"count":1,"how":"generic","inlined_at":[],"size":null,"why":null}],{{[^{]*}}"function":"runtime",{{[^{]*}}"scan":true,"size":null},
; RECORD-SAME: {"aligned":false,"calls":[],"column":3,"file":"a.cc","form":"new","function":"gone","line":60,"nothrow":false,"scan":false,"size":null}],"sizespec_lowered":1}

declare nonnull ptr @_Znwm(i64) #1
declare nonnull ptr @_ZnwmSt11align_val_t(i64, i64) #1

attributes #0 = { builtin allocsize(0) }
attributes #1 = { nobuiltin allocsize(0) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!sizespec.sites = !{!100, !101, !102, !103, !104, !105}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "a.cc", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "class3", scope: !1, file: !1, line: 9, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!11 = !DILocation(line: 10, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "tiny", scope: !1, file: !1, line: 19, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!21 = !DILocation(line: 20, column: 3, scope: !20)
!30 = distinct !DISubprogram(name: "above", scope: !1, file: !1, line: 29, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!31 = !DILocation(line: 30, column: 3, scope: !30)
!40 = distinct !DISubprogram(name: "overaligned", scope: !1, file: !1, line: 39, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!41 = !DILocation(line: 40, column: 3, scope: !40)
!50 = distinct !DISubprogram(name: "runtime", scope: !1, file: !1, line: 49, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!51 = !DILocation(line: 50, column: 3, scope: !50)
!60 = distinct !DISubprogram(name: "gone", scope: !1, file: !1, line: 59, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!100 = !{!"class3", !10, i32 10, i32 3, i1 false, i32 0, i64 24}
!101 = !{!"tiny", !20, i32 20, i32 3, i1 false, i32 0, i64 4}
!102 = !{!"above", !30, i32 30, i32 3, i1 false, i32 0, i64 2000}
!103 = !{!"overaligned", !40, i32 40, i32 3, i1 false, i32 2, i64 24}
!104 = !{!"runtime", !50, i32 50, i32 3, i1 true, i32 0, i64 -1}
!105 = !{!"gone", !60, i32 60, i32 3, i1 false, i32 0, i64 -1}
