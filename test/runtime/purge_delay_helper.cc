//===- purge_delay_helper.cc - Prints the purge delay in force ------------===//
//
// Run by purge_test with SIZESPEC_PURGE_DELAY_MS set to good and bad values:
// allocates once (the runtime reads its environment then) and prints the
// delay the runtime uses.
//
//===----------------------------------------------------------------------===//

#include <sizespec/testing.h>

#include <cstdio>
#include <new>

int main() {
  ::operator delete(::operator new(16));
  std::printf("%u\n", sizespec::test_hooks::purge_delay_ms());
  return 0;
}
