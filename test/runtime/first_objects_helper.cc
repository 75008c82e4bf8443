//===- first_objects_helper.cc - A process's first objects, resident ------===//
//
// Run by memory_test: a fresh process makes 1,000,000 one-byte
// pointer-free objects (the tiny path), the first of their kind, and prints
// the growth of its whole resident set over them, file pages included, as
// a user reading VmRSS would, but exactly, from the page tables
// (smaps_rollup's Rss):
//
//   resident <bytes>
//
// A large allocation starts the runtime before the first reading, as a
// program's earlier allocations would, without taking a span, so the
// objects' first refill is the first. With the argument `cold` nothing
// does, and the runtime's start-up counts too.
//
//===----------------------------------------------------------------------===//

#include <sizespec/sizespec.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <unistd.h>

namespace {

constexpr std::size_t kObjects = 1000000;
/// Touched before the first reading, so only the objects count.
bool *Keep[kObjects];

/// The process's resident bytes: Rss of smaps_rollup, read with system
/// calls alone (a stdio buffer would be an allocation in the window).
std::size_t resident() {
  static char Buf[4096];
  const int Fd = open("/proc/self/smaps_rollup", O_RDONLY);
  const ssize_t N = Fd < 0 ? -1 : read(Fd, Buf, sizeof Buf - 1);
  if (Fd >= 0)
    close(Fd);
  if (N <= 0)
    std::abort();
  Buf[N] = '\0';
  const char *At = std::strstr(Buf, "\nRss:");
  if (!At)
    std::abort();
  return std::strtoul(At + 5, nullptr, 10) * 1024;
}

} // namespace

int main(int argc, char **argv) {
  std::memset(Keep, 0, sizeof Keep);
  if (argc < 2 || std::strcmp(argv[1], "cold") != 0)
    ::operator delete(::operator new(1 << 20));
  resident(); // its own first run maps the pages of its parsing in
  const std::size_t Before = resident();
  for (bool *&P : Keep)
    P = new (sizespec::alloc_noscan_tiny<bool>(1)) bool(true);
  const std::size_t Growth = resident() - Before;
  std::printf("resident %zu\n", Growth);
  for (bool *P : Keep)
    ::operator delete(P, 1);
}
