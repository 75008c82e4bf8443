// Compiled by header_modes.sh in every language mode, with every compiler
// found, with and without exceptions and RTTI. Also linked and run.
#include <sizespec/sizespec.h>
#include <sizespec/stats.h>

namespace {
struct P3 {
  long x, y, z;
};
struct alignas(64) Line {
  char c[64];
};

// Plain delete: sized and aligned deletes do not exist in C++11.
template <class T> void use(void *P) { ::operator delete(P); }
} // namespace

// Every routine, both forms: what the plugin emits.
#define USE(N, T)                                                              \
  use<T>(sizespec::alloc_scan_sc##N<T>(sizeof(T)));                            \
  use<T>(sizespec::alloc_noscan_sc##N<T>(sizeof(T)));                          \
  use<T>(sizespec::alloc_scan_sc##N<T>(sizeof(T), std::nothrow));              \
  use<T>(sizespec::alloc_noscan_sc##N<T>(sizeof(T), std::nothrow));

extern "C" void *header_modes_hot(void) {
  return sizespec::alloc_noscan_sc3<P3>(sizeof(P3));
}

int main(int argc, char **) {
  USE(1, char[8])
  USE(2, char[16])
  USE(3, P3)
  USE(4, char[32])
  USE(5, char[48])
  USE(6, Line)
  USE(7, char[80])
  std::size_t N = static_cast<std::size_t>(argc) * 100;
  ::operator delete(sizespec::alloc_scan<P3 *>(N));
  ::operator delete(sizespec::alloc_noscan<P3>(N));
  ::operator delete(sizespec::alloc_noscan<Line>(N));
  void *G = sizespec::allocate(N);
  bool Ours = sizespec::owns(G);
  sizespec::deallocate(G);
  ::operator delete(header_modes_hot());
  sizespec::Stats S = sizespec::stats();
  return Ours && S.at(3, false).specialized >= 3 ? 0 : 1;
}
