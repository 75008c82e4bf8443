// Each object carries one stamp record (docs/interfaces.md); a linked file
// carries one per object.
// RUN: %sizespec -c %s -o %t.o
// RUN: llvm-readelf -p .sizespec.stamp %t.o | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: sizespec-stamp v=1 plugin={{[0-9]+\.[0-9]+\.[0-9]+}} clang={{[0-9]+\.[0-9]+\.[0-9]+[^ ]*}} off=0 max=1024 sanitizer=none hardening=1{{$}}
//
// RUN: %sizespec -fplugin-arg-sizespec-off -fplugin-arg-sizespec-max=48 \
// RUN:   -DSECOND -c %s -o %t.off.o
// RUN: llvm-readelf -p .sizespec.stamp %t.off.o | FileCheck %s --check-prefix=OFF
// OFF: sizespec-stamp v=1 plugin={{.*}} off=1 max=48 sanitizer=none hardening=1{{$}}
//
// RUN: %sizespec -fplugin-arg-sizespec-hardening=off -c %s -o %t.plain-links.o
// RUN: llvm-readelf -p .sizespec.stamp %t.plain-links.o | FileCheck %s --check-prefix=UNHARDENED
// UNHARDENED: sizespec-stamp v=1 plugin={{.*}} off=0 max=1024 sanitizer=none hardening=0{{$}}
// RUN: not %sizespec -fplugin-arg-sizespec-hardening=maybe -c %s -o %t.bad.o 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: sizespec: invalid hardening 'maybe': expected 'on' or 'off'
//
// RUN: %clangxx -shared %t.o %t.off.o -o %t.so
// RUN: llvm-readelf -p .sizespec.stamp %t.so | FileCheck %s --check-prefix=LINKED
// LINKED-DAG: off=0 max=1024
// LINKED-DAG: off=1 max=48
//
// The linker's garbage collection keeps it.
// RUN: %sizespec -ffunction-sections -fdata-sections -c %s -o %t.gc.o
// RUN: %clangxx -shared -Wl,--gc-sections %t.gc.o -o %t.gc.so
// RUN: llvm-readelf -p .sizespec.stamp %t.gc.so | FileCheck %s --check-prefix=DEFAULT
//
// Without the plugin there is no stamp section.
// RUN: %clangxx -c %s -o %t.plain.o
// RUN: llvm-readelf -S %t.plain.o | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: .sizespec.stamp
#ifdef SECOND
int second() { return 2; }
#else
int first() { return 1; }
#endif
