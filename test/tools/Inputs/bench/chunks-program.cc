// The placement shim's chunks (bench-placement-shim.test): on fake_new.cc's
// arena, a 24-byte object (class 3) and a 48-byte one (class 5) start
// chunk 0, then 80 objects of 1000 bytes (class 32, 1024-byte steps), the
// 64th of which is the first in chunk 1. Prints the arena's start.
#include <cstdio>
#include <new>

int main() {
  void *First = ::operator new(24);
  ::operator new(48);
  for (int I = 0; I < 80; ++I)
    ::operator new(1000);
  std::printf("%p\n", First);
  return 0;
}
