// A sized delete of a constant small size gets the runtime's local free
// inline (plugin/pass/LowerDeletes.cpp, detail::free_inline): the bin from
// the address, in one of the classes an object of that size can be in, a
// push onto the thread's list, the budget, and the call of operator delete
// behind it for everything else. Below 16 bytes the tiny path's local free
// comes first.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sizespec -std=c++17 -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
//
// Left a call: the opt-out, -O0, and the pass's own switch.
// RUN: %sizespec -std=c++17 -O2 -fplugin-arg-sizespec-off -S -emit-llvm %s -o - | FileCheck %s --check-prefix=KEPT
// RUN: %sizespec -std=c++17 -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=KEPT
// RUN: %sizespec -std=c++17 -O2 -mllvm -sizespec-inline-delete=0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=KEPT
// RUN: %clangxx -std=c++17 -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=KEPT
//
// The program behaves the same with and without the plugin, and with the
// runtime standing aside; every free is counted: objects of this file, the
// scan-bin objects of a file built without the plugin, tiny objects, and
// objects freed by a thread that never allocated.
// RUN: %clangxx -std=c++17 -O2 -c %S/Inputs/plain-alloc.cpp -o %t/plain-alloc.o
// RUN: %clangxx -std=c++17 -O2 -DMAIN %s %t/plain-alloc.o %runtime_lib -Wl,-rpath,%runtime_libdir -pthread -o %t/plain
// RUN: %sizespec -std=c++17 -O2 -DMAIN %s %t/plain-alloc.o %runtime_lib -Wl,-rpath,%runtime_libdir -pthread -o %t/spec
// RUN: %t/plain > %t/plain.out
// RUN: env SIZESPEC_STATS=1 %t/spec > %t/spec.out 2> %t/spec.stats
// RUN: env SIZESPEC_SYSTEM=1 %t/spec > %t/system.out
// RUN: diff %t/plain.out %t/spec.out
// RUN: diff %t/plain.out %t/system.out
// RUN: FileCheck %s --check-prefix=OUT < %t/spec.out
// RUN: FileCheck %s --check-prefix=STATS < %t/spec.stats
//
// The debug runtime checks every free: the inline free calls operator
// delete there, and a double free is caught.
// RUN: %sizespec -std=c++17 -O2 -DDOUBLE_FREE %s %runtime_libdir/libsizespec-debug.so -Wl,-rpath,%runtime_libdir -o %t/double
// RUN: not --crash %t/double 2>&1 | FileCheck %s --check-prefix=DEBUG
//
// A delete through the wrong type: the object's class is not one its size
// can be in, so the inline free hands it to operator delete, which stops
// the program (hardening); with hardening off it frees the object.
// RUN: %sizespec -std=c++17 -O2 -DWRONG_TYPE %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t/wrong
// RUN: not --crash %t/wrong 2>&1 | FileCheck %s --check-prefix=WRONG
// RUN: env SIZESPEC_HARDENING=0 %t/wrong | FileCheck %s --check-prefix=WRONG-OFF
// REQUIRES: runtime

#include "Inputs/plain-alloc.h"

#include <cstdint>
#include <cstdio>
#include <thread>
#include <vector>

struct Point {
  std::int32_t X;
};
struct Big {
  char Bytes[2000];
};

