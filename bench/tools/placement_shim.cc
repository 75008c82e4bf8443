//===- placement_shim.cc - Where consecutive allocations land -------------===//
//
// LD_PRELOAD'ed in front of a program linked with any allocator: forwards
// every form of operator new to the next definition (the allocator's, or
// libstdc++'s over malloc) and counts, for each pair of consecutive
// allocations of a thread in one of sizespec's size classes, whether the
// second object shares a cache line or a page with the first. At exit it
// prints one line to stderr:
//
//   placement: {"pairs": N, "same_line": N, "same_page": N}
//
// sizespec's own runtime counts the same pairs itself (SIZESPEC_PLACEMENT=1;
// a shim that defines operator new would make it stand aside).
// bench/tools/placement runs both.
//
// With SIZESPEC_SHIM_CHUNKS=FILE it also writes, at exit, the size class of
// the objects in each 64 KiB chunk of the address space the program's small
// objects came from ("CHUNK SIZE" per line: the chunk as a hex address, the
// class's size in bytes): the classes of an allocator's pages, which
// bench/tools/tlb --by-class needs to split the TLB model's misses by class.
// A chunk is noted when a class's object lands in another chunk than its
// last one, so the table is rarely touched; the first class seen in a chunk
// names it.
//
//===----------------------------------------------------------------------===//

#include "preload_file.h"

#include <sizespec/size_classes.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <dlfcn.h>
#include <new>

namespace {

std::atomic<std::uint64_t> Pairs{0}, SameLine{0}, SamePage{0};

/// The chunks' classes: open addressing on the chunk number, each entry
/// (chunk << 8 | class), 0 when free. 2^16 entries: 4 GiB of 64 KiB chunks.
constexpr unsigned ChunkShift = 16, TableBits = 16;
constexpr std::uint64_t TableSize = std::uint64_t(1) << TableBits;
std::atomic<std::uint64_t> Chunks[TableSize];

void noteChunk(std::uintptr_t Chunk, unsigned Class) {
  const std::uint64_t Entry = std::uint64_t(Chunk) << 8 | Class;
  for (std::uint64_t I = Chunk * 0x9E3779B97F4A7C15u >> (64 - TableBits), N = 0;
       N < TableSize; ++N, I = (I + 1) % TableSize) {
    std::uint64_t Seen = Chunks[I].load(std::memory_order_relaxed);
    if (Seen == 0 && Chunks[I].compare_exchange_strong(
                         Seen, Entry, std::memory_order_relaxed))
      return;
    if (Seen >> 8 == Chunk)
      return;
  }
}

/// Each class's last object handed out to this thread.
__attribute__((tls_model("initial-exec"))) thread_local std::uintptr_t
    Last[sizespec::kNumClasses + 1];

void *count(void *P, std::size_t Size) {
  if (!P || Size > sizespec::kMaxSmallSize)
    return P;
  auto A = reinterpret_cast<std::uintptr_t>(P);
  const unsigned Class = sizespec::class_of(Size);
  std::uintptr_t &L = Last[Class];
  if (A >> ChunkShift != L >> ChunkShift)
    noteChunk(A >> ChunkShift, Class);
  if (L) {
    Pairs.fetch_add(1, std::memory_order_relaxed);
    if (A >> 6 == L >> 6)
      SameLine.fetch_add(1, std::memory_order_relaxed);
    if (A >> 12 == L >> 12)
      SamePage.fetch_add(1, std::memory_order_relaxed);
  }
  L = A;
  return P;
}

template <class Fn> Fn next(Fn &Slot, const char *Name) {
  if (!Slot)
    Slot = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, Name));
  return Slot;
}

__attribute__((destructor)) void report() {
  std::fprintf(stderr,
               "placement: {\"pairs\": %llu, \"same_line\": %llu, "
               "\"same_page\": %llu}\n",
               (unsigned long long)Pairs.load(),
               (unsigned long long)SameLine.load(),
               (unsigned long long)SamePage.load());
  std::FILE *F = openPreloadFile("SIZESPEC_SHIM_CHUNKS", "placement");
  if (!F)
    return;
  for (const auto &C : Chunks)
    if (std::uint64_t E = C.load(std::memory_order_relaxed))
      std::fprintf(F, "%llx %zu\n",
                   (unsigned long long)((E >> 8) << ChunkShift),
                   sizespec::class_size(unsigned(E & 0xff)));
  std::fclose(F);
}

} // namespace

// Each form looks up the next definition of itself once.
#define SIZESPEC_FORWARD(Name, Params, Args, Size)                             \
  extern "C" void *Name Params {                                               \
    static void *(*Next)Params;                                                \
    return count(next(Next, #Name) Args, Size);                                \
  }

SIZESPEC_FORWARD(_Znwm, (std::size_t N), (N), N)
SIZESPEC_FORWARD(_Znam, (std::size_t N), (N), N)
SIZESPEC_FORWARD(_ZnwmRKSt9nothrow_t, (std::size_t N, const std::nothrow_t &T),
                 (N, T), N)
SIZESPEC_FORWARD(_ZnamRKSt9nothrow_t, (std::size_t N, const std::nothrow_t &T),
                 (N, T), N)
SIZESPEC_FORWARD(_ZnwmSt11align_val_t, (std::size_t N, std::align_val_t A),
                 (N, A), N)
SIZESPEC_FORWARD(_ZnamSt11align_val_t, (std::size_t N, std::align_val_t A),
                 (N, A), N)
SIZESPEC_FORWARD(_ZnwmSt11align_val_tRKSt9nothrow_t,
                 (std::size_t N, std::align_val_t A, const std::nothrow_t &T),
                 (N, A, T), N)
SIZESPEC_FORWARD(_ZnamSt11align_val_tRKSt9nothrow_t,
                 (std::size_t N, std::align_val_t A, const std::nothrow_t &T),
                 (N, A, T), N)
