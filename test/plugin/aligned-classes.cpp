// Every size class that can hold an over-aligned type (alignof > 16, the
// default new alignment) takes its specialized routine through the overload
// that accepts std::align_val_t, and the object comes back aligned from the
// class's spans. The classes whose size has no such alignment (8, 16, 24,
// 48, 80, 112, 144, 176, 208, 240 B) hold no over-aligned type: sizeof is a
// multiple of alignof. Over<C> fills class C with the class's alignment.
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPORT --implicit-check-not="not specialized"
// RUN: %sizespec -std=c++17 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - \
// RUN:   | FileCheck %s --check-prefix=IR --implicit-check-not=@_ZnwmSt11align_val_t
// RUN: %sizespec -std=c++17 -O0 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=LOWERED --implicit-check-not=@_ZnwmSt11align_val_t
// REQUIRES: runtime
// RUN: %sizespec -std=c++17 -O1 %s -I%runtime_include %runtime_lib -Wl,-rpath,%runtime_libdir -o %t
// RUN: %t | FileCheck %s --check-prefix=EXEC
#include <sizespec/stats.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>

template <unsigned C> struct alignas(sizespec::class_align(C)) Over {
  unsigned char Bytes[sizespec::class_size(C)];
};

template <unsigned C> bool check() {
  Over<C> *Objects[8];
  bool Ok = true;
  for (Over<C> *&P : Objects) {
    P = new Over<C>;
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-1]]:9: specialized: new Over<4U> -> alloc_noscan_sc4<Over<4U>> (32 B, class 4)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-2]]:9: specialized: new Over<6U> -> alloc_noscan_sc6<Over<6U>> (64 B, class 6)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-3]]:9: specialized: new Over<8U> -> alloc_noscan_sc8<Over<8U>> (96 B, class 8)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-4]]:9: specialized: new Over<10U> -> alloc_noscan_sc10<Over<10U>> (128 B, class 10)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-5]]:9: specialized: new Over<12U> -> alloc_noscan_sc12<Over<12U>> (160 B, class 12)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-6]]:9: specialized: new Over<14U> -> alloc_noscan_sc14<Over<14U>> (192 B, class 14)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-7]]:9: specialized: new Over<16U> -> alloc_noscan_sc16<Over<16U>> (224 B, class 16)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-8]]:9: specialized: new Over<18U> -> alloc_noscan_sc18<Over<18U>> (256 B, class 18)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-9]]:9: specialized: new Over<19U> -> alloc_noscan_sc19<Over<19U>> (288 B, class 19)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-10]]:9: specialized: new Over<20U> -> alloc_noscan_sc20<Over<20U>> (320 B, class 20)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-11]]:9: specialized: new Over<21U> -> alloc_noscan_sc21<Over<21U>> (352 B, class 21)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-12]]:9: specialized: new Over<22U> -> alloc_noscan_sc22<Over<22U>> (384 B, class 22)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-13]]:9: specialized: new Over<23U> -> alloc_noscan_sc23<Over<23U>> (416 B, class 23)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-14]]:9: specialized: new Over<24U> -> alloc_noscan_sc24<Over<24U>> (448 B, class 24)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-15]]:9: specialized: new Over<25U> -> alloc_noscan_sc25<Over<25U>> (480 B, class 25)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-16]]:9: specialized: new Over<26U> -> alloc_noscan_sc26<Over<26U>> (512 B, class 26)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-17]]:9: specialized: new Over<27U> -> alloc_noscan_sc27<Over<27U>> (576 B, class 27)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-18]]:9: specialized: new Over<28U> -> alloc_noscan_sc28<Over<28U>> (640 B, class 28)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-19]]:9: specialized: new Over<29U> -> alloc_noscan_sc29<Over<29U>> (704 B, class 29)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-20]]:9: specialized: new Over<30U> -> alloc_noscan_sc30<Over<30U>> (768 B, class 30)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-21]]:9: specialized: new Over<31U> -> alloc_noscan_sc31<Over<31U>> (896 B, class 31)
    // REPORT-DAG: aligned-classes.cpp:[[@LINE-22]]:9: specialized: new Over<32U> -> alloc_noscan_sc32<Over<32U>> (1024 B, class 32)
    sizespec::ObjectInfo Info = sizespec::object_info(P);
    Ok = Ok && reinterpret_cast<std::uintptr_t>(P) % alignof(Over<C>) == 0 &&
         Info.ours && Info.size_class == C && !Info.scan;
  }
  for (Over<C> *P : Objects)
    delete P;
  sizespec::Stats S = sizespec::stats();
  Ok = Ok && S.at(C, false).specialized >= 8;
  std::printf("class %u align %zu: %s\n", C, alignof(Over<C>),
              Ok ? "ok" : "WRONG");
  return Ok;
}
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 32, i64 noundef 32)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 64, i64 noundef 64)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 96, i64 noundef 32)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 128, i64 noundef 128)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 160, i64 noundef 32)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 192, i64 noundef 64)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 224, i64 noundef 32)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 256, i64 noundef 256)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 288, i64 noundef 32)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 320, i64 noundef 64)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 352, i64 noundef 32)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 384, i64 noundef 128)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 416, i64 noundef 32)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 448, i64 noundef 64)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 480, i64 noundef 32)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 512, i64 noundef 512)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 576, i64 noundef 64)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 640, i64 noundef 128)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 704, i64 noundef 64)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 768, i64 noundef 256)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 896, i64 noundef 128)
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEmSt11align_val_t(i64 noundef 1024, i64 noundef 1024)
// Lowered (bin = 2 * (class - 1) for a pointer-free type): each refill
// passes the alignment on, for when the runtime stands aside.
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 6, i64 32, i64 32)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 10, i64 64, i64 64)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 14, i64 96, i64 32)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 18, i64 128, i64 128)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 22, i64 160, i64 32)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 26, i64 192, i64 64)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 30, i64 224, i64 32)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 34, i64 256, i64 256)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 36, i64 288, i64 32)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 38, i64 320, i64 64)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 40, i64 352, i64 32)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 42, i64 384, i64 128)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 44, i64 416, i64 32)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 46, i64 448, i64 64)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 48, i64 480, i64 32)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 50, i64 512, i64 512)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 52, i64 576, i64 64)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 54, i64 640, i64 128)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 56, i64 704, i64 64)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 58, i64 768, i64 256)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 60, i64 896, i64 128)
// LOWERED-DAG: call ptr @_ZN8sizespec6detail20alloc_refill_alignedEjmm(i32 62, i64 1024, i64 1024)
// EXEC: class 4 align 32: ok
// EXEC-NEXT: class 6 align 64: ok
// EXEC-NEXT: class 8 align 32: ok
// EXEC-NEXT: class 10 align 128: ok
// EXEC-NEXT: class 12 align 32: ok
// EXEC-NEXT: class 14 align 64: ok
// EXEC-NEXT: class 16 align 32: ok
// EXEC-NEXT: class 18 align 256: ok
// EXEC-NEXT: class 19 align 32: ok
// EXEC-NEXT: class 20 align 64: ok
// EXEC-NEXT: class 21 align 32: ok
// EXEC-NEXT: class 22 align 128: ok
// EXEC-NEXT: class 23 align 32: ok
// EXEC-NEXT: class 24 align 64: ok
// EXEC-NEXT: class 25 align 32: ok
// EXEC-NEXT: class 26 align 512: ok
// EXEC-NEXT: class 27 align 64: ok
// EXEC-NEXT: class 28 align 128: ok
// EXEC-NEXT: class 29 align 64: ok
// EXEC-NEXT: class 30 align 256: ok
// EXEC-NEXT: class 31 align 128: ok
// EXEC-NEXT: class 32 align 1024: ok

int main() {
  bool Ok = true;
  Ok = check<4>() && Ok;
  Ok = check<6>() && Ok;
  Ok = check<8>() && Ok;
  Ok = check<10>() && Ok;
  Ok = check<12>() && Ok;
  Ok = check<14>() && Ok;
  Ok = check<16>() && Ok;
  Ok = check<18>() && Ok;
  Ok = check<19>() && Ok;
  Ok = check<20>() && Ok;
  Ok = check<21>() && Ok;
  Ok = check<22>() && Ok;
  Ok = check<23>() && Ok;
  Ok = check<24>() && Ok;
  Ok = check<25>() && Ok;
  Ok = check<26>() && Ok;
  Ok = check<27>() && Ok;
  Ok = check<28>() && Ok;
  Ok = check<29>() && Ok;
  Ok = check<30>() && Ok;
  Ok = check<31>() && Ok;
  Ok = check<32>() && Ok;
  return Ok ? 0 : 1;
}
