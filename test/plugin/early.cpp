// Sites CodeGen emits as soon as it sees them, before the end of the
// translation unit: global initializers, default arguments and default
// member initializers used by an out-of-line constructor, an explicit
// instantiation. Each is redirected in time.
// RUN: %sizespec -std=c++17 -S -emit-llvm -Xclang -disable-llvm-passes %s -o - \
// RUN:   | FileCheck %s --implicit-check-not=@_Znwm
struct Point { double X, Y, Z; };
struct Cell { long V; };
struct Pair { int A, B; };

Point *Global = new Point();
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 24)

void takes(Cell *C = new Cell());
void caller() { takes(); }
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 8)

struct Holder {
  Holder();
  Pair *P = new Pair();
};
Holder::Holder() {}
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 8)

template <class T> T *make() { return new T(); }
template int *make<int>();
// CHECK-DAG: call {{.*}} @_ZN8sizespec6detail15site_new_noscanEm(i64 noundef 4)
