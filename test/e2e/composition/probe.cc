//===- probe.cc - Who serves what, with another allocator behind ----------===//
//
//   probe ALLOCATOR      (glibc, tcmalloc, jemalloc or mimalloc; none)
//
// Built with the plugin. Allocates small objects at specialized sites, large
// ones with new[] and the aligned new, and blocks with malloc; checks that
// the runtime is active and serves the small ones, and that everything
// else belongs to ALLOCATOR, asked through its own interface (its
// ownership query, or glibc's heap counters), and that mimalloc's decommit
// delay is what the runtime sets or the program chose; frees everything through
// operator delete and free. Prints one line and exits 0, or names what is
// wrong and exits 1. test/e2e/composition/run-composition runs it
// preloaded and linked with each allocator.
//
//===----------------------------------------------------------------------===//

#include <sizespec/sizespec.h>
#include <sizespec/stats.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <malloc.h>
#include <new>
#include <string>
#include <vector>

namespace {

struct Point {
  double X, Y, Z;
};
struct Node {
  Node *Next;
  long Value;
};

int Failures = 0;
void expect(bool Ok, const char *What) {
  if (!Ok) {
    std::printf("FAIL %s\n", What);
    ++Failures;
  }
}

/// The file that defines the process's malloc.
std::string malloc_file() {
  Dl_info Info;
  void *Malloc = dlsym(RTLD_DEFAULT, "malloc");
  if (!Malloc || !dladdr(Malloc, &Info) || !Info.dli_fname)
    return "?";
  return Info.dli_fname;
}

/// Whether \p Allocator says it owns \p P, by its own interface.
bool owned_by(const std::string &Allocator, void *P) {
  if (Allocator == "tcmalloc") {
    // gperftools' MallocExtension_GetOwnership: 1 is kOwned.
    auto *Query = reinterpret_cast<int (*)(const void *)>(
        dlsym(RTLD_DEFAULT, "MallocExtension_GetOwnership"));
    return Query && Query(P) == 1;
  }
  if (Allocator == "mimalloc") {
    auto *Query = reinterpret_cast<bool (*)(const void *)>(
        dlsym(RTLD_DEFAULT, "mi_is_in_heap_region"));
    return Query && Query(P);
  }
  if (Allocator == "jemalloc") {
    // arenas.lookup: the arena of a jemalloc allocation, an error otherwise.
    auto *Ctl =
        reinterpret_cast<int (*)(const char *, void *, std::size_t *, void *,
                                 std::size_t)>(dlsym(RTLD_DEFAULT, "mallctl"));
    unsigned Arena = 0;
    std::size_t Len = sizeof Arena;
    return Ctl && Ctl("arenas.lookup", &Arena, &Len, &P, sizeof P) == 0;
  }
  return false;
}

/// What mimalloc's delay before it decommits free memory (option 15:
/// mi_option_decommit_delay in 2.0, mi_option_purge_delay after) should be:
/// the program's MIMALLOC_DECOMMIT_DELAY if set, else the runtime's purge
/// delay (SIZESPEC_PURGE_DELAY_MS, 1000 ms by default), which the runtime
/// sets (runtime/src/composition.cc).
long expected_mimalloc_delay() {
  if (const char *V = std::getenv("MIMALLOC_DECOMMIT_DELAY"))
    return std::strtol(V, nullptr, 10);
  if (const char *V = std::getenv("SIZESPEC_PURGE_DELAY_MS"))
    return std::strtol(V, nullptr, 10);
  return 1000;
}

/// glibc's bytes in use, heap and mmapped.
std::size_t glibc_in_use() {
  struct mallinfo2 M = mallinfo2();
  return M.uordblks + M.hblkhd;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr,
                 "usage: probe glibc|tcmalloc|jemalloc|mimalloc|none\n");
    return 2;
  }
  const std::string Allocator = argv[1];
  // `probe none` does nothing: what the runtime counts then is what the
  // libraries loaded with it allocate on their own (tcmalloc's start-up).
  if (Allocator == "none")
    return 0;
  const std::string Malloc = malloc_file();
  const char *Lib = Allocator == "glibc" ? "libc.so" : Allocator.c_str();
  expect(Malloc.find(Lib) != std::string::npos, "malloc comes from ALLOCATOR");

  std::vector<Point *> Points;
  std::vector<Node *> Nodes;
  for (int I = 0; I < 1000; ++I) {
    Points.push_back(new Point{double(I), 0, 0});
    Nodes.push_back(new Node{nullptr, I});
  }
  const sizespec::Stats S = sizespec::stats();
  expect(S.mode == sizespec::Mode::active, "the runtime is active");
  expect(S.at(3, false).specialized >= 1000, "new Point is specialized");
  bool Ours = true;
  for (int I = 0; I < 1000; ++I)
    Ours = Ours && sizespec::owns(Points[I]) && sizespec::owns(Nodes[I]);
  expect(Ours, "the runtime serves the specialized sites");

  // Everything else is ALLOCATOR's: above the classes, over-aligned beyond
  // them, and malloc itself.
  const std::size_t InUse = Allocator == "glibc" ? glibc_in_use() : 0;
  char *Large = new char[100000];
  auto *Aligned =
      static_cast<char *>(::operator new(5000, std::align_val_t(4096)));
  void *Block = std::malloc(3000);
  std::memset(Large, 1, 100000);
  std::memset(Aligned, 2, 5000);
  std::memset(Block, 3, 3000);
  for (void *P :
       {static_cast<void *>(Large), static_cast<void *>(Aligned), Block})
    expect(!sizespec::owns(P),
           "large, over-aligned and malloc'd memory is not the runtime's");
  if (Allocator == "glibc") {
    expect(glibc_in_use() >= InUse + 108000, "glibc's heap holds them");
  } else {
    expect(owned_by(Allocator, Large), "ALLOCATOR owns the large block");
    expect(owned_by(Allocator, Aligned), "ALLOCATOR owns the aligned block");
    expect(owned_by(Allocator, Block), "ALLOCATOR owns the malloc'd block");
    if (Allocator == "mimalloc") {
      auto *Get =
          reinterpret_cast<long (*)(int)>(dlsym(RTLD_DEFAULT, "mi_option_get"));
      const long Delay = Get ? Get(15) : -2, Want = expected_mimalloc_delay();
      if (Delay != Want)
        std::printf("mimalloc's decommit delay is %ld ms, expected %ld\n",
                    Delay, Want);
      expect(Delay == Want,
             "mimalloc's decommit delay is the runtime's purge delay, or "
             "the program's own");
    }
    // jemalloc's lookup is for its own pointers only (another's crashes it).
    if (Allocator != "jemalloc")
      expect(!owned_by(Allocator, Points[0]),
             "ALLOCATOR does not own the runtime's");
  }

  // Each goes back where it came from (the wrong allocator would abort or
  // corrupt its heap; the second round reuses what the first freed).
  for (int Round = 0; Round < 2; ++Round) {
    delete[] Large;
    ::operator delete(Aligned, std::align_val_t(4096));
    std::free(Block);
    Large = new char[100000];
    Aligned = static_cast<char *>(::operator new(5000, std::align_val_t(4096)));
    Block = std::malloc(3000);
  }
  delete[] Large;
  ::operator delete(Aligned, std::align_val_t(4096));
  std::free(Block);
  for (int I = 0; I < 1000; ++I) {
    delete Points[I];
    delete Nodes[I];
  }
  if (Failures)
    return 1;
  std::printf("ok %s: the runtime serves the specialized sites, %s the rest\n",
              Allocator.c_str(), Malloc.c_str());
  return 0;
}
