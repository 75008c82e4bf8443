// Every object built with the plugin carries its site records in a
// non-allocated .sizespec.sites section (docs/interfaces.md, "The records
// section"): a header line, then the sidecar JSON on one line; zlib once it
// is larger than 4 KiB. After it, the late passes' lowered record: what
// became of each specialized site's calls (here, without -g, no locations).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sizespec -c %s -o small.o
// RUN: llvm-readelf -S small.o | FileCheck %s --check-prefix=FLAGS
// FLAGS: .sizespec.sites PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 00 0 0 1
// RUN: llvm-objcopy --dump-section=.sizespec.sites=small.bin small.o
// RUN: FileCheck %s --check-prefix=SMALL -DDIR=%t < small.bin
// SMALL:      sizespec-sites v=2 encoding=none stored={{([0-9]+) raw=\1}}{{$}}
// SMALL-NEXT: {"clang_version":"{{[^"]+}}","directory":"[[DIR]]","main_file":"{{[^"]*}}records.cpp","plugin_version":"{{[^"]+}}","settings":{"max":1024,"off":false,"sanitizer":null},"sites":[{"align":8,"class":3,"code":{"column":24,"file":"{{[^"]*}}records.cpp","function":"_Z4makev","line":[[#@LINE+22]]},{{.*}}"describe":"new Point",{{.*}}"routine":"alloc_noscan_sc3<Point>",{{.*}}],"sizespec":2}
// SMALL-NEXT: sizespec-lowered v=1 encoding=none stored={{([0-9]+) raw=\1}}{{$}}
// SMALL-NEXT: {"locations":false,"sites":[{"aligned":false,"calls":[{"class":3,"count":1,"how":"lowered","inlined_at":[],"size":24,"why":null}],"column":0,"file":"","form":"new","function":"_Z4makev","line":0,"nothrow":false,"scan":false,"size":24}],"sizespec_lowered":1}
//
// Many sites: the record is compressed.
// RUN: %sizespec -DMANY -c %s -o many.o
// RUN: llvm-objcopy --dump-section=.sizespec.sites=many.bin many.o
// RUN: head -n 1 many.bin | FileCheck %s --check-prefix=MANY
// MANY: sizespec-sites v=2 encoding=zlib stored={{[0-9]+}} raw={{[0-9]+}}{{$}}
//
// Linking concatenates the records, --gc-sections or not; nothing of them
// is mapped at run time (no A flag above, no load segment covers them).
// RUN: %clangxx -shared -Wl,--gc-sections small.o many.o -o both.so
// RUN: llvm-objcopy --dump-section=.sizespec.sites=both.bin both.so
// RUN: grep -c '^sizespec-sites v=2' both.bin | FileCheck %s --check-prefix=TWO
// TWO: 2
//
// -fsyntax-only has no object and writes nothing.
// RUN: mkdir empty && cd empty && %sizespec -fsyntax-only %s && ls | count 0
struct Point { double X, Y, Z; };

#ifndef MANY
Point *make() { return new Point; }
#else
template <int N> struct Box { long V[N]; };
template <int... Ns> void *each() {
  void *Ps[] = {new Box<Ns>...};
  return Ps[0];
}
void *many() {
  return each<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
              19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32>();
}
#endif
