// Sites in templates are decided per instantiation, on the concrete type;
// an uninstantiated template's site is reported as dependent.
// RUN: %sizespec -std=c++20 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %sizespec -std=c++20 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - \
// RUN:   | FileCheck %s --check-prefix=IR
#include <cstdint>

struct Small { int X; };
struct Big { double V[129]; };
struct Linked { Linked *Next; };

template <class T> T *make() { return new T(); }
// CHECK-DAG: templates.cpp:[[@LINE-1]]:39: specialized: new Small -> alloc_noscan_tiny<Small> (4 B, tiny)
// CHECK-DAG: templates.cpp:[[@LINE-2]]:39: not specialized: new Big (1032 B): size above 1024 B limit by 8 B
// CHECK-DAG: templates.cpp:[[@LINE-3]]:39: specialized: new Linked -> alloc_scan_sc1<Linked> (8 B, class 1)
// CHECK-NOT: templates.cpp:[[@LINE-4]]:39: not specialized: new T: dependent type

template <class T, int N> struct Pool {
  T *grab() { return new T[N]; }
  // CHECK-DAG: templates.cpp:[[@LINE-1]]:22: specialized: new int[3] -> alloc_noscan_tiny<int[3]> (12 B, tiny)
  // CHECK-DAG: templates.cpp:[[@LINE-2]]:22: specialized: new Linked[4] -> alloc_scan_sc4<Linked[4]> (32 B, class 4)
};

// An explicit instantiation is emitted as soon as it is seen.
template <class T> T *explicitly() { return new T(); }
// CHECK-DAG: templates.cpp:[[@LINE-1]]:45: specialized: new double -> alloc_noscan_sc1<double> (8 B, class 1)
template double *explicitly<double>();

// Nobody instantiates this one.
template <class T> T *unused() { return new T[2]; }
// CHECK-DAG: templates.cpp:[[@LINE-1]]:41: not specialized: new T[]: dependent type

// A non-dependent site in a template is the same expression in every
// instantiation: reported once.
template <class T> int *counter() { return new int(sizeof(T)); }
// CHECK-DAG: templates.cpp:[[@LINE-1]]:44: specialized: new int -> alloc_noscan_tiny<int> (4 B, tiny)

void use() {
  delete make<Small>();
  delete make<Big>();
  delete make<Linked>();
  delete[] Pool<int, 3>().grab();
  delete[] Pool<Linked, 4>().grab();
  delete counter<char>();
  delete counter<long>();
  // A generic lambda, instantiated twice.
  auto Make = [](auto V) { return new decltype(V)(V); };
  // CHECK-DAG: templates.cpp:[[@LINE-1]]:35: specialized: new char -> alloc_noscan_tiny<char> (1 B, tiny)
  // CHECK-DAG: templates.cpp:[[@LINE-2]]:35: specialized: new Linked * -> alloc_scan_sc1<Linked *> (8 B, class 1)
  delete Make('c');
  delete Make(static_cast<Linked *>(nullptr));
}

// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(
// IR-DAG: call {{.*}} @_ZN8sizespec6detail13site_new_scanEm(
// IR-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(
// IR-DAG: call {{.*}} @_Znwm(i64 noundef 1032)
