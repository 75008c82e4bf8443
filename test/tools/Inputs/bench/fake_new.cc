// An operator new that hands out 32-byte steps of one arena aligned to a
// 64 KiB chunk, so that the placement shim's counts and chunks are known:
// loaded after the shim, it is the definition the shim forwards to.
#include <cstddef>

alignas(65536) static char Arena[1 << 20];
static std::size_t Used;

void *operator new(std::size_t N) {
  void *P = Arena + Used;
  Used += (N + 31) / 32 * 32;
  return P;
}
void operator delete(void *) noexcept {}
void operator delete(void *, std::size_t) noexcept {}
