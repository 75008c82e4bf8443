struct Point {
  int X, Y;
};
Point *good() { return new Point{1, 2}; }
