// Pointer-free objects of 1..15 bytes take the tiny routine (packed into a
// shared 16-byte block): `new bool`, `new char[5]`, make_unique<int>, the
// nothrow form, an array with a cookie; a pointer, 16 bytes or the untyped
// path never do (docs/interfaces.md, "The tiny path").
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sizespec -std=c++17 -O2 -fplugin-arg-sizespec-report -c %s -o %t/t.o 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %sizespec -std=c++17 -O2 -fplugin-arg-sizespec-max=4 -fplugin-arg-sizespec-report -c %s -o %t/max4.o 2>&1 | FileCheck %s --check-prefix=MAX4
// RUN: %sizespec -std=c++17 -O2 -fplugin-arg-sizespec-sidecar=%t/t.json -c %s -o %t/j.o
// RUN: FileCheck %s --check-prefix=JSON < %t/t.json
// RUN: %sizespec -std=c++17 -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
//
// The program behaves the same with and without the plugin, and the tiny
// row counts the packed objects: 5 specialized, 1 generic (the byte
// vector's buffer, whose size the optimizer cannot see); the 8-byte class
// row has eight() and the other vector's 8-byte buffer.
// RUN: %clangxx -std=c++17 -O2 -DMAIN %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t/plain
// RUN: %sizespec -std=c++17 -O2 -DMAIN %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t/spec
// RUN: env SIZESPEC_STATS=1 %t/plain > %t/plain.out 2> %t/plain.stats
// RUN: env SIZESPEC_STATS=1 %t/spec > %t/spec.out 2> %t/spec.stats
// RUN: diff %t/plain.out %t/spec.out
// RUN: FileCheck %s --check-prefix=OUT < %t/spec.out
// RUN: FileCheck %s --check-prefix=STATS < %t/spec.stats
// RUN: FileCheck %s --check-prefix=PLAIN < %t/plain.stats

#include <cstdint>
#include <cstdio>
#include <memory>
#include <new>
#include <vector>

struct WithPointer {
  const char *Name;
};
struct Sixteen {
  long A, B;
};
struct Cookie {
  unsigned char C[3];
  ~Cookie() {}
};

// REPORT: tiny.cpp:[[@LINE+3]]:49: specialized: new bool -> alloc_noscan_tiny<bool> (1 B, tiny)
// MAX4: tiny.cpp:[[@LINE+2]]:49: specialized: new bool -> alloc_noscan_tiny<bool> (1 B, tiny)
// IR-LABEL: define {{.*}} @_Z4flagv()
__attribute__((noinline)) bool *flag() { return new bool(true); }
// IR: %[[TLS:.*]] = call {{.*}} @llvm.threadlocal.address.p0(ptr {{.*}}@_ZN8sizespec6detail9tls_cacheE)
// IR-NEXT: %[[NEXTSLOT:.*]] = getelementptr inbounds i8, ptr %[[TLS]], i64 1312
// IR-NEXT: %[[NEXT:.*]] = load i64, ptr %[[NEXTSLOT]]
// IR-NEXT: %[[ENDSLOT:.*]] = getelementptr inbounds i8, ptr %[[TLS]], i64 1328
// IR-NEXT: %[[END:.*]] = load i64, ptr %[[ENDSLOT]]
// IR-NEXT: %[[AFTER:.*]] = add i64 %[[NEXT]], 1
// IR-NEXT: %[[FULL:.*]] = icmp ugt i64 %[[AFTER]], %[[END]]
// IR-NEXT: br i1 %[[FULL]], label %[[REFILL:.*]], label %[[FAST:.*]], !prof
// IR: [[FAST]]:
// IR-NEXT: %[[Q:.*]] = add i64 %[[NEXT]], 1
// IR-NEXT: store i64 %[[Q]], ptr %[[NEXTSLOT]]
// IR-NEXT: %[[ALLOCS:.*]] = getelementptr inbounds i8, ptr %[[TLS]], i64 1304
// IR-NEXT: %[[N:.*]] = load i64, ptr %[[ALLOCS]]
// IR-NEXT: %[[N1:.*]] = add i64 %[[N]], 1
// IR-NEXT: store i64 %[[N1]], ptr %[[ALLOCS]]
// IR: [[REFILL]]:
// IR-NEXT: call ptr @_ZN8sizespec6detail17alloc_tiny_refillEjm(i32 0, i64 1)

// REPORT: tiny.cpp:[[@LINE+4]]:51: specialized: new char[5] -> alloc_noscan_tiny<char[5]> (5 B, tiny)
// MAX4: tiny.cpp:[[@LINE+3]]:51: not specialized: new char[5] (5 B): size above 4 B limit by 1 B
// IR-LABEL: define {{.*}} @_Z6bufferv()
// IR: call ptr @_ZN8sizespec6detail17alloc_tiny_refillEjm(i32 256, i64 5)
__attribute__((noinline)) char *buffer() { return new char[5]{'t', 'i', 'n', 'y'}; }

