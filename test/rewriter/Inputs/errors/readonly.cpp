struct Point {
  int X, Y;
};
Point *readonly() { return new Point{1, 2}; }
