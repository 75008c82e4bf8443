// 200 allocations of 24 bytes (sizespec's class 3), then 10 of 2000 bytes
// (above the classes: not counted).
#include <cstdio>
#include <new>

int main() {
  void *Keep[210];
  for (int I = 0; I < 200; ++I)
    Keep[I] = ::operator new(24);
  for (int I = 200; I < 210; ++I)
    Keep[I] = ::operator new(2000);
  std::printf("%p\n", Keep[0]);
  return 0;
}
