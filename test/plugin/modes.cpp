// Every language mode from C++11 to C++23, and without exceptions or RTTI:
// whatever the plugin makes visible compiles, and sites are redirected.
// RUN: %sizespec -std=c++11 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - | FileCheck %s
// RUN: %sizespec -std=c++14 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - | FileCheck %s --check-prefixes=CHECK,CXX14
// RUN: %sizespec -std=c++17 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - | FileCheck %s --check-prefixes=CHECK,CXX14
// RUN: %sizespec -std=c++20 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - | FileCheck %s --check-prefixes=CHECK,CXX14
// RUN: %sizespec -std=c++23 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - | FileCheck %s --check-prefixes=CHECK,CXX14
// RUN: %sizespec -std=gnu++11 -fno-exceptions -fno-rtti -S -emit-llvm -Xclang -disable-llvm-passes %s -o - | FileCheck %s
// RUN: %sizespec -std=c++20 -fno-exceptions -fno-rtti -S -emit-llvm -Xclang -disable-llvm-passes %s -o - | FileCheck %s --check-prefixes=CHECK,CXX14
// Strict warnings stay quiet: the injected code is a system header.
// RUN: %sizespec -std=c++11 -Wall -Wextra -Wpedantic -Wold-style-cast -Wshadow -Werror -fsyntax-only %s
// RUN: %sizespec -std=c++23 -Wall -Wextra -Wpedantic -Wold-style-cast -Wshadow -Werror -fsyntax-only %s
#include <memory>
#include <new>

struct Point {
  double X, Y, Z;
};
struct Node {
  Node *Next;
};

Point *plain() { return new Point(); }
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 24)
Node *nothrow() { return new (std::nothrow) Node(); }
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail13site_new_scanEmRKSt9nothrow_t(i64 noundef 8,
int *array() { return new int[4]; }
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail17site_array_noscanEm(i64 noundef 16)
#if __cplusplus >= 201402L
std::unique_ptr<Point> unique() { return std::make_unique<Point>(); }
// CXX14-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 24)
#endif
std::shared_ptr<Point> shared() { return std::make_shared<Point>(); }
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail13site_new_scanEm(i64
