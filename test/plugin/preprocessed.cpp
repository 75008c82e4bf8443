// Preprocessed input (-save-temps, -E then -c, ccache with
// run_second_cpp=false, distcc, icecream's preprocessed C++ on stdin): the flags of `sizespec-config
// --cxxflags` -include the markers header, so the .ii has it, and compiling
// the .ii gives the object the source gives: the same code, the same records.
// RUN: rm -rf %t && mkdir -p %t && cd %t && cp %s main.cpp
// RUN: %sizespec -isystem %runtime_include -include %runtime_include/sizespec/site_markers.h -O2 -c main.cpp -o source.o
// RUN: %sizespec -isystem %runtime_include -include %runtime_include/sizespec/site_markers.h -O2 -E main.cpp -o main.ii
// RUN: %sizespec -O2 -c main.ii -o ii.o
// RUN: %sizespec -isystem %runtime_include -include %runtime_include/sizespec/site_markers.h -O2 -save-temps -c main.cpp -o temps.o
// RUN: test -f main.ii && test -f main.s
// RUN: sh -c 'for o in source ii temps; do llvm-objcopy --dump-section=.sizespec.sites=$o.sites $o.o $o.tmp && llvm-objdump -d --no-show-raw-insn $o.o | tail -n +3 > $o.dis || exit 1; done'
// RUN: cmp source.sites ii.sites
// RUN: cmp source.sites temps.sites
// RUN: cmp source.dis ii.dis
// RUN: cmp source.dis temps.dis
// Preprocessed text given as C++ on stdin, as icecream sends it to another
// machine: the plugin sees the line marker -E writes first and does not
// include the markers header a second time.
// RUN: %sizespec -O2 -x c++ -c - -o stdin.o -Xclang -main-file-name -Xclang main.cpp < main.ii
// RUN: llvm-objcopy --dump-section=.sizespec.sites=stdin.sites stdin.o stdin.tmp
// RUN: llvm-objdump -d --no-show-raw-insn stdin.o | tail -n +3 > stdin.dis
// RUN: cmp source.sites stdin.sites
// RUN: cmp source.dis stdin.dis
// The records name the source file, not the .ii.
// RUN: FileCheck %s --check-prefix=MAIN < ii.sites
// MAIN: "main_file":"main.cpp"
// MAIN-SAME: "routine":"alloc_noscan_sc3<Point>"
//
// A .ii preprocessed without the header: one warning, nothing specialized,
// and an object that works without the routines.
// RUN: %clangxx -O2 -E main.cpp -o bare.ii
// RUN: %sizespec -fplugin-arg-sizespec-report -O2 -c bare.ii -o bare.o 2>&1 | FileCheck %s --check-prefix=BARE
// BARE: warning: sizespec: this preprocessed input was made without the sizespec header, so no site is specialized; preprocess with the flags of `sizespec-config --cxxflags` (they -include it)
// BARE: main.cpp:[[#@LINE+5]]:{{[0-9]+}}: not specialized: new Point (24 B): sizespec routines not visible in this translation unit
// BARE-NOT: warning:
// RUN: llvm-nm -C -u bare.o | FileCheck %s --check-prefix=BARE-SYMS
// BARE-SYMS-NOT: sizespec::
struct Point { double X, Y, Z; };
Point *make() { return new Point; }
