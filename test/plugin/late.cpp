// Build mode specializes late (docs/interfaces.md, "Late specialization"):
// what Clang's optimizer deletes without the plugin stays deleted with it,
// and every allocation it leaves gets the fast path of its class.
//
// At -O2, f, g, h, fn and str compile to the same instructions with and
// without the plugin: Clang deletes the allocations of the first four, and
// str's is inside libstdc++'s (extern) basic_string members either way.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -O2 -c %s -o %t/plain.o
// RUN: %sizespec -std=c++17 -O2 -c %s -o %t/spec.o
// RUN: sh -c 'for f in _Z1fl _Z1gl _Z1hl _Z2fnl _Z3strl; do for v in plain spec; do llvm-objdump -d --no-show-raw-insn --no-leading-addr --disassemble-symbols=$f %t/$v.o | tail -n +4 | sed "s/0x[0-9a-f]* <//" > %t/$v.$f || exit 1; done; test -s %t/plain.$f && cmp %t/plain.$f %t/spec.$f || exit 1; done'
//
// What survives is specialized: a pop of the bin's free list with the cold
// refill behind it (bin = 2 * (class - 1) + scan), the same under -O0; a size
// still not constant takes the generic path of the kind. A refill where
// operator new was an invoke is an invoke to the same landing pad.
// RUN: %sizespec -std=c++17 -O2 -S -emit-llvm %s -o %t/o2.ll
// RUN: FileCheck %s < %t/o2.ll
// RUN: FileCheck %s --check-prefix=NONE < %t/o2.ll
// RUN: %sizespec -std=c++17 -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=O0
// The LTO pre-link pipelines run the lowering too: no bundle reaches the
// bitcode, whose link-time backend would not know it.
// RUN: %sizespec -std=c++17 -O2 -flto=thin -c %s -o %t/thin.bc
// RUN: llvm-dis %t/thin.bc -o - | FileCheck %s --check-prefixes=CHECK,NONE
// RUN: %sizespec -std=c++17 -O2 -flto=full -c %s -o %t/full.bc
// RUN: llvm-dis %t/full.bc -o - | FileCheck %s --check-prefixes=CHECK,NONE
// NONE-NOT: @_Znwm(
// NONE-NOT: "sizespec"(
// NONE-NOT: site_new
//
// The limit holds after inlining: with max=32, make_shared's 40-byte block
// stays operator new. The limit travels in the module's stamp, so a compile
// from IR (-save-temps) keeps it.
// RUN: %sizespec -std=c++17 -O2 -S -emit-llvm -fplugin-arg-sizespec-max=32 %s -o - | FileCheck %s --check-prefix=MAX
// RUN: cd %t && %sizespec -std=c++17 -O2 -save-temps -fplugin-arg-sizespec-max=32 -c %s -o temps.o
// RUN: FileCheck %s --check-prefix=MAX-ASM < %t/late.s
//
// The program makes the same allocations with and without the plugin (the
// runtime counts them), and behaves the same; IR that never met the pass
// (-disable-llvm-passes) links and runs too: the markers are operator new.
// REQUIRES: runtime
// RUN: %clangxx -std=c++17 -O2 -DMAIN %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t/plain
// RUN: %sizespec -std=c++17 -O2 -DMAIN %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t/spec
// RUN: %sizespec -std=c++17 -O0 -DMAIN -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t/markers.ll
// RUN: grep -q "call .*@_ZN8sizespec6detail15site_new_noscanEm" %t/markers.ll
// RUN: %clangxx -O0 %t/markers.ll %runtime_lib -Wl,-rpath,%runtime_libdir -o %t/markers
// RUN: env SIZESPEC_STATS=1 %t/plain > %t/plain.out 2> %t/plain.stats
// RUN: env SIZESPEC_STATS=1 %t/spec > %t/spec.out 2> %t/spec.stats
// RUN: %t/markers > %t/markers.out
// RUN: diff %t/plain.out %t/spec.out
// RUN: diff %t/plain.out %t/markers.out
// RUN: FileCheck %s --check-prefix=OUT < %t/spec.out
// RUN: sh -c 'for v in plain spec; do awk "\$1 ~ /^[0-9]+\$/ || \$1 == \"large\" || \$1 == \"tiny\" { n += \$4 } END { print n }" %t/$v.stats > %t/$v.allocs || exit 1; done'
// RUN: cmp %t/plain.allocs %t/spec.allocs
// RUN: grep -q "mode active" %t/spec.stats
// RUN: awk '$1 ~ /^[0-9]+$/ { s += $7 } END { exit s > 0 ? 0 : 1 }' %t/spec.stats
#include <functional>
#include <memory>
#include <string>
#include <vector>

struct Point { long x, y, z; };

long f(long a) {
  auto p = std::make_unique<Point>();
  p->x = a;
  p->y = 2;
  return p->x + p->y;
}
long g(long a) {
  Point *p = new Point{a, 2, 3};
  long r = p->x + p->z;
  delete p;
  return r;
}
long h(long a) {
  std::vector<long> v{a, 2, 3};
  return v[0] + v[2];
}
long fn(long a) {
  long b[4] = {a, 1, 2, 3};
  std::function<long()> c = [b] { return b[0] + b[3]; };
  return c();
}
long str(long a) {
  std::string t("a string longer than fifteen bytes");
  return long(t.size()) + a;
}

