//===- platform.cc - What the runtime needs from the OS -------------------===//

#include "platform.h"

#include <sizespec/config.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <initializer_list>
#include <sched.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <unistd.h>

#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define SIZESPEC_HAVE_VALGRIND_H 1
#endif

namespace sizespec::platform {

void *reserve(std::size_t size, std::size_t align) noexcept {
  // Over-reserve by Align, then trim both ends to the aligned window.
  std::size_t total = size + align;
  if (total < size)
    return nullptr;
  void *raw = mmap(nullptr, total, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (raw == MAP_FAILED)
    return nullptr;
  auto start = reinterpret_cast<std::uintptr_t>(raw);
  std::uintptr_t aligned = (start + align - 1) & ~(std::uintptr_t(align) - 1);
  if (aligned > start)
    munmap(raw, aligned - start);
  std::uintptr_t end = start + total, aligned_end = aligned + size;
  if (end > aligned_end)
    munmap(reinterpret_cast<void *>(aligned_end), end - aligned_end);
  return reinterpret_cast<void *>(aligned);
}

void *map(std::size_t size) noexcept {
  void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

void release(void *p, std::size_t size) noexcept { munmap(p, size); }

bool commit(void *p, std::size_t size) noexcept {
  return mprotect(p, size, PROT_READ | PROT_WRITE) == 0;
}

void decommit(void *p, std::size_t size) noexcept {
  madvise(p, size, MADV_DONTNEED);
}

std::uint32_t now_ms() noexcept {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
  return static_cast<std::uint32_t>(std::uint64_t(t.tv_sec) * 1000 +
                                    std::uint64_t(t.tv_nsec) / 1000000);
}

static_assert(kMaxCpus == CPU_SETSIZE, "allowed_cpus reads a cpu_set_t");

unsigned allowed_cpus(bool (&allowed)[kMaxCpus]) noexcept {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) == 0) {
    CPU_ZERO(&set);
    CPU_SET(0, &set);
  }
  for (unsigned c = 0; c < kMaxCpus; ++c)
    allowed[c] = CPU_ISSET(c, &set);
  return static_cast<unsigned>(CPU_COUNT(&set));
}

unsigned current_cpu() noexcept {
  const int cpu = sched_getcpu();
  return cpu < 0 ? 0 : static_cast<unsigned>(cpu);
}

std::size_t address_space_limit() noexcept {
  rlimit l;
  if (getrlimit(RLIMIT_AS, &l) != 0 || l.rlim_cur == RLIM_INFINITY)
    return SIZE_MAX;
  return static_cast<std::size_t>(l.rlim_cur);
}

bool env_flag(const char *name) noexcept {
  const char *v = std::getenv(name);
  return v && *v && std::strcmp(v, "0") != 0;
}

namespace {
// Valgrind's tools that replace malloc preload vgpreload_<tool>-<arch>.so;
// the ones that only count instructions preload vgpreload_core alone.
bool valgrind_replaces_malloc() noexcept {
#ifdef SIZESPEC_HAVE_VALGRIND_H
  if (!RUNNING_ON_VALGRIND)
    return false;
#endif
  const char *preload = std::getenv("LD_PRELOAD");
  if (!preload)
    return false;
  for (const char *p = preload; (p = std::strstr(p, "vgpreload_")); ++p)
    if (std::strncmp(p + 10, "core", 4) != 0)
      return true;
  return false;
}

bool sanitizer_runtime_present() noexcept {
  for (const char *sym : {"__asan_init", "__msan_init", "__tsan_init",
                          "__hwasan_init", "__lsan_init"})
    if (dlsym(RTLD_DEFAULT, sym))
      return true;
  return false;
}
} // namespace

// The runtime's own tests build it instrumented (test/sanitize) and define
// SIZESPEC_SANITIZER_TESTING so that it stays active under the sanitizer
// that checks it. Never defined in a build anyone ships.
#ifdef SIZESPEC_SANITIZER_TESTING
constexpr bool kStandAsideForSanitizers = false;
#else
constexpr bool kStandAsideForSanitizers = true;
#endif

const char *reason_to_stand_aside() noexcept {
  if (kStandAsideForSanitizers && SIZESPEC_SANITIZER_BUILD)
    return "runtime built with a sanitizer";
  if (env_flag("SIZESPEC_SYSTEM"))
    return "SIZESPEC_SYSTEM is set";
  if (kStandAsideForSanitizers && sanitizer_runtime_present())
    return "a sanitizer runtime is loaded";
  if (valgrind_replaces_malloc())
    return "running under a valgrind tool that replaces malloc";
  return nullptr;
}

std::uint64_t random_word() noexcept {
  std::uint64_t w = 0;
  if (getrandom(&w, sizeof w, GRND_NONBLOCK) == sizeof w)
    return w;
  // No entropy yet (early boot) or no getrandom: what ASLR and the clock
  // give, mixed (splitmix64's finalizer).
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  w = reinterpret_cast<std::uintptr_t>(&w) ^
      reinterpret_cast<std::uintptr_t>(&random_word) ^
      (std::uint64_t(ts.tv_nsec) << 32) ^ std::uint64_t(ts.tv_sec) ^
      (std::uint64_t(getpid()) << 48);
  w = (w ^ (w >> 30)) * 0xbf58476d1ce4e5b9u;
  w = (w ^ (w >> 27)) * 0x94d049bb133111ebu;
  return w ^ (w >> 31);
}

void fatal(const char *msg) noexcept {
  static const char prefix[] = "sizespec: ";
  [[maybe_unused]] ssize_t r = write(2, prefix, sizeof prefix - 1);
  r = write(2, msg, std::strlen(msg));
  r = write(2, "\n", 1);
  std::abort();
}

} // namespace sizespec::platform
