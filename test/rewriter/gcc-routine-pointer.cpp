// Rewritten sources pass the routine by address (rewrite.h); GCC must
// build them at every level. A routine named as a template argument of
// sizespec::make_unique inside a template was never instantiated by GCC:
// "inlining failed in call to always_inline ... function body not
// available", and, inline only, an undefined reference at the link. The
// routine is now make_unique's first argument. Found by the program
// generator (test/generator).
// REQUIRES: gxx, runtime
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++14 -I%runtime_include
// RUN: %rewrite -p %t --apply %t/t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t/t.cpp
// RUN: %gxx -std=c++14 -O1 -fno-exceptions -I%runtime_include %t/t.cpp -o %t/o1 %runtime_lib -Wl,-rpath,%runtime_libdir
// RUN: %t/o1 | FileCheck %s --check-prefix=OUT
// RUN: %gxx -std=c++14 -O0 -I%runtime_include %t/t.cpp -o %t/o0 %runtime_lib -Wl,-rpath,%runtime_libdir
// RUN: %t/o0 | FileCheck %s --check-prefix=OUT
// RUN: %gxx -std=c++17 -O2 -I%runtime_include %t/t.cpp -o %t/o2 %runtime_lib -Wl,-rpath,%runtime_libdir
// RUN: %t/o2 | FileCheck %s --check-prefix=OUT
// OUT: 59
#include <cstdio>
#include <memory>
#include <string>

struct Big {
  long Tag = 0;
  std::shared_ptr<long> Shared;
  std::string Text;
  std::unique_ptr<int> Owned;
  explicit Big(int K) : Tag(K), Shared(new long(K)), Text(19, 'x') {}
};

template <class U> long site(long Sum) {
  auto P = std::make_unique<Big>(27);
  // CHECK-FIXES: {{^}}  auto P = ::sizespec::make_unique<Big>(::sizespec::alloc_scan_sc6<Big>, 27);{{$}}
  return Sum + P->Tag + static_cast<long>(sizeof(U));
}

int main() { std::printf("%ld\n", site<int>(0) + site<char>(0)); }
