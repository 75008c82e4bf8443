// Objects of three of sizespec's bins, for bench-region-probe.test: prints
// each bin (runtime/include/sizespec/bins.h: (class - 1) * 2 + scan) and
// the address operator new, which places objects in scan bins, returned.
// 16 bytes are class 2, 17..32 class 4 (operator new's alignment), 1024
// class 32.
#include <cstdio>
#include <new>

int main() {
  std::printf("3 %p\n", ::operator new(16));
  std::printf("7 %p\n", ::operator new(32));
  std::printf("63 %p\n", ::operator new(1024));
  return 0;
}
