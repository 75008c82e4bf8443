// A precompiled header built with the plugin carries no records of its own:
// they would reach every translation unit that includes it. An object built
// with it has exactly one record, its own.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sizespec -x c++-header %S/Inputs/pch-header.h -o %t/header.pch
// RUN: %sizespec -include-pch %t/header.pch -c %s -o %t/user.o
// RUN: llvm-objcopy --dump-section=.sizespec.sites=%t/user.bin %t/user.o %t/user.tmp
// RUN: grep -c '^sizespec-sites v=2' %t/user.bin | FileCheck %s
// CHECK: 1
int main() { return makePair() != nullptr; }
