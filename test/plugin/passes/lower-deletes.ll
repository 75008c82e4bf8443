; LowerDeletesPass alone: in a module the plugin compiled (its stamp says
; off=0, no sanitizer), each operator delete(p, N) of a constant N up to
; 1024 B gets the runtime's local free inline: the bin from the address, a
; push onto the thread's list, free_flush when the budget is spent, and the
; call behind it for anything else. Under 16 bytes the tiny path's local
; free comes first. Larger sizes and unstamped modules keep their calls;
; -sizespec-inline-delete=0 keeps them all.
; RUN: %opt -passes=sizespec-lower-deletes -S %s | FileCheck %s
; RUN: %opt -passes=sizespec-lower-deletes -sizespec-inline-delete=0 -S %s | FileCheck %s --check-prefix=OFF
; RUN: sed -e 's/off=0/off=1/' %s | %opt -passes=sizespec-lower-deletes -S | FileCheck %s --check-prefix=OFF
; RUN: %opt -passes=sizespec-lower-deletes -disable-output -pass-remarks=sizespec -pass-remarks-missed=sizespec %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=sizespec-lower-deletes -disable-output -stats %s 2>&1 | FileCheck %s --check-prefix=STATS

; REMARK-DAG: remark: b.cc:10:3: operator delete of 24 B given the runtime's free inline
; REMARK-DAG: remark: b.cc:20:3: operator delete of 4 B given the runtime's free inline
; REMARK-DAG: remark: b.cc:30:3: operator delete of 4096 B left as a call: above the classes
; STATS-DAG: 2 sizespec - Sized operator delete calls given the free inline
; STATS-DAG: 1 sizespec - Sized operator delete calls of a constant size left as calls

@__sizespec_stamp = internal constant [75 x i8] c"sizespec-stamp v=1 plugin=0.1.0 clang=19.1.7 off=0 max=1024 sanitizer=none\00", section ".sizespec.stamp"

define void @free24(ptr %p) !dbg !10 {
  call void @_ZdlPvm(ptr %p, i64 24), !dbg !11
  ret void
}
; CHECK-LABEL: define void @free24(
; CHECK: %sizespec.shift = load i32, ptr getelementptr inbounds (i8, ptr @_ZN8sizespec6detail18inline_free_regionE, i64 8), align 4
; CHECK: %sizespec.index = lshr i64 %{{.*}}, %{{.*}}
; The base of class 3's first bin (24 bytes: class 3, or 4 from operator
; new), and one compare for both classes' four bins.
; CHECK: %sizespec.class.base = load i64, ptr getelementptr inbounds (i8, ptr @_ZN8sizespec6detail18inline_free_regionE, i64 32), align 8
; CHECK: %sizespec.in.classes = sub i64 %sizespec.index, %sizespec.class.base
; CHECK: %[[OTHER:.*]] = icmp uge i64 %sizespec.in.classes, 4
; CHECK: br i1 %[[OTHER]], label %sizespec.delete, label %sizespec.free
; CHECK: sizespec.free:
; CHECK-NEXT: %sizespec.bin = add nuw nsw i64 %sizespec.in.classes, 4
; CHECK: %head = load i64, ptr %sizespec.slot, align 8
; CHECK-NEXT: store i64 %head, ptr %p, align 8
; CHECK-NEXT: %key.slot = getelementptr inbounds i8, ptr %{{.*}}, i64 8
; CHECK-NEXT: %key = load i64, ptr %key.slot, align 8
; CHECK-NEXT: %[[ADDR:.*]] = ptrtoint ptr %p to i64
; CHECK-NEXT: %link = mul i64 %[[ADDR]], %key
; CHECK-NEXT: store i64 %link, ptr %sizespec.slot, align 8
; CHECK: sizespec.flush:
; CHECK: call void @_ZN8sizespec6detail10free_flushEj(i32 %{{.*}})
; CHECK: sizespec.delete:
; CHECK-NEXT: call void @_ZdlPvm(ptr %p, i64 24)
; CHECK-NOT: sizespec.tiny

define void @free4(ptr %p) !dbg !20 {
  call void @_ZdlPvm(ptr %p, i64 4), !dbg !21
  ret void
}
; CHECK-LABEL: define void @free4(
; CHECK: %block = and i64 %{{.*}}, -32
; CHECK: br i1 %{{.*}}, label %sizespec.bins, label %sizespec.tiny.free

define void @free4096(ptr %p) !dbg !30 {
  call void @_ZdlPvm(ptr %p, i64 4096), !dbg !31
  ret void
}
; CHECK-LABEL: define void @free4096(
; CHECK-NEXT: call void @_ZdlPvm(ptr %p, i64 4096)
; CHECK-NEXT: ret void

; OFF-LABEL: define void @free24(
; OFF-NEXT: call void @_ZdlPvm(ptr %p, i64 24)
; OFF-NEXT: ret void
; OFF-NOT: inline_free_region

declare void @_ZdlPvm(ptr, i64)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "b.cc", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "free24", scope: !1, file: !1, line: 9, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!11 = !DILocation(line: 10, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "free4", scope: !1, file: !1, line: 19, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!21 = !DILocation(line: 20, column: 3, scope: !20)
!30 = distinct !DISubprogram(name: "free4096", scope: !1, file: !1, line: 29, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!31 = !DILocation(line: 30, column: 3, scope: !30)
