//===- plugin_lib.cc - A library built with the plugin, to be dlopened ----===//
//
// dlopen_plugin_lib loads and unloads it many times. Its sites are
// specialized (new of a scan and a pointer-free type, a map's nodes,
// make_shared); what it hands out outlives it and is freed by the program
// after dlclose, so nothing here may have a destructor.
//
//===----------------------------------------------------------------------===//

#include <map>
#include <memory>

struct Node {
  Node *next;
  long value[4];
};
struct Point {
  double x, y, z;
};

extern "C" {

/// Makes \p n Nodes and \p n Points, each filled from \p seed; frees half
/// of them here (the inline free path of this library's code) and hands the
/// rest out. Returns the sum of a map's values it built and destroyed.
__attribute__((visibility("default"))) long
lib_make(int n, long seed, Node **nodes, Point **points) {
  for (int i = 0; i < n; ++i) {
    Node *a = new Node{nullptr, {seed + i, 0, 0, 0}};
    Point *b = new Point{double(seed + i), 0, 0};
    if (i % 2) {
      delete a;
      delete b;
      a = nullptr;
      b = nullptr;
    }
    nodes[i] = a;
    points[i] = b;
  }
  std::map<int, long> m;
  for (int i = 0; i < n; ++i)
    m[i] = seed + i;
  auto shared = std::make_shared<Point>(Point{1, 2, 3});
  long sum = long(shared->y);
  for (auto &kv : m)
    sum += kv.second;
  return sum;
}
}
