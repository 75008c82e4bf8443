//===- composition.cc - The process's malloc behind the runtime -----------===//

#include "composition.h"

#include "counters.h"
#include "lock.h"
#include "purge_signal.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <malloc.h>

namespace sizespec {

constinit bool g_trims_glibc = false;
constinit std::atomic<bool> g_malloc_dirty{false};

namespace {

/// glibc's adaptive mmap threshold stops at 32 MiB on 64-bit
/// (DEFAULT_MMAP_THRESHOLD_MAX): blocks up to that size come from the heap
/// once a program has freed one that large.
constexpr int kGlibcMmapThreshold = 32 * 1024 * 1024;

/// One look at a time (composition_trim_if_idle).
constinit Lock g_trim_lock;
/// The large allocations counted at the previous look, and when that look
/// saw the count move (g_trim_lock held).
std::uint64_t g_last_large = 0;
std::uint32_t g_large_moved_at = 0;
/// When a thread's exit last trimmed glibc's heap (platform::now_ms).
constinit std::atomic<std::uint32_t> g_last_exit_trim_ms{0};

/// mimalloc's option for how long it waits before it gives free memory back
/// to the OS: `mi_option_decommit_delay` in mimalloc 2.0, renamed
/// `mi_option_purge_delay` in 2.1; index 15 of `mi_option_t` in 2.x and 3.x
/// (mimalloc.h; test/e2e/composition/probe.cc reads it back).
constexpr int kMimallocPurgeDelayOption = 15;

/// With mimalloc behind it: mimalloc's delay before it decommits free memory
/// becomes the runtime's purge delay, unless the program chose one
/// (MIMALLOC_DECOMMIT_DELAY, MIMALLOC_PURGE_DELAY). mimalloc's is short (25
/// ms in 2.0, 10 in 2.1) for a heap where small objects keep its pages in
/// use; behind the runtime it holds only blocks above 1024 B, whose pages a
/// program that frees and grows its buffers empties often, and it
/// decommitted and faulted them in again: proto_orders ran 1.9 times as
/// long as on mimalloc alone, with twice its page faults
/// (bench/notes/composition-and-memory.md, "mimalloc's decommit delay").
void set_mimalloc_delay() {
  if (std::getenv("MIMALLOC_DECOMMIT_DELAY") ||
      std::getenv("MIMALLOC_PURGE_DELAY"))
    return;
  auto *version =
      reinterpret_cast<int (*)()>(dlsym(RTLD_DEFAULT, "mi_version"));
  auto *set = reinterpret_cast<void (*)(int, long)>(
      dlsym(RTLD_DEFAULT, "mi_option_set"));
  if (!version || !set)
    return;
  // 2.0.9 says 209; the option's index is known for 2.x and 3.x only.
  const int v = version();
  if (v < 200 || v >= 400)
    return;
  set(kMimallocPurgeDelayOption, static_cast<long>(purge_delay()));
}

/// composition_trim_if_idle, g_trim_lock held.
std::uint32_t trim_if_idle_locked(std::uint32_t now) {
  const std::uint64_t large =
      g_counters.large_allocations.load(std::memory_order_relaxed);
  if (large != g_last_large) {
    g_last_large = large;
    g_large_moved_at = now;
  }
  if (!g_malloc_dirty.load(std::memory_order_relaxed))
    return kNoPurgeDue;
  const std::uint32_t delay = purge_delay();
  // Seen still at work within the delay: look again in half a delay.
  if (now - g_large_moved_at < delay)
    return std::max<std::uint32_t>(delay / 2, 1);
  g_malloc_dirty.store(false, std::memory_order_relaxed);
  malloc_trim(0);
  return kNoPurgeDue;
}

} // namespace

void composition_init() noexcept {
  // The file that defines the process's malloc: libc.so.6 for glibc's.
  Dl_info info;
  void *malloc = dlsym(RTLD_DEFAULT, "malloc");
  if (!malloc || !dladdr(malloc, &info) || !info.dli_fname)
    return;
  const char *slash = std::strrchr(info.dli_fname, '/');
  const char *file = slash ? slash + 1 : info.dli_fname;
  if (std::strncmp(file, "libmimalloc", 11) == 0) {
    set_mimalloc_delay();
    return;
  }
  if (std::strncmp(file, "libc.so", 7) != 0)
    return;
  // Both calls succeed with glibc; on failure glibc keeps its own rules.
  if (mallopt(M_MMAP_THRESHOLD, kGlibcMmapThreshold) &&
      mallopt(M_TRIM_THRESHOLD, INT_MAX))
    g_trims_glibc = true;
}

std::uint32_t composition_trim_if_idle(std::uint32_t now) noexcept {
  if (!g_trims_glibc)
    return kNoPurgeDue;
  // Another thread is looking: the caller looks again in half a delay.
  if (!g_trim_lock.try_lock())
    return std::max<std::uint32_t>(purge_delay() / 2, 1);
  const std::uint32_t next = trim_if_idle_locked(now);
  g_trim_lock.unlock();
  return next;
}

void composition_trim_now() noexcept {
  if (!g_trims_glibc)
    return;
  g_malloc_dirty.store(false, std::memory_order_relaxed);
  malloc_trim(0);
}

void composition_trim_after_exit(std::uint32_t now) noexcept {
  if (!g_trims_glibc || !g_malloc_dirty.load(std::memory_order_relaxed))
    return;
  // malloc_trim walks every arena's free chunks: once per half delay at
  // most, however many threads exit.
  const std::uint32_t every = std::max<std::uint32_t>(purge_delay() / 2, 1);
  std::uint32_t last = g_last_exit_trim_ms.load(std::memory_order_relaxed);
  if (now - last < every || !g_last_exit_trim_ms.compare_exchange_strong(
                                last, now, std::memory_order_relaxed))
    return;
  g_malloc_dirty.store(false, std::memory_order_relaxed);
  malloc_trim(0);
}

void composition_before_fork() noexcept { g_trim_lock.lock(); }
void composition_after_fork() noexcept { g_trim_lock.unlock(); }

} // namespace sizespec
