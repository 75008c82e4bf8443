struct Point { double X, Y, Z; };
Point *makePoint() { return new Point; }