// IR-LABEL: define {{.*}} @_Z8freePairP6Pair24(
// IR: %[[TLS:.*]] = call {{.*}} @llvm.threadlocal.address.p0(ptr {{.*}}@_ZN8sizespec6detail9tls_cacheE)
// IR-NEXT: %[[SHIFT:.*]] = load i32, ptr getelementptr inbounds (i8, ptr @_ZN8sizespec6detail18inline_free_regionE, i64 8)
// IR-NEXT: %[[ADDR:.*]] = ptrtoint ptr %[[P:.*]] to i64
// IR-NEXT: %[[SHIFT64:.*]] = zext i32 %[[SHIFT]] to i64
// IR-NEXT: %[[INDEX:.*]] = lshr i64 %[[ADDR]], %[[SHIFT64]]
// IR-NEXT: %[[BASE:.*]] = load i64, ptr getelementptr inbounds (i8, ptr @_ZN8sizespec6detail18inline_free_regionE, i64 32)
// IR-NEXT: %[[IN:.*]] = sub i64 %[[INDEX]], %[[BASE]]
// IR-NEXT: %[[OTHER:.*]] = icmp uge i64 %[[IN]], 4
// IR-NEXT: br i1 %[[OTHER]], label %[[CALL:.*]], label %[[FAST:.*]], !prof
// IR: [[FAST]]:
// IR-NEXT: %[[BIN:.*]] = add nuw nsw i64 %[[IN]], 4
// IR-NEXT: %[[FREED:.*]] = getelementptr inbounds i8, ptr %[[TLS]], i64 536
// IR-NEXT: %[[SLOT:.*]] = getelementptr inbounds i64, ptr %[[FREED]], i64 %[[BIN]]
// IR-NEXT: %[[HEAD:.*]] = load i64, ptr %[[SLOT]]
// IR-NEXT: store i64 %[[HEAD]], ptr %[[P]]
// IR-NEXT: %[[KEYSLOT:.*]] = getelementptr inbounds i8, ptr %[[TLS]], i64 8
// IR-NEXT: %[[KEY:.*]] = load i64, ptr %[[KEYSLOT]]
// IR-NEXT: %[[ADDR2:.*]] = ptrtoint ptr %[[P]] to i64
// IR-NEXT: %[[LINK:.*]] = mul i64 %[[ADDR2]], %[[KEY]]
// IR-NEXT: store i64 %[[LINK]], ptr %[[SLOT]]
// IR-NEXT: %[[BUDGETS:.*]] = getelementptr inbounds i8, ptr %[[TLS]], i64 1048
// IR-NEXT: %[[BUDGET:.*]] = getelementptr inbounds i16, ptr %[[BUDGETS]], i64 %[[BIN]]
// IR-NEXT: %[[OLD:.*]] = load i16, ptr %[[BUDGET]]
// IR-NEXT: %[[LEFT:.*]] = sub i16 %[[OLD]], 1
// IR-NEXT: store i16 %[[LEFT]], ptr %[[BUDGET]]
// IR-NEXT: %[[SPENT:.*]] = icmp slt i16 %[[LEFT]], 0
// IR-NEXT: br i1 %[[SPENT]], label %[[FLUSH:.*]], label %{{.*}}, !prof
// IR: [[FLUSH]]:
// IR-NEXT: %[[BIN32:.*]] = trunc i64 %[[BIN]] to i32
// IR-NEXT: call void @_ZN8sizespec6detail10free_flushEj(i32 %[[BIN32]])
// IR: [[CALL]]:
// IR-NEXT: call void @_ZdlPvm(ptr {{.*}}%[[P]], i64 noundef 24)
// KEPT-LABEL: define {{.*}} @_Z8freePairP6Pair24(
// KEPT-NOT: inline_free_region
// KEPT: call void @_ZdlPvm(ptr {{.*}}, i64 noundef 24)
// KEPT-NOT: inline_free_region
// KEPT-LABEL: define {{.*}} @_Z9freePointP5Point(
__attribute__((noinline)) void freePair(Pair24 *P) { delete P; }

// Four bytes: maybe tiny. The current block's test comes first, then the
// bins'.
// IR-LABEL: define {{.*}} @_Z9freePointP5Point(
// IR: %[[TLS:.*]] = call {{.*}} @llvm.threadlocal.address.p0(ptr {{.*}}@_ZN8sizespec6detail9tls_cacheE)
// IR-NEXT: %[[ADDR:.*]] = ptrtoint ptr %[[P:.*]] to i64
// IR-NEXT: %[[BLOCK:.*]] = and i64 %[[ADDR]], -32
// IR-NEXT: %[[ENDSLOT:.*]] = getelementptr inbounds i8, ptr %[[TLS]], i64 1328
// IR-NEXT: %[[END:.*]] = load i64, ptr %[[ENDSLOT]]
// IR-NEXT: %[[BLOCKEND:.*]] = add i64 %[[BLOCK]], 32
// IR-NEXT: %[[ELSEWHERE:.*]] = icmp ne i64 %[[BLOCKEND]], %[[END]]
// IR-NEXT: br i1 %[[ELSEWHERE]], label %[[BINS:.*]], label %[[LOCAL:.*]]
// IR: [[BINS]]:
// IR-NEXT: load i32, ptr getelementptr inbounds (i8, ptr @_ZN8sizespec6detail18inline_free_regionE, i64 8)
// IR: icmp uge i64 %{{.*}}, 2
// IR-NEXT: br i1 %{{.*}}, label %[[CALL:.*]], label %{{.*}}, !prof
// IR: [[CALL]]:
// IR-NEXT: call void @_ZdlPvm(ptr {{.*}}%[[P]], i64 noundef 4)
// IR: [[LOCAL]]:
// IR-NEXT: call i64 asm "", "=r,0"(i64 %[[END]])
// IR: getelementptr inbounds i8, ptr %[[TLS]], i64 1320
// IR: getelementptr inbounds i8, ptr %[[TLS]], i64 1304
// IR: getelementptr inbounds i8, ptr %[[TLS]], i64 1312
__attribute__((noinline)) void freePoint(Point *P) { delete P; }

