//===- dso_routines.cc - Specialized routines inlined into a shared library
//-===//
//
// Built as a shared library (-fPIC): the routines' initial-exec TLS access
// must work from here just as from the executable.
//
//===----------------------------------------------------------------------===//

#include <sizespec/sizespec.h>

struct Pair {
  void *a, *b;
};

extern "C" __attribute__((visibility("default"))) void *dso_alloc_pair() {
  return sizespec::alloc_scan_sc2<Pair>(sizeof(Pair));
}

extern "C" __attribute__((visibility("default"))) void dso_free(void *P) {
  ::operator delete(P, sizeof(Pair));
}