// Point is 24 B, pointer-free: class 3, bin 4.
// CHECK-LABEL: define {{.*}} @_Z4keptv()
// CHECK: %[[TLS:.*]] = call {{.*}} @llvm.threadlocal.address.p0(ptr {{.*}}@_ZN8sizespec6detail9tls_cacheE)
// CHECK-NEXT: %[[SLOT:.*]] = getelementptr inbounds i8, ptr %[[TLS]], i64 56
// CHECK-NEXT: %[[HEAD:.*]] = load i64, ptr %[[SLOT]]
// CHECK-NEXT: %[[KEYSLOT:.*]] = getelementptr inbounds i8, ptr %[[TLS]], i64 16
// CHECK-NEXT: %[[KEY:.*]] = load i64, ptr %[[KEYSLOT]]
// CHECK-NEXT: %[[BOUNDSLOT:.*]] = getelementptr inbounds i8, ptr %[[TLS]], i64 0
// CHECK-NEXT: %[[BOUND:.*]] = load i64, ptr %[[BOUNDSLOT]]
// CHECK-NEXT: %[[OBJ:.*]] = mul i64 %[[HEAD]], %[[KEY]]
// CHECK-NEXT: %[[EMPTY:.*]] = icmp uge i64 %[[OBJ]], %[[BOUND]]
// CHECK-NEXT: br i1 %[[EMPTY]], label %[[REFILL:.*]], label %[[POP:.*]], !prof
// CHECK: [[POP]]:
// CHECK-NEXT: %[[P:.*]] = inttoptr i64 %[[OBJ]] to ptr
// CHECK-NEXT: %[[NEXT:.*]] = load i64, ptr %[[P]]
// CHECK-NEXT: store i64 %[[NEXT]], ptr %[[SLOT]]
// CHECK: [[REFILL]]:
// CHECK-NEXT: call ptr @_ZN8sizespec6detail12alloc_refillEjm(i32 4, i64 24)
// CHECK: ret ptr
// O0-LABEL: define {{.*}} @_Z4keptv()
// O0: call ptr @_ZN8sizespec6detail12alloc_refillEjm(i32 4, i64 24)
// O0: ret ptr
Point *kept() { return new Point{1, 2, 3}; }

// The control block holds a vtable pointer: 40 B scan, class 5, bin 9.
// CHECK-LABEL: define {{.*}} @_Z6sharedl(
// CHECK: call ptr @_ZN8sizespec6detail12alloc_refillEjm(i32 9, i64 40)
// MAX-LABEL: define {{.*}} @_Z6sharedl(
// MAX: call {{.*}} @_Znwm(i64 noundef 40)
// MAX-ASM-LABEL: _Z6sharedl:
// MAX-ASM: callq _Znwm@PLT
long shared(long a) {
  auto p = std::make_shared<Point>();
  p->x = a;
  return p.use_count() + p->x;
}

// A vector holds pointers: 24 B scan, bin 5. Its growth has a runtime size.
// CHECK-LABEL: define {{.*}} @_Z4growl(
// CHECK: call ptr @_ZN8sizespec6detail12alloc_refillEjm(i32 5, i64 24)
// CHECK: call {{.*}} @_ZN8sizespec6detail20alloc_generic_noscanEm(i64
std::vector<long> *grow(long n) {
  auto *v = new std::vector<long>;
  for (long i = 0; i < n; ++i)
    v->push_back(i);
  return v;
}

struct Throws {
  Throws();
  long v;
};
// CHECK-LABEL: define {{.*}} @_Z7guardedb(
// CHECK: invoke ptr @_ZN8sizespec6detail12alloc_refillEjm(i32 0, i64 8)
// CHECK-NEXT: to label %{{.*}} unwind label %[[PAD:.*]]
// CHECK: [[PAD]]:
// CHECK-NEXT: landingpad
long guarded(bool Fail);

#ifdef MAIN
#include <cstdio>
#include <stdexcept>

static bool FailNext = false;
Throws::Throws() : v(5) {
  if (FailNext)
    throw std::runtime_error("no");
}
#endif

long guarded(bool Fail) {
#ifdef MAIN
  FailNext = Fail;
#endif
  try {
    Throws *t = new Throws;
    long v = t->v;
    delete t;
    return v;
  } catch (...) {
    return -1;
  }
}

#ifdef MAIN
int main() {
  long Sum = f(1) + g(2) + h(3) + fn(4) + str(5) + shared(6);
  for (int I = 0; I < 1000; ++I) {
    Point *P = kept();
    Sum += P->z;
    delete P;
    std::vector<long> *V = grow(I % 50);
    Sum += long(V->size());
    delete V;
  }
  std::printf("sum %ld\n", Sum);
  std::printf("guarded %ld %ld\n", guarded(false), guarded(true));
  return 0;
}
// 3 + 5 + 6 + 7 + 39 + 7, then 1000 * 3 and 20 * (0 + 1 + ... + 49).
// OUT: sum 27567
// OUT: guarded 5 -1
#endif