// Above the size limit: the call stays.
// IR-LABEL: define {{.*}} @_Z7freeBigP3Big(
// IR-NOT: inline_free_region
// IR: call void @_ZdlPvm(ptr {{.*}}, i64 noundef 2000)
// IR-NOT: inline_free_region
__attribute__((noinline)) void freeBig(Big *P) { delete P; }

#ifdef MAIN
int main() {
  std::int64_t Sum = 0;
  // A new/delete loop through one list.
  for (int I = 0; I < 1000; ++I) {
    Pair24 *P = new Pair24{I, 1, 2};
    Sum += P->A + P->B;
    freePair(P);
  }
  // More than a budget: the flush gives objects back.
  std::vector<Pair24 *> Many;
  for (int I = 0; I < 5000; ++I)
    Many.push_back(new Pair24{I, 0, 0});
  for (Pair24 *P : Many) {
    Sum += P->A;
    freePair(P);
  }
  // Objects of a scan bin (untyped operator new, no plugin).
  for (int I = 0; I < 100; ++I) {
    Pair24 *P = plainPair(I);
    Sum += P->C;
    freePair(P);
  }
  // Tiny objects, freed in the current block and after it moved on.
  std::vector<Point *> Points;
  for (int I = 0; I < 100; ++I)
    Points.push_back(new Point{I});
  for (Point *P : Points) {
    Sum += P->X;
    freePoint(P);
  }
  Big *G = new Big{};
  G->Bytes[7] = 7;
  Sum += G->Bytes[7];
  freeBig(G);
  // Freed by a thread that never allocated: its first free sets it up.
  std::vector<Pair24 *> Handed;
  for (int I = 0; I < 500; ++I)
    Handed.push_back(new Pair24{I, I, I});
  std::thread T([&] {
    for (Pair24 *P : Handed)
      freePair(P);
  });
  T.join();
  std::printf("sum %lld\n", static_cast<long long>(Sum));
  // OUT: sum 13007907
}
#endif
// Every object is freed: frees equal allocations in each row. The plain
// file's Pair24 came from the untyped operator new: a 32-byte scan object
// (its alignment is 16), freed inline from its own bin all the same.
// STATS: sizespec: stats (mode active)
// STATS: 3 24 noscan 6500 6500 0 6500 0
// STATS: 4 32 scan [[M:[0-9]+]] [[M]] 0
// STATS: tiny 32 noscan 100 100

#ifdef DOUBLE_FREE
int main() {
  Pair24 *P = new Pair24{1, 2, 3};
  freePair(P);
  freePair(P);
}
#endif
// DEBUG: sizespec: double free of

#ifdef WRONG_TYPE
__attribute__((noinline)) void freeAsBig(void *P) {
  delete static_cast<Pair24 *>(P);
}
int main() {
  // An 8-byte object freed as a 24-byte one: class 1 against 3..4.
  auto *P = new std::int64_t(7);
  std::printf("freeing\n");
  std::fflush(stdout);
  freeAsBig(P);
  std::printf("freed\n");
}
#endif
// WRONG: sizespec: sized delete of 24 B (a delete through the wrong type?) of 0x{{[0-9a-f]+}} (class 1, 8 B, noscan)
// WRONG-OFF: freeing
// WRONG-OFF-NEXT: freed
