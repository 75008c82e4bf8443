//===- test_util.h - Helpers shared by the runtime tests -------*- C++ -*-===//

#ifndef SIZESPEC_TEST_RUNTIME_TEST_UTIL_H
#define SIZESPEC_TEST_RUNTIME_TEST_UTIL_H

#include <sizespec/sizespec.h>
#include <sizespec/stats.h>
#include <sizespec/testing.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

namespace sizespec::test {

/// A type that exactly fills class C with the class's alignment.
template <unsigned C> struct alignas(class_align(C)) ClassObject {
  unsigned char bytes[class_size(C)];
};

/// Calls the named routine alloc_{scan,noscan}_scC<T>, so tests go through
/// the wrappers the plugin emits, not only the template behind them.
template <unsigned C, bool Scan, bool Nothrow, class T = ClassObject<C>>
void *routine(std::size_t Size) {
  static_assert(C >= 1 && C <= kNumSpecializedClasses);
#define SIZESPEC_TEST_CASE(N)                                                  \
  if constexpr (C == N) {                                                      \
    if constexpr (Nothrow)                                                     \
      return Scan ? alloc_scan_sc##N<T>(Size, std::nothrow)                    \
                  : alloc_noscan_sc##N<T>(Size, std::nothrow);                 \
    else                                                                       \
      return Scan ? alloc_scan_sc##N<T>(Size) : alloc_noscan_sc##N<T>(Size);   \
  }
  SIZESPEC_FOR_EACH_CLASS(SIZESPEC_TEST_CASE)
#undef SIZESPEC_TEST_CASE
}

/// What operator new(size) and new[](size) must align to: any object no
/// larger than size (the standard, for new[]; Clang assumes it of new too:
/// `new P()` of 24 bytes is zeroed with movaps). Size 0 as malloc(0) does,
/// 16: `new T[0]` of a 16-aligned T hands the pointer out as a T *.
inline std::size_t required_new_align(std::size_t Size) {
  if (Size == 0)
    return 16;
  std::size_t A = 1;
  while (A * 2 <= Size && A < 16)
    A *= 2;
  return A;
}

/// \p N, hidden from the optimizer: a size the typed path cannot see as a
/// constant, so it takes the generic path.
inline std::size_t runtime(std::size_t N) {
  asm volatile("" : "+r"(N));
  return N;
}

/// The process's resident memory (/proc/self/statm), in bytes. Stops the
/// test if it cannot be read: a figure of 0 would pass any bound.
inline std::size_t resident_bytes() {
  std::FILE *F = std::fopen("/proc/self/statm", "r");
  unsigned long Size = 0, Resident = 0;
  if (!F || std::fscanf(F, "%lu %lu", &Size, &Resident) != 2) {
    std::fprintf(stderr, "cannot read /proc/self/statm\n");
    std::abort();
  }
  std::fclose(F);
  return Resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

/// Fills [P, P+Size) with bytes derived from Seed.
inline void fill(void *P, std::size_t Size, std::uint64_t Seed) {
  auto *B = static_cast<unsigned char *>(P);
  for (std::size_t I = 0; I < Size; ++I)
    B[I] = static_cast<unsigned char>((Seed * 131 + I * 7) ^ (Seed >> 8));
}

/// True if [P, P+Size) still holds what fill(P, Size, Seed) wrote.
inline bool check(const void *P, std::size_t Size, std::uint64_t Seed) {
  auto *B = static_cast<const unsigned char *>(P);
  for (std::size_t I = 0; I < Size; ++I)
    if (B[I] != static_cast<unsigned char>((Seed * 131 + I * 7) ^ (Seed >> 8)))
      return false;
  return true;
}

inline bool aligned(const void *P, std::size_t Align) {
  return reinterpret_cast<std::uintptr_t>(P) % Align == 0;
}

/// True if \p P, just freed, is handed out again by \p Alloc. A thread
/// allocates from one list and frees onto another, which it takes over when
/// the first runs dry, so this can take up to a list's worth of objects
/// (all freed with \p Free afterwards).
template <class Alloc, class Free>
bool comes_back(const void *P, Alloc A, Free F) {
  std::vector<void *> Got;
  Got.reserve(4096); // large: the system allocator, not a sizespec bin
  bool Found = false;
  while (!Found && Got.size() < 4096) {
    Got.push_back(A());
    Found = Got.back() == P;
  }
  for (void *Q : Got)
    F(Q);
  return Found;
}

/// Sets the purge delay for a scope (the runtime's is process-wide).
class ScopedPurgeDelay {
public:
  explicit ScopedPurgeDelay(std::uint32_t Ms)
      : Saved(test_hooks::purge_delay_ms()) {
    test_hooks::set_purge_delay_ms(Ms);
  }
  ~ScopedPurgeDelay() { test_hooks::set_purge_delay_ms(Saved); }
  ScopedPurgeDelay(const ScopedPurgeDelay &) = delete;
  ScopedPurgeDelay &operator=(const ScopedPurgeDelay &) = delete;

private:
  std::uint32_t Saved;
};

/// The runtime's spans: 64 KiB, aligned to their size (runtime/src/region.h).
constexpr std::uintptr_t kSpanBytes = 0x10000;
/// The span \p P is in, as a number: equal for two objects of one span.
inline std::uintptr_t span_of(const void *P) {
  return reinterpret_cast<std::uintptr_t>(P) / kSpanBytes;
}
/// \p P's offset in its span.
inline std::uintptr_t span_offset(const void *P) {
  return reinterpret_cast<std::uintptr_t>(P) % kSpanBytes;
}

/// Counts of one (class, kind) pair, read after the calling thread synced.
inline ClassStats class_stats(unsigned C, bool Scan) {
  return stats().at(C, Scan);
}

/// Runs the shell command \p Cmd; returns what it printed, and its status
/// (pclose's) in \p Status.
inline std::string command_output(const std::string &Cmd, int &Status) {
  std::string Out;
  Status = -1;
  std::FILE *P = popen(Cmd.c_str(), "r");
  if (!P)
    return Out;
  char Buf[256];
  while (std::fgets(Buf, sizeof Buf, P))
    Out += Buf;
  Status = pclose(P);
  return Out;
}

} // namespace sizespec::test

#endif // SIZESPEC_TEST_RUNTIME_TEST_UTIL_H
