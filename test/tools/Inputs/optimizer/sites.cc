#include "shared.h"

#include <memory>

struct Point {
  double X, Y, Z;
};

Point *volatile Sink;

// Its memory escapes: lowered at every level.
void kept() { Sink = new Point{1, 2, 3}; }

// Its memory never escapes: Clang's optimizer deletes the new/delete pair
// at -O1 and above, with and without the plugin.
double gone() {
  Point *P = new Point{4, 5, 6};
  double X = P->X;
  delete P;
  return X;
}

// One make_unique<Point>, listed at each call: the first two escape, the
// third is deleted where it was inlined.
std::unique_ptr<Point> first() { return std::make_unique<Point>(); }
std::unique_ptr<Point> second() { return std::make_unique<Point>(); }
double third() { return std::make_unique<Point>()->Y; }

// An allocator's size is a run-time size in the AST and a constant once
// inlined: 24 B takes class 3 inline; 2400 B stays a call of operator new.
struct Cell {
  long A, B, C;
};
Point *one() { return std::allocator<Point>().allocate(1); }
Cell *hundred() { return std::allocator<Cell>().allocate(100); }

// A vector's allocator call is inlined into its reallocation, out of line,
// not at the push_back: it runs.
#include <vector>
struct Entry {
  long A, B;
};
void grow(std::vector<Entry> &V) { V.push_back(Entry{1, 2}); }

int main() {
  PairSink = shared();
  return int(gone() + third());
}
