struct Point {
  int X, Y;
};
Point *broken() { return new Point{1, 2}; }
int missingSemicolon()
