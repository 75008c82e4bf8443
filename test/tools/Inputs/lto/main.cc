#include <cstdio>
#include <map>
#include <memory>
#include <string>
struct Point { long x, y, z; };
struct Node { Node *next; long v; };
long sum(const std::map<int, long> &m);
Node *chain(int n);
int main() {
  std::map<int, long> m;
  long t = 0;
  for (int i = 0; i < 1000; ++i) {
    m[i] = i;
    auto p = std::make_unique<Point>();
    p->x = i;
    t += p->x;
    auto s = std::make_shared<Node>();
    t += s->v;
  }
  Node *c = chain(100);
  for (Node *n = c; n;) { Node *x = n->next; t += n->v; delete n; n = x; }
  std::printf("%ld %ld\n", t, sum(m));
}
