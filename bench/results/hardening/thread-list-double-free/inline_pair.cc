// A 24-byte pair with both halves inline from the headers: the routine's pop
// and free_inline's push, as the plugin's IR has them.
#include <cstdlib>
#include <sizespec/sizespec.h>
struct Point {
  long x, y, z;
};
static void *volatile sink;
__attribute__((noinline)) void pairs(long n) {
  for (long i = 0; i < n; ++i) {
    void *p = sizespec::alloc_noscan_sc3<Point>(sizeof(Point));
    sink = p;
    if (!sizespec::detail::free_inline(p, sizeof(Point)))
      ::operator delete(p, sizeof(Point));
  }
}
int main(int argc, char **argv) { pairs(std::atol(argv[1])); }
