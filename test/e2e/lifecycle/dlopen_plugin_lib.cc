//===- dlopen_plugin_lib.cc - dlopen and dlclose a plugin-built library ---===//
//
// Usage: dlopen_plugin_lib LIBRARY. Loads LIBRARY (plugin_lib.cc, built with
// the plugin) 200 times; each time its specialized sites allocate and free,
// and what it hands out is checked and freed here after dlclose. Fails
// unless the library's sites went through the runtime's routines and every
// object came back.
//
//===----------------------------------------------------------------------===//

#include <sizespec/stats.h>

#include <cstdio>
#include <dlfcn.h>
#include <vector>

struct Node {
  Node *next;
  long value[4];
};
struct Point {
  double x, y, z;
};
using MakeFn = long (*)(int, long, Node **, Point **);

namespace {

std::uint64_t specialized(const sizespec::Stats &S) {
  std::uint64_t N = 0;
  for (unsigned C = 1; C <= sizespec::kNumClasses; ++C)
    N += S.at(C, true).specialized + S.at(C, false).specialized;
  return N;
}
std::uint64_t in_use(const sizespec::Stats &S) {
  std::uint64_t N = 0;
  for (unsigned C = 1; C <= sizespec::kNumClasses; ++C)
    N += S.at(C, true).allocations - S.at(C, true).frees +
         S.at(C, false).allocations - S.at(C, false).frees;
  return N;
}

int fail(const char *What) {
  std::fprintf(stderr, "dlopen_plugin_lib: %s\n", What);
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2)
    return fail("usage: dlopen_plugin_lib LIBRARY");
  constexpr int kRounds = 200, kObjects = 1000;
  std::vector<Node *> Nodes(kObjects);
  std::vector<Point *> Points(kObjects);
  delete new int(0); // the runtime decides its mode
  sizespec::Stats Before = sizespec::stats();
  if (Before.mode != sizespec::Mode::active)
    return fail("the runtime is not active");
  for (int Round = 0; Round < kRounds; ++Round) {
    void *Lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!Lib)
      return fail(dlerror());
    auto Make = reinterpret_cast<MakeFn>(dlsym(Lib, "lib_make"));
    if (!Make)
      return fail("no lib_make in the library");
    long Sum = Make(kObjects, Round, Nodes.data(), Points.data());
    long Want =
        2 + long(kObjects) * Round + long(kObjects) * (kObjects - 1) / 2;
    if (Sum != Want)
      return fail("the library's map summed wrong");
    if (dlclose(Lib) != 0)
      return fail(dlerror());
    // The library is gone; its objects are not.
    for (int I = 0; I < kObjects; ++I) {
      if ((I % 2 == 0) != (Nodes[I] != nullptr))
        return fail("the library handed out the wrong objects");
      if (!Nodes[I])
        continue;
      if (Nodes[I]->value[0] != Round + I || Points[I]->x != Round + I)
        return fail("an object changed after dlclose");
      delete Nodes[I];
      delete Points[I];
    }
  }
  sizespec::Stats After = sizespec::stats();
  // Each round: 2 * kObjects news, a map's nodes and a make_shared.
  std::uint64_t Specialized = specialized(After) - specialized(Before);
  std::printf("%d rounds: %llu specialized allocations, %llu in use before, "
              "%llu after\n",
              kRounds, static_cast<unsigned long long>(Specialized),
              static_cast<unsigned long long>(in_use(Before)),
              static_cast<unsigned long long>(in_use(After)));
  if (Specialized < std::uint64_t(kRounds) * (3 * kObjects + 1))
    return fail("the library's sites were not specialized");
  if (in_use(After) != in_use(Before))
    return fail("objects were lost across dlclose");
  return 0;
}
