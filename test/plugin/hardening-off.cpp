// The hardening switch (docs/interfaces.md, "Hardening"). The plugin's
// hardening=off emits plain free-list links, and a marker that makes the
// runtime run unhardened too; SIZESPEC_HARDENING=0 turns the runtime's off
// under code built hardened. Either way a use-after-free write into a
// freed object's link is no longer caught: the address written is handed
// out, as before hardening. Hardened, the program stops with its line.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sizespec -std=c++17 -O2 -fplugin-arg-sizespec-hardening=off -S -emit-llvm %s -o %t/off.ll
// RUN: FileCheck %s --check-prefix=IR-OFF < %t/off.ll
// IR-OFF: @__sizespec_unhardened = weak {{.*}}global i8 0
// IR-OFF-LABEL: define {{.*}} @_Z4makev()
// IR-OFF-NOT: mul
// IR-OFF: ret ptr
// IR-OFF-LABEL: define {{.*}} @_Z4dropP4Node(
// IR-OFF-NOT: mul
// IR-OFF: ret void
// RUN: %sizespec -std=c++17 -O2 -S -emit-llvm %s -o %t/on.ll
// RUN: FileCheck %s --check-prefix=IR-ON < %t/on.ll
// IR-ON-NOT: __sizespec_unhardened
// IR-ON-LABEL: define {{.*}} @_Z4makev()
// IR-ON: mul i64
// IR-ON-LABEL: define {{.*}} @_Z4dropP4Node(
// IR-ON: mul i64
//
// RUN: %sizespec -std=c++17 -O2 -fplugin-arg-sizespec-hardening=off %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t/off
// RUN: %t/off | FileCheck %s --check-prefix=HANDED
// RUN: %sizespec -std=c++17 -O2 -fplugin-arg-sizespec-hardening=off -fuse-ld=lld %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t/off-lld
// RUN: %t/off-lld | FileCheck %s --check-prefix=HANDED
// HANDED: handed out the written address
//
// RUN: %sizespec -std=c++17 -O2 %s %runtime_lib -Wl,-rpath,%runtime_libdir -o %t/on
// RUN: not --crash %t/on 2>&1 | FileCheck %s --check-prefix=STOPPED
// STOPPED: sizespec: free-list link overwritten (a write after free?): 0x{{[0-9a-f]+}} (class 3, 24 B, noscan)
// RUN: env SIZESPEC_HARDENING=0 %t/on | FileCheck %s --check-prefix=HANDED
// RUN: env SIZESPEC_HARDENING=yes not --crash %t/on 2>&1 | FileCheck %s --check-prefix=IGNORED
// IGNORED: sizespec: ignoring SIZESPEC_HARDENING=yes: expected 0 or 1; hardening stays on
// IGNORED-NEXT: sizespec: free-list link overwritten

#include <cstdio>

struct Node {
  long a, b, c;
};

alignas(16) static char target[64];

__attribute__((noinline)) Node *make() { return new Node{1, 2, 3}; }
__attribute__((noinline)) void drop(Node *p) { delete p; }

int main() {
  Node *objs[16];
  for (Node *&p : objs)
    p = make();
  for (Node *p : objs)
    drop(p);
  // The use after free: the newest freed object's first word.
  *reinterpret_cast<void **>(objs[15]) = target;
  for (int i = 0; i < 4096; ++i) {
    void *p = make();
    // Hidden from the optimizer, which knows a new object is not target.
    asm volatile("" : "+r"(p));
    if (p == target) {
      std::puts("handed out the written address");
      return 0;
    }
  }
  std::puts("never handed out the written address");
}
