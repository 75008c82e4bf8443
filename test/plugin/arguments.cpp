// The plugin's arguments, and the errors for bad ones.
//
// RUN: not %sizespec -fplugin-arg-sizespec-bogus -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: sizespec: unknown argument 'bogus' (try -fplugin-arg-sizespec-help)
//
// RUN: not %sizespec -fplugin-arg-sizespec-max=abc -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADMAX
// RUN: not %sizespec -fplugin-arg-sizespec-max=1025 -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADMAX
// RUN: not %sizespec -fplugin-arg-sizespec-max=-8 -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADMAX
// BADMAX: error: sizespec: invalid max '{{.*}}': expected a size in bytes from 0 to 1024
//
// RUN: not %sizespec -fplugin-arg-sizespec-sidecar= -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADSIDECAR
// BADSIDECAR: error: sizespec: sidecar= needs a path or 'none'
//
// RUN: %sizespec -fplugin-arg-sizespec-help -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HELP
// HELP: sizespec plugin arguments (-fplugin-arg-sizespec-ARG):
// HELP: report
// HELP: off
// HELP: max=N
// HELP: sidecar=PATH
// HELP: help
// HELP: Link the program with the runtime: `sizespec-config --libs` (-L<libdir>
// HELP-NEXT: -lsizespec). Without it the link fails with undefined references to
// HELP-NEXT: sizespec::detail::tls_cache and sizespec::detail::alloc_refill.
// HELP-NEXT: The same file is the plugin's LLVM pass: Clang 22, and compiles from
// HELP-NEXT: IR (-save-temps), also need -fpass-plugin=<this file>, as
// HELP-NEXT: `sizespec-config --cxxflags` gives it.
//
// Without `report`, nothing is printed.
// RUN: %sizespec -fsyntax-only %s 2>&1 | count 0
//
// RUN: %sizespec -fplugin-arg-sizespec-report -fplugin-arg-sizespec-max=16 \
// RUN:   -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=MAX16
// MAX16: arguments.cpp:[[@LINE+16]]:24: not specialized: new Point (24 B): size above 16 B limit by 8 B
// MAX16: arguments.cpp:[[@LINE+16]]:21: specialized: new int -> alloc_noscan_tiny<int> (4 B, tiny)
//
// `off` compiles as without the plugin: the runtime header is not even
// included, and every site says why it was left alone.
// RUN: %sizespec -fplugin-arg-sizespec-report -fplugin-arg-sizespec-off \
// RUN:   -DEXPECT_NO_RUNTIME -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: arguments.cpp:[[@LINE+9]]:24: not specialized: new Point (24 B): sizespec is off for this translation unit
// OFF: arguments.cpp:[[@LINE+9]]:21: not specialized: new int (4 B): sizespec is off for this translation unit
//
// If the routines are not visible (here: the header's guard is predefined),
// sites are refused, not miscompiled.
// RUN: %sizespec -fplugin-arg-sizespec-report -DSIZESPEC_SITE_MARKERS_H \
// RUN:   -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=NORUNTIME
// NORUNTIME: arguments.cpp:[[@LINE+2]]:24: not specialized: new Point (24 B): sizespec routines not visible in this translation unit
struct Point { double X, Y, Z; };
Point *make() { return new Point; }
int *one() { return new int; }

#if defined(EXPECT_NO_RUNTIME) && defined(SIZESPEC_SITE_MARKERS_H)
#error "with off, the markers' header must not be included"
#endif

// The plugin injects the markers' header, and only it: not the routines of
// <sizespec/sizespec.h>, which every unit would then parse (about 60 M
// instructions a unit).
// RUN: %sizespec -DEXPECT_MARKERS_ONLY -fsyntax-only %s
#if defined(EXPECT_MARKERS_ONLY) && !defined(SIZESPEC_SITE_MARKERS_H)
#error "the plugin did not inject the markers' header"
#endif
#if defined(EXPECT_MARKERS_ONLY) && defined(SIZESPEC_SIZESPEC_H)
#error "the plugin injected the routines' header"
#endif
