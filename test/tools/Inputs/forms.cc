// Allocation sites of every form, for report-matches-plugin.test.
#include <memory>
#include <new>
#include <string>
#include <vector>

struct Point {
  long X, Y, Z;
};
struct Node {
  Node *Next;
  int V;
};
struct Mesh {
  double D[130];
};
struct Pool {
  int A;
  static void *operator new(std::size_t N) { return ::operator new(N); }
};
template <class T> T *make() { return new T(); }

int main(int Argc, char **) {
  Point *P = new Point{1, 2, 3};
  int *A = new int[3];
  int *R = new int[Argc];
  auto U = std::make_unique<Node>();
  auto S = std::make_shared<Point>();
  Mesh *M = new Mesh();
  Pool *PL = new Pool();
  Node *N = make<Node>();
  Node *NT = new (std::nothrow) Node();
  std::vector<int> V{1, 2, 3};
  std::string Str(100, 'x');
  delete P;
  delete[] A;
  delete[] R;
  delete M;
  delete PL;
  delete N;
  delete NT;
  return 0;
}
