// A program that replaces the global operator new: the runtime defers to
// it (mode deferring), so its profile has no samples and says why.
#include <cstdio>
#include <cstdlib>
#include <new>

void *operator new(std::size_t N) {
  if (void *P = std::malloc(N ? N : 1))
    return P;
  throw std::bad_alloc();
}
void operator delete(void *P) noexcept { std::free(P); }
void operator delete(void *P, std::size_t) noexcept { std::free(P); }

struct Point {
  double X, Y, Z;
};
Point *volatile Sink;

int main() {
  for (int I = 0; I < 100000; ++I) {
    Point *P = new Point{1, 2, 3};
    Sink = P;
    delete P;
  }
  std::printf("done\n");
}
