// A consumer of an installed sizespec: one site the plugin specializes
// (Point: 24 bytes, no pointers -> alloc_noscan_sc3<Point>).
#include <cstdio>

struct Point {
  long X, Y, Z;
};

int main() {
  Point *P = new Point{1, 2, 3};
  std::printf("sum %ld\n", P->X + P->Y + P->Z);
  delete P;
  return 0;
}
