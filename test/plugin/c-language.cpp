// A C translation unit compiled with the plugin (a mixed C/C++ build passes
// the same flags to both): nothing is injected, nothing is reported, no
// records, no stamp.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sizespec -x c -fplugin-arg-sizespec-report -c %s -o %t/c.o 2>&1 | count 0
// RUN: llvm-readelf -S %t/c.o | FileCheck %s
// CHECK-NOT: .sizespec.stamp
// CHECK-NOT: .sizespec.sites
#include <stdlib.h>

int *make(void) { return malloc(sizeof(int)); }
