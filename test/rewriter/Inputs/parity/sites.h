// A header seen by both translation units: each site is listed once.
#ifndef PARITY_SITES_H
#define PARITY_SITES_H

#include <memory>
#include <new>
#include <vector>

struct Point {
  int X, Y;
};
struct Node {
  Node *Next;
  long Value;
};
struct Big {
  double V[200];
};

inline Point *origin() { return new Point{0, 0}; }

template <class T> T *make() { return new T(); }

#endif
