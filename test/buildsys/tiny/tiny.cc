// One specialized site, built by each build system through sizespec-clang++.
#include <cstdio>
#include <memory>

struct Point {
  long X, Y, Z;
};
Point *Last; // P escapes: the optimizer keeps its allocation at -O2.
int main() {
  auto P = std::make_unique<Point>();
  P->X = 6;
  Last = P.get();
  std::printf("sum %ld\n", P->X + P->Y + P->Z);
  return 0;
}
