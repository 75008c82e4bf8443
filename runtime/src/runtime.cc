//===- runtime.cc - How the runtime runs in this process ------------------===//

#include "runtime.h"

#include "central.h"
#include "fallback.h"
#include "lock.h"
#include "platform.h"
#include "region.h"
#include "thread_cache.h"

#include <sizespec/stats.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <pthread.h>

namespace sizespec {

constinit std::atomic<Mode> g_mode{Mode::uninitialized};

namespace {

constinit Lock g_init_lock;
const char *g_reason = nullptr;
char g_reason_buf[256];
/// The thread deciding the mode, while it does (no TLS of our own: see
/// <sizespec/thread_cache.h>).
constinit std::atomic<pthread_t> g_initializer{};
constinit std::atomic<bool> g_initializing{false};

static_assert(sizeof(std::size_t) == 8, "mangled names below assume LP64");

/// Every replaceable global allocation and deallocation function.
constexpr const char *kForms[] = {
    "_Znwm",
    "_Znam",
    "_ZnwmRKSt9nothrow_t",
    "_ZnamRKSt9nothrow_t",
    "_ZnwmSt11align_val_t",
    "_ZnamSt11align_val_t",
    "_ZnwmSt11align_val_tRKSt9nothrow_t",
    "_ZnamSt11align_val_tRKSt9nothrow_t",
    "_ZdlPv",
    "_ZdaPv",
    "_ZdlPvm",
    "_ZdaPvm",
    "_ZdlPvRKSt9nothrow_t",
    "_ZdaPvRKSt9nothrow_t",
    "_ZdlPvSt11align_val_t",
    "_ZdaPvSt11align_val_t",
    "_ZdlPvmSt11align_val_t",
    "_ZdaPvmSt11align_val_t",
    "_ZdlPvSt11align_val_tRKSt9nothrow_t",
    "_ZdaPvSt11align_val_tRKSt9nothrow_t",
};

template <class Fn> void bind(Fn &Slot, const char *Name) {
  if (void *Sym = dlsym(RTLD_DEFAULT, Name))
    Slot = reinterpret_cast<Fn>(Sym);
}

/// Points g_winners at the definitions the dynamic linker binds (they start
/// out as this library's own).
void bind_winners() {
  bind(g_winners.new_, "_Znwm");
  bind(g_winners.new_array, "_Znam");
  bind(g_winners.new_aligned, "_ZnwmSt11align_val_t");
  bind(g_winners.new_array_aligned, "_ZnamSt11align_val_t");
  bind(g_winners.new_nothrow, "_ZnwmRKSt9nothrow_t");
  bind(g_winners.new_array_nothrow, "_ZnamRKSt9nothrow_t");
  bind(g_winners.new_aligned_nothrow, "_ZnwmSt11align_val_tRKSt9nothrow_t");
  bind(g_winners.new_array_aligned_nothrow,
       "_ZnamSt11align_val_tRKSt9nothrow_t");
  bind(g_winners.del, "_ZdlPv");
  bind(g_winners.del_array, "_ZdaPv");
  bind(g_winners.del_aligned, "_ZdlPvSt11align_val_t");
  bind(g_winners.del_array_aligned, "_ZdaPvSt11align_val_t");
}

/// The first replaceable form that does not bind to this library, or null.
/// Such a program gets the standard behaviour from every form we define.
const char *foreign_form(const char *&Where) {
  Dl_info Me, It;
  if (!dladdr(reinterpret_cast<void *>(&init_runtime), &Me))
    return nullptr;
  for (const char *Name : kForms) {
    void *Sym = dlsym(RTLD_DEFAULT, Name);
    if (Sym && dladdr(Sym, &It) && It.dli_fbase != Me.dli_fbase) {
      Where = It.dli_fname && *It.dli_fname ? It.dli_fname : "the program";
      return Name;
    }
  }
  return nullptr;
}

void before_fork() {
  g_init_lock.lock();
  central_lock_all();
}
void after_fork() {
  central_unlock_all();
  g_init_lock.unlock();
}

void print_stats_at_exit() { print_stats(stderr); }

/// SIZESPEC_PURGE_DELAY_MS: milliseconds, up to a day. Anything else is
/// reported and ignored.
void read_purge_delay() {
  constexpr unsigned long kMaxMs = 24UL * 60 * 60 * 1000;
  const char *V = std::getenv("SIZESPEC_PURGE_DELAY_MS");
  if (!V || !*V)
    return;
  char *End = nullptr;
  errno = 0;
  unsigned long Ms = std::strtoul(V, &End, 10);
  if (*V < '0' || *V > '9' || *End || errno || Ms > kMaxMs) {
    std::fprintf(stderr,
                 "sizespec: ignoring SIZESPEC_PURGE_DELAY_MS=%s: not a number "
                 "of milliseconds from 0 to %lu; the delay stays %u\n",
                 V, kMaxMs, central_purge_delay());
    return;
  }
  central_set_purge_delay(static_cast<std::uint32_t>(Ms));
}

Mode decide() {
  bind_winners();
  if ((g_reason = platform::reason_to_stand_aside()))
    return Mode::system;
  const char *Where = nullptr;
  if (const char *Name = foreign_form(Where)) {
    std::snprintf(g_reason_buf, sizeof g_reason_buf,
                  "global operator new/delete replaced (%s in %s)", Name,
                  Where);
    g_reason = g_reason_buf;
    return Mode::deferring;
  }
  if (!region_init()) {
    g_reason = "no address space for the span region";
    return Mode::system;
  }
  return Mode::active;
}

} // namespace

Mode init_runtime() noexcept {
  // Anything allocating while we decide (nothing should) gets malloc.
  if (g_initializing.load(std::memory_order_acquire) &&
      pthread_equal(g_initializer.load(), pthread_self()))
    return Mode::system;
  LockGuard G(g_init_lock);
  Mode M = g_mode.load(std::memory_order_relaxed);
  if (M != Mode::uninitialized)
    return M;
  g_initializer.store(pthread_self());
  g_initializing.store(true, std::memory_order_release);
  M = decide();
  if (M == Mode::active) {
    thread_cache_process_init();
    read_purge_delay();
  }
  pthread_atfork(before_fork, after_fork, after_fork);
  if (platform::env_flag("SIZESPEC_STATS"))
    std::atexit(print_stats_at_exit);
  g_initializing.store(false, std::memory_order_release);
  g_mode.store(M, std::memory_order_release);
  return M;
}

const char *mode_reason() noexcept { return g_reason; }

} // namespace sizespec
