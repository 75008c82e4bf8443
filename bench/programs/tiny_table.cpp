//===- bench/programs/tiny_table.cpp - Bytes per small object
//--------------===//
//
// The table of the Go article on the tiny allocator, for C++: keep N objects
// of one kind alive and say how many bytes each costs. Usage:
//
//   tiny_table KIND [N]     KIND: 1B | 8B | 8Bptr | 16B | 1Bpinned
//                           (N: 1000000)
//
//   1B        a 1-byte pointer-free object (bool)
//   8B        an 8-byte pointer-free object (std::uint64_t)
//   8Bptr     an 8-byte object holding a pointer
//   16B       a 16-byte pointer-free object
//   1Bpinned  1B, then all but every 16th object freed: what the live ones
//             keep (a packed block stays while any object in it lives);
//             "objects" is then the live ones
//
// Each object is allocated by `new T()`, so it is written (and its pages
// counted in RSS). Prints on stderr, for bench/harness/tiny.py:
//
//   bench-tiny: {"kind": "1B", "objects": 1000000, "rss_bytes": ...,
//                "committed_bytes": ..., "tiny_allocs": ...,
//                "allocator": "sizespec"}
//
// rss_bytes is the growth of RssAnon over the allocations; vm_rss_bytes
// that of VmRSS, as a user reading `ps` or /proc/self/status measures it:
// it adds the file pages (code) first touched during the allocations.
// committed_bytes and tiny_allocs come from the sizespec runtime's stats
// (-1 elsewhere): its committed span memory, and how many allocations took
// the tiny path.
//
//===----------------------------------------------------------------------===//

#include "../common/allocator_probe.h"
#include "../common/proc_status.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#if SIZESPEC_BENCH_RUNTIME
#include <sizespec/stats.h>
#endif

namespace {

struct WithPointer {
  const void *P;
};
struct Sixteen {
  std::uint64_t A, B;
};
static_assert(sizeof(bool) == 1 && sizeof(WithPointer) == 8 &&
              sizeof(Sixteen) == 16);

/// A kB field of /proc/self/status in bytes (-1 if absent): RssAnon, the
/// heap without the file pages (code, libraries) that the first reading of
/// the stats faults in; VmRSS, all of the resident set.
long long statusBytes(const char *Field) {
  long Kb = bench::proc_status_kb(Field);
  return Kb < 0 ? -1 : Kb * 1024LL;
}

struct Runtime {
  long long Committed = -1;
  long long TinyAllocs = -1;
};

Runtime runtimeNow() {
  Runtime R;
#if SIZESPEC_BENCH_RUNTIME
  sizespec::Stats S = sizespec::stats();
  R.Committed = static_cast<long long>(S.bytes_committed);
  R.TinyAllocs = static_cast<long long>(S.tiny.allocations);
#endif
  return R;
}

template <class T>
int measure(const char *Kind, std::size_t N, bool Pinned = false) {
  // The pointers' own array is allocated and touched before the first
  // reading, so only the objects count.
  std::vector<T *> Ptrs(N, nullptr);
  const long long Rss0 = statusBytes("RssAnon:");
  const long long VmRss0 = statusBytes("VmRSS:");
  const Runtime R0 = runtimeNow();
  for (std::size_t I = 0; I < N; ++I)
    Ptrs[I] = new T();
  std::size_t Live = N;
  if (Pinned) {
    for (std::size_t I = 0; I < N; ++I)
      if (I % 16 != 15) {
        delete Ptrs[I];
        Ptrs[I] = nullptr;
      }
    Live = N / 16;
  }
  const long long Rss1 = statusBytes("RssAnon:");
  const long long VmRss1 = statusBytes("VmRSS:");
  const Runtime R1 = runtimeNow();
  std::fprintf(stderr,
               "bench-tiny: {\"kind\": \"%s\", \"objects\": %zu, "
               "\"rss_bytes\": %lld, \"vm_rss_bytes\": %lld, "
               "\"committed_bytes\": %lld, "
               "\"tiny_allocs\": %lld, \"allocator\": \"%s\"}\n",
               Kind, Live, Rss1 - Rss0, VmRss1 - VmRss0,
               R0.Committed < 0 ? -1 : R1.Committed - R0.Committed,
               R0.TinyAllocs < 0 ? -1 : R1.TinyAllocs - R0.TinyAllocs,
               bench::allocator_name().c_str());
  for (T *P : Ptrs)
    delete P;
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Kind = Argc > 1 ? Argv[1] : "";
  std::size_t N = Argc > 2 ? std::strtoul(Argv[2], nullptr, 10) : 1000000;
  if (Kind == "1B")
    return measure<bool>("1B", N);
  if (Kind == "8B")
    return measure<std::uint64_t>("8B", N);
  if (Kind == "8Bptr")
    return measure<WithPointer>("8Bptr", N);
  if (Kind == "16B")
    return measure<Sixteen>("16B", N);
  if (Kind == "1Bpinned")
    return measure<bool>("1Bpinned", N, /*Pinned=*/true);
  std::fprintf(stderr, "usage: tiny_table 1B|8B|8Bptr|16B|1Bpinned [N]\n");
  return 2;
}
