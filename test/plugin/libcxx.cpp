// libc++ gets what libstdc++ gets. Its std::allocator<T>::allocate reaches
// std::__libcpp_allocate(n * sizeof(T), alignof(T)), which is not a template
// on T; the plugin takes that call in each allocator<T>::allocate: every
// container, std::string, std::function, make_shared and allocate_shared,
// in every language mode. libc++ 22's std::function takes a `new` of its
// private `_Fun` where libc++ 19 used its allocator: the site has the class,
// and is named by the type the alias stands for (LIBCXX19, LIBCXX22).
// REQUIRES: libcxx
// Nothing is listed that no user code reaches (allocator<char16_t>, ...).
// RUN: %sizespec %libcxx -std=c++11 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 | FileCheck %s --check-prefixes=CHECK,CXX11,LIBCXX%clang_major --implicit-check-not=allocator.h --implicit-check-not=char16_t
// RUN: %sizespec %libcxx -std=c++14 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 | FileCheck %s --check-prefixes=CHECK,CXX14,LIBCXX%clang_major --implicit-check-not=allocator.h --implicit-check-not=char16_t
// RUN: %sizespec %libcxx -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 | FileCheck %s --check-prefixes=CHECK,CXX14,LIBCXX%clang_major --implicit-check-not=allocator.h --implicit-check-not=char16_t
// RUN: %sizespec %libcxx -std=c++20 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 | FileCheck %s --check-prefixes=CHECK,CXX14,LIBCXX%clang_major --implicit-check-not=allocator.h --implicit-check-not=char16_t
// RUN: %sizespec %libcxx -std=c++23 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 | FileCheck %s --check-prefixes=CHECK,CXX14,LIBCXX%clang_major --implicit-check-not=allocator.h --implicit-check-not=char16_t
//
// At -O2 the surviving sites are specialized and nothing is left on
// operator new; the make_shared block gets its class.
// RUN: %sizespec %libcxx -std=c++17 -O2 -S -emit-llvm %s -o %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
//
// late.cpp under libc++: what Clang deletes without the plugin stays
// deleted, and the program makes the same allocations and prints the same.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx %libcxx -std=c++17 -O2 -c %S/late.cpp -o %t/plain.o
// RUN: %sizespec %libcxx -std=c++17 -O2 -c %S/late.cpp -o %t/spec.o
// RUN: sh -c 'for f in _Z1fl _Z1gl _Z1hl _Z2fnl _Z3strl; do for v in plain spec; do llvm-objdump -d --no-show-raw-insn --no-leading-addr --disassemble-symbols=$f %t/$v.o | tail -n +4 | sed "s/0x[0-9a-f]* <//" > %t/$v.$f || exit 1; done; test -s %t/plain.$f && cmp %t/plain.$f %t/spec.$f || exit 1; done'
// REQUIRES: runtime
// RUN: %clangxx %libcxx -std=c++17 -O2 -DMAIN %S/late.cpp %runtime_lib -Wl,-rpath,%runtime_libdir %libcxx_link -o %t/plain
// RUN: %sizespec %libcxx -std=c++17 -O2 -DMAIN %S/late.cpp %runtime_lib -Wl,-rpath,%runtime_libdir %libcxx_link -o %t/spec
// RUN: env SIZESPEC_STATS=1 %t/plain > %t/plain.out 2> %t/plain.stats
// RUN: env SIZESPEC_STATS=1 %t/spec > %t/spec.out 2> %t/spec.stats
// RUN: diff %t/plain.out %t/spec.out
// RUN: sh -c 'for v in plain spec; do awk "\$1 ~ /^[0-9]+\$/ || \$1 == \"large\" || \$1 == \"tiny\" { n += \$4 } END { print n }" %t/$v.stats > %t/$v.allocs || exit 1; done'
// RUN: cmp %t/plain.allocs %t/spec.allocs
// RUN: awk '$1 ~ /^[0-9]+$/ { s += $7 } END { exit s > 0 ? 0 : 1 }' %t/spec.stats
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct Point { long X, Y, Z; };
struct Node { Node *Next; long V; };

// Each is listed at the first place in user code that reaches it.
// IR-LABEL: define {{.*}} @_Z3usel(
// IR: call ptr @_ZN8sizespec6detail12alloc_refillEjm(i32 9, i64 40)
// IR-NOT: @_Znwm(
// IR-NOT: site_new
long use(long A) {
  std::shared_ptr<Node> S = std::make_shared<Node>();
  // CHECK-DAG: libcxx.cpp:[[@LINE-1]]:34: specialized: make_shared<Node> -> alloc_scan_sc5<std::__shared_ptr_emplace<Node, std::allocator<Node>>> (40 B, class 5)
  std::vector<Point> V(3);
  // CHECK-DAG: libcxx.cpp:[[@LINE-1]]:22: specialized: allocator<Point> -> alloc_noscan<Point> (runtime size)
  std::map<int, long> M;
  M[1] = A;
  // CHECK-DAG: libcxx.cpp:[[@LINE-1]]:4: specialized: allocator<std::__tree_node<std::__value_type<int, long>, void *>> -> alloc_scan<std::__tree_node<std::__value_type<int, long>, void *>> (runtime size)
  std::string Str(40, 'x');
  // CHECK-DAG: libcxx.cpp:[[@LINE-1]]:15: specialized: allocator<char> -> alloc_noscan<char> (runtime size)
  std::function<long()> Fn = [A, &V, &M, &Str] {
    return A + long(V.size() + M.size() + Str.size());
  };
  // LIBCXX19-DAG: libcxx.cpp:[[@LINE-3]]:30: specialized: allocator<std::__function::__func<{{.*}}>> -> alloc_scan<std::__function::__func<{{.*}}>> (runtime size)
  // LIBCXX22-DAG: libcxx.cpp:[[@LINE-4]]:30: specialized: new std::__function::__func<(lambda at {{.*}}libcxx.cpp:[[@LINE-4]]:30), long ()> -> alloc_scan_sc5<std::__function::__func<(lambda at {{.*}}), long ()>> (40 B, class 5)
#if __cplusplus >= 201402L
  auto U = std::make_unique<Point>();
  // CXX14-DAG: libcxx.cpp:[[@LINE-1]]:17: specialized: make_unique<Point> -> alloc_noscan_sc3<Point> (24 B, class 3)
  return U->X + S->V + M[1] + Fn();
#else
  // CXX11-NOT: make_unique
  return S->V + M[1] + Fn();
#endif
}
