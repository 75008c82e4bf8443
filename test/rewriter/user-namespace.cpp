// A user namespace called `sizespec` does not capture the rewrite: the
// routine and the helpers are named from the global namespace.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cpp
// RUN: %mkdb %t t.cpp -- -std=c++17 -I%runtime_include
// RUN: %rewrite -p %t --apply %t/t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t/t.cpp
// RUN: %clangxx -std=c++17 -Wall -Werror -fsyntax-only -I%runtime_include %t/t.cpp
#include <memory>

namespace app {
namespace sizespec {
int version = 1;
} // namespace sizespec

struct P {
  int X, Y;
};

P *make() { return new P{1, 2}; }
// CHECK-FIXES: {{^}}P *make() { return new (::sizespec::alloc_noscan_sc1<P>) P{1, 2}; }{{$}}
std::unique_ptr<P> unique() { return std::make_unique<P>(); }
// CHECK-FIXES: {{^}}std::unique_ptr<P> unique() { return ::sizespec::make_unique<P>(::sizespec::alloc_noscan_sc1<P>); }{{$}}
std::shared_ptr<P> shared() { return std::make_shared<P>(); }
// CHECK-FIXES: {{^}}std::shared_ptr<P> shared() { return ::sizespec::make_shared<P>(); }{{$}}
} // namespace app
