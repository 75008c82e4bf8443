; LowerDeletesPass leaves a sized delete as a call where its block is cold:
; it runs less than 1/1000 as often as its function's entry by the block
; frequencies (an unwind path, a block that ends in a call that does not
; return), or its function is cold. The inline free would only add code
; there. -sizespec-cold-delete-ratio=0 gives every site the free inline.
; RUN: %opt -passes=sizespec-lower-deletes -S %s | FileCheck %s
; RUN: %opt -passes=sizespec-lower-deletes -sizespec-cold-delete-ratio=0 -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt -passes=sizespec-lower-deletes -disable-output -pass-remarks=sizespec -pass-remarks-missed=sizespec %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=sizespec-lower-deletes -disable-output -stats %s 2>&1 | FileCheck %s --check-prefix=STATS

; REMARK-DAG: remark: c.cc:11:3: operator delete of 24 B given the runtime's free inline
; REMARK-DAG: remark: c.cc:12:3: operator delete of 24 B left as a call: a cold block (an unwind path, a block that ends in a call that does not return, or a cold function)
; REMARK-DAG: remark: c.cc:21:3: operator delete of 24 B given the runtime's free inline
; REMARK-DAG: remark: c.cc:22:3: operator delete of 24 B left as a call: a cold block
; REMARK-DAG: remark: c.cc:31:3: operator delete of 24 B left as a call: a cold block
; STATS-DAG: 2 sizespec - Sized operator delete calls given the free inline
; STATS-DAG: 3 sizespec - Sized operator delete calls of a constant size left as calls

@__sizespec_stamp = internal constant [75 x i8] c"sizespec-stamp v=1 plugin=0.1.0 clang=19.1.7 off=0 max=1024 sanitizer=none\00", section ".sizespec.stamp"

; The delete after the call that may throw is inline; the one on its
; unwind path stays a call.
define void @unwind(ptr %p) personality ptr @__gxx_personality_v0 !dbg !10 {
entry:
  invoke void @may_throw()
          to label %ok unwind label %lpad
ok:
  call void @_ZdlPvm(ptr %p, i64 24), !dbg !11
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  call void @_ZdlPvm(ptr %p, i64 24), !dbg !12
  resume { ptr, i32 } %lp
}
; CHECK-LABEL: define void @unwind(
; CHECK: ok:
; CHECK: %sizespec.shift{{[0-9]*}} = load i32
; CHECK: lpad:
; CHECK-NEXT: %lp = landingpad
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @_ZdlPvm(ptr %p, i64 24)
; CHECK-NEXT: resume
; ALL-LABEL: define void @unwind(
; ALL: lpad:
; ALL-NEXT: %lp = landingpad
; ALL-NEXT: cleanup
; ALL: %sizespec.shift{{[0-9]*}} = load i32

; The delete before a throw stays a call; the one on the other branch is
; inline.
define void @before_throw(ptr %p, i1 %bad) !dbg !20 {
entry:
  br i1 %bad, label %throw, label %fine
fine:
  call void @_ZdlPvm(ptr %p, i64 24), !dbg !21
  ret void
throw:
  call void @_ZdlPvm(ptr %p, i64 24), !dbg !22
  call void @throw_it()
  unreachable
}
; CHECK-LABEL: define void @before_throw(
; CHECK: fine:
; CHECK: %sizespec.shift{{[0-9]*}} = load i32
; CHECK: throw:
; CHECK-NEXT: call void @_ZdlPvm(ptr %p, i64 24)
; CHECK-NEXT: call void @throw_it()
; ALL-LABEL: define void @before_throw(
; ALL: throw:
; ALL: %sizespec.shift{{[0-9]*}} = load i32

; Every block of a cold function is cold.
define void @cold_fn(ptr %p) cold !dbg !30 {
  call void @_ZdlPvm(ptr %p, i64 24), !dbg !31
  ret void
}
; CHECK-LABEL: define void @cold_fn(
; CHECK-NEXT: call void @_ZdlPvm(ptr %p, i64 24)
; CHECK-NEXT: ret void
; ALL-LABEL: define void @cold_fn(
; ALL: %sizespec.shift{{[0-9]*}} = load i32

declare void @may_throw()
declare void @throw_it() noreturn
declare i32 @__gxx_personality_v0(...)
declare void @_ZdlPvm(ptr, i64) nounwind

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "c.cc", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "unwind", scope: !1, file: !1, line: 9, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!11 = !DILocation(line: 11, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "before_throw", scope: !1, file: !1, line: 19, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!21 = !DILocation(line: 21, column: 3, scope: !20)
!22 = !DILocation(line: 22, column: 3, scope: !20)
!30 = distinct !DISubprogram(name: "cold_fn", scope: !1, file: !1, line: 29, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!31 = !DILocation(line: 31, column: 3, scope: !30)
