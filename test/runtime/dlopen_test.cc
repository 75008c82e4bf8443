//===- dlopen_test.cc - The runtime loaded by dlopen ----------------------===//
//
// This program does not link the runtime: it dlopens a library that does.
// The runtime's initial-exec TLS must fit glibc's static TLS surplus, and,
// since libstdc++'s operator new was bound first, the runtime defers to it.
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>

#include <cstring>
#include <dlfcn.h>

namespace {

TEST(Dlopen, RoutinesWorkFromADlopenedLibrary) {
  void *Lib = dlopen(SIZESPEC_DSO_ROUTINES, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(Lib, nullptr) << dlerror();
  auto Alloc = reinterpret_cast<void *(*)()>(dlsym(Lib, "dso_alloc_pair"));
  auto Free = reinterpret_cast<void (*)(void *)>(dlsym(Lib, "dso_free"));
  ASSERT_TRUE(Alloc && Free);
  for (int I = 0; I < 10000; ++I) {
    void *P = Alloc();
    ASSERT_NE(P, nullptr);
    std::memset(P, I, 16);
    Free(P);
  }
}

} // namespace
