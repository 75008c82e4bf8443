//===- platform.cc - What the runtime needs from the OS -------------------===//

#include "platform.h"

#include <sizespec/config.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <initializer_list>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define SIZESPEC_HAVE_VALGRIND_H 1
#endif

namespace sizespec::platform {

void *reserve(std::size_t Size, std::size_t Align) noexcept {
  // Over-reserve by Align, then trim both ends to the aligned window.
  std::size_t Total = Size + Align;
  if (Total < Size)
    return nullptr;
  void *Raw = mmap(nullptr, Total, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Raw == MAP_FAILED)
    return nullptr;
  auto Start = reinterpret_cast<std::uintptr_t>(Raw);
  std::uintptr_t Aligned = (Start + Align - 1) & ~(std::uintptr_t(Align) - 1);
  if (Aligned > Start)
    munmap(Raw, Aligned - Start);
  std::uintptr_t End = Start + Total, AlignedEnd = Aligned + Size;
  if (End > AlignedEnd)
    munmap(reinterpret_cast<void *>(AlignedEnd), End - AlignedEnd);
  return reinterpret_cast<void *>(Aligned);
}

void release(void *P, std::size_t Size) noexcept { munmap(P, Size); }

bool commit(void *P, std::size_t Size) noexcept {
  return mprotect(P, Size, PROT_READ | PROT_WRITE) == 0;
}

void decommit(void *P, std::size_t Size) noexcept {
  madvise(P, Size, MADV_DONTNEED);
}

std::uint32_t now_ms() noexcept {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &T);
  return static_cast<std::uint32_t>(std::uint64_t(T.tv_sec) * 1000 +
                                    std::uint64_t(T.tv_nsec) / 1000000);
}

std::size_t address_space_limit() noexcept {
  rlimit L;
  if (getrlimit(RLIMIT_AS, &L) != 0 || L.rlim_cur == RLIM_INFINITY)
    return SIZE_MAX;
  return static_cast<std::size_t>(L.rlim_cur);
}

bool env_flag(const char *Name) noexcept {
  const char *V = std::getenv(Name);
  return V && *V && std::strcmp(V, "0") != 0;
}

namespace {
// Valgrind's tools that replace malloc preload vgpreload_<tool>-<arch>.so;
// the ones that only count instructions preload vgpreload_core alone.
bool valgrind_replaces_malloc() noexcept {
#ifdef SIZESPEC_HAVE_VALGRIND_H
  if (!RUNNING_ON_VALGRIND)
    return false;
#endif
  const char *Preload = std::getenv("LD_PRELOAD");
  if (!Preload)
    return false;
  for (const char *P = Preload; (P = std::strstr(P, "vgpreload_")); ++P)
    if (std::strncmp(P + 10, "core", 4) != 0)
      return true;
  return false;
}

bool sanitizer_runtime_present() noexcept {
  for (const char *Sym : {"__asan_init", "__msan_init", "__tsan_init",
                          "__hwasan_init", "__lsan_init"})
    if (dlsym(RTLD_DEFAULT, Sym))
      return true;
  return false;
}
} // namespace

const char *reason_to_stand_aside() noexcept {
  if (SIZESPEC_SANITIZER_BUILD)
    return "runtime built with a sanitizer";
  if (env_flag("SIZESPEC_SYSTEM"))
    return "SIZESPEC_SYSTEM is set";
  if (sanitizer_runtime_present())
    return "a sanitizer runtime is loaded";
  if (valgrind_replaces_malloc())
    return "running under a valgrind tool that replaces malloc";
  return nullptr;
}

void fatal(const char *Msg) noexcept {
  static const char Prefix[] = "sizespec: ";
  [[maybe_unused]] ssize_t R = write(2, Prefix, sizeof Prefix - 1);
  R = write(2, Msg, std::strlen(Msg));
  R = write(2, "\n", 1);
  std::abort();
}

} // namespace sizespec::platform