// An int after the bool: aligned to 4 (the pad counts).
// REPORT: tiny.cpp:[[@LINE+7]]:71: specialized: make_unique<int> -> alloc_noscan_tiny<int> (4 B, tiny)
// IR-LABEL: define {{.*}} @_Z6numberv(
// IR: and i64 %{{.*}}, -4
// IR: %[[PAD:.*]] = sub i64
// IR-NEXT: %[[PADDED:.*]] = icmp ne i64 %[[PAD]], 0
// IR-NEXT: br i1 %[[PADDED]]
// IR: call ptr @_ZN8sizespec6detail17alloc_tiny_refillEjm(i32 0, i64 4)
__attribute__((noinline)) std::unique_ptr<int> number() { return std::make_unique<int>(42); }

// REPORT: tiny.cpp:[[@LINE+3]]:59: specialized: new (std::nothrow) std::uint32_t -> alloc_noscan_tiny<std::uint32_t> (4 B, tiny)
// IR-LABEL: define {{.*}} @_Z5maybev()
// IR: call ptr @_ZN8sizespec6detail25alloc_tiny_refill_nothrowEjm(i32 0, i64 4)
__attribute__((noinline)) std::uint32_t *maybe() { return new (std::nothrow) std::uint32_t(7); }

// Three bytes and an 8-byte cookie: 11 bytes, aligned to 8 for the cookie.
// REPORT: tiny.cpp:[[@LINE+3]]:54: specialized: new Cookie[1] -> alloc_noscan_tiny<Cookie[1]> (11 B, tiny)
// IR-LABEL: define {{.*}} @_Z7cookiesv()
// IR: and i64 %{{.*}}, -8
__attribute__((noinline)) Cookie *cookies() { return new Cookie[1]; }

// Eight bytes fill the 8-byte class's slot exactly: packing would save
// nothing, so the class serves them (tiny_path.h, is_tiny_size).
// REPORT: tiny.cpp:[[@LINE+6]]:59: specialized: new std::uint64_t -> alloc_noscan_sc1<std::uint64_t> (8 B, class 1)
// IR-LABEL: define {{.*}} @_Z5eightv()
// IR-NOT: alloc_tiny_refill
// IR: call ptr @_ZN8sizespec6detail12alloc_refillEjm(i32 0, i64 8)
// IR-NOT: alloc_tiny_refill
// IR: {{^}}}
__attribute__((noinline)) std::uint64_t *eight() { return new std::uint64_t(8); }

// REPORT: tiny.cpp:[[@LINE+1]]:57: specialized: new WithPointer -> alloc_scan_sc1<WithPointer> (8 B, class 1)
__attribute__((noinline)) WithPointer *named() { return new WithPointer{"x"}; }
// REPORT: tiny.cpp:[[@LINE+1]]:55: specialized: new Sixteen -> alloc_noscan_sc2<Sixteen> (16 B, class 2)
__attribute__((noinline)) Sixteen *sixteen() { return new Sixteen{1, 2}; }

// JSON:      "routine": "alloc_noscan_tiny<bool>",
// JSON-NEXT: "scan": false,
// JSON-NEXT: "size": 1,
// JSON-NEXT: "status": "specialized",
// JSON-NEXT: "tiny": true,
// JSON:      "routine": "alloc_scan_sc1<WithPointer>",
// JSON-NOT:  "tiny"
// JSON:      "routine": "alloc_noscan_sc2<Sixteen>",
// JSON-NOT:  "tiny"

#ifdef MAIN
int main(int argc, char **) {
  bool *B = flag();
  char *C = buffer();
  std::unique_ptr<int> N = number();
  std::uint32_t *M = maybe();
  Cookie *K = cookies();
  WithPointer *W = named();
  Sixteen *S = sixteen();
  std::uint64_t *E = eight();
  // Runtime-sized: the typed path packs them too.
  std::vector<unsigned char> V(argc + 2, 'v');
  std::vector<short> Shorts(argc + 3, 5);
  std::printf("%d %s %d %u %s %ld %c %d %lu\n", *B, C, *N, *M, W->Name, S->B,
              V[0], Shorts[3], static_cast<unsigned long>(*E));
  // OUT: 1 tiny 42 7 x 2 v 5 8
  delete B;
  delete[] C;
  delete M;
  delete[] K;
  delete W;
  delete S;
  delete E;
}
#endif
// STATS: {{^ *}}1 8 noscan 2 2 0 1 1
// STATS: tiny 32 noscan 6 6 {{[0-9]+}} 5 1
// STATS: sizespec: tiny blocks
// PLAIN: sizespec: stats (mode active)
// PLAIN-NOT: tiny 32
