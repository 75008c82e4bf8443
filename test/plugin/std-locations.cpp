// A site inside the standard library is listed at the first place in user
// code that reaches it (the push_back, the container's declaration, the
// std::function's construction), once per type, with the path as the user
// wrote it; one that no user code reaches is not listed (<string> alone
// instantiates allocator<char16_t> and allocator<char32_t>). So no record
// names a file under /usr: `sizespec-report --exclude-files='^/usr/'` hides
// none of the user's sites.
// RUN: %sizespec -std=c++17 -fsyntax-only -fplugin-arg-sizespec-report %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=/usr/ --implicit-check-not=char16_t \
// RUN:       --implicit-check-not=char32_t --implicit-check-not=specialized:
// (The rewriter lists the same: test/rewriter/parity.test.)
#include <functional>
#include <map>
#include <string>
#include <vector>

struct Point { long X, Y, Z; };

template <class T> void fill(std::vector<T> &V, const T &X) {
  V.push_back(X);
  // CHECK-DAG: std-locations.cpp:[[@LINE-1]]:5: specialized: allocator<int> -> alloc_noscan<int> (runtime size)
}

long use(long A) {
  std::vector<Point> Ps;
  Ps.push_back(Point{A, 2, 3});
  // CHECK-DAG: std-locations.cpp:[[@LINE-1]]:6: specialized: allocator<Point> -> alloc_noscan<Point> (runtime size)
  Ps.push_back(Point{3, 2, A});
  std::vector<int> Is;
  fill(Is, 4);
  std::map<int, long> M;
  M[1] = A;
  // CHECK-DAG: std-locations.cpp:[[@LINE-1]]:4: specialized: allocator<std::_Rb_tree_node<std::pair<const int, long>>> -> alloc_scan<std::_Rb_tree_node<std::pair<const int, long>>> (runtime size)
  long Big[4] = {A, 1, 2, 3};
  std::function<long()> F = [Big] { return Big[0] + Big[3]; };
  // CHECK-DAG: std-locations.cpp:[[@LINE-1]]:29: specialized: new (lambda at {{.*}}std-locations.cpp:[[@LINE-1]]:29) -> alloc_noscan_sc4<(lambda at {{.*}}std-locations.cpp:[[@LINE-1]]:29)> (32 B, class 4)
  std::string S = "a string longer than fifteen bytes";
  return long(Ps.size() + Is.size() + M.size() + S.size()) + F();
}
