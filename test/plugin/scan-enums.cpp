// The scan rule for enumerations: an enumeration holds what its underlying
// type holds, whether the unit sees its definition or only an opaque
// declaration with a fixed type. std::byte reaches a unit through <array>,
// <memory> or <vector> as libstdc++'s opaque `enum class byte : unsigned
// char;` when <cstddef> is not included: it is pointer-free all the same.
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report \
// RUN:   '-DHEADER=<array>' %s 2>&1 | FileCheck %s
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report \
// RUN:   '-DHEADER=<memory>' %s 2>&1 | FileCheck %s
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report \
// RUN:   '-DHEADER=<vector>' %s 2>&1 | FileCheck %s
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report \
// RUN:   '-DHEADER=<cstddef>' %s 2>&1 | FileCheck %s
#include HEADER

struct Bytes { std::byte Raw[40]; };
enum class Opaque : unsigned short;
struct WithOpaque { Opaque O[20]; };
enum class OpaqueWord : unsigned long;
enum Defined : long { One = 1 };
// Underlying types that commonly carry addresses stay scan, opaque or not.
typedef __UINTPTR_TYPE__ uintptr_t;
enum class OpaqueAddrTypedef : uintptr_t;

void sites() {
  delete new Bytes;
  // CHECK: scan-enums.cpp:[[@LINE-1]]:10: specialized: new Bytes -> alloc_noscan_sc5<Bytes>
  delete new WithOpaque;
  // CHECK: :[[@LINE-1]]:10: specialized: new WithOpaque -> alloc_noscan_sc5<WithOpaque>
  delete[] new std::byte[40];
  // CHECK: :[[@LINE-1]]:12: specialized: new std::byte[40] -> alloc_noscan_sc5<std::byte[40]>
  delete new OpaqueWord;
  // CHECK: :[[@LINE-1]]:10: specialized: new OpaqueWord -> alloc_noscan_sc1<OpaqueWord>
  delete new Defined;
  // CHECK: :[[@LINE-1]]:10: specialized: new Defined -> alloc_noscan_sc1<Defined>
  delete new OpaqueAddrTypedef;
  // CHECK: :[[@LINE-1]]:10: specialized: new OpaqueAddrTypedef -> alloc_scan_sc1<OpaqueAddrTypedef>
}
