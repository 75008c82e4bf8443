// Sites of every kind on which the plugin and the rewriter must agree.
#include "sites.h"

#define MAKE_POINT new Point
#define KEEP(E) (E)

Point *body() { return MAKE_POINT; }
Point *argument() { return KEEP(new Point()); }
Point *nested() { return KEEP(KEEP((new Point()))); }

template <class T, int N> T *many() { return new T[N]; }
template <class T> T *unused() { return new T[2]; }

std::unique_ptr<Point> unique1() { return std::make_unique<Point>(); }
std::unique_ptr<Point> unique2() { return std::make_unique<Point>(Point{3, 4}); }
std::shared_ptr<Node> shared1() { return std::make_shared<Node>(); }
std::shared_ptr<Node> shared2() { return std::make_shared<Node>(Node{}); }

void use() {
  delete origin();
  delete make<Point>();
  delete make<Node>();
  delete make<Big>();
  delete[] many<int, 3>();
  delete[] many<Node, 4>();
  delete new (std::nothrow) Node;
  int *A = new int[5];
  delete[] A;
  std::vector<long> V(3);
  std::vector<Point> W(2);
  auto Lambda = [](auto X) { return new decltype(X)(X); };
  delete Lambda('c');
  delete Lambda(1.0);
}
