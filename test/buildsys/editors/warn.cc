// Warnings an editor and a linter show, the same with the sizespec flags as
// without: -Wunused-variable, -Wsign-compare, and clang-tidy's
// modernize-use-nullptr and bugprone-integer-division (.clang-tidy).
#include <memory>
#include <vector>

struct Point {
  long X, Y, Z;
};

double ratio(int A, int B) { return A / B * 1.0; }

int count(const std::vector<int> &V) {
  int Unused = 0;
  int *None = 0;
  int N = 0;
  for (int I = 0; I < V.size(); ++I)
    N += V[I];
  auto P = std::make_unique<Point>();
  return N + (None ? 1 : 0) + int(P->X) + int(ratio(N, 3));
}
