//===- sanitized_main.cc - main() of the runtime's sanitized tests --------===//
//
// The runtime stands aside under a sanitizer (runtime/src/platform.cc); these
// binaries build it with SIZESPEC_SANITIZER_TESTING so it stays active. A
// test that passed because the runtime stood aside would prove nothing, so
// each run first checks that the runtime serves allocations, and fails
// otherwise, before any test runs.
//
//===----------------------------------------------------------------------===//

#include <sizespec/stats.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <new>

int main(int argc, char **argv) {
  testing::InitGoogleTest(&argc, argv);
  ::operator delete(::operator new(24)); // the runtime decides its mode here
  if (sizespec::stats().mode != sizespec::Mode::active) {
    std::fprintf(stderr, "sanitized test: the runtime is not active; a pass "
                         "here would prove nothing\n");
    sizespec::print_stats(stderr); // its first line names the mode
    return 1;
  }
  std::fprintf(stderr, "sanitized test: mode active\n");
  return RUN_ALL_TESTS();
}
