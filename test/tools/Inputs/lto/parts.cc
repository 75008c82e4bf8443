#include <map>
struct Node { Node *next; long v; };
long sum(const std::map<int, long> &m) { long s = 0; for (auto &kv : m) s += kv.second; return s; }
Node *chain(int n) { Node *h = nullptr; for (int i = 0; i < n; ++i) h = new Node{h, i}; return h; }
