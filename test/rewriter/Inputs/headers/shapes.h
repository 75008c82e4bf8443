#ifndef SHAPES_H
#define SHAPES_H

struct Point {
  int X, Y;
};

inline Point *origin() { return new Point{0, 0}; }

#endif
