//===- runtime.cc - How the runtime runs in this process ------------------===//

#include "runtime.h"

#include "central.h"
#include "composition.h"
#include "debug.h"
#include "fallback.h"
#include "heap_check.h"
#include "lock.h"
#include "placement.h"
#include "platform.h"
#include "profile.h"
#include "purge.h"
#include "region.h"
#include "thread_state.h"

#include <sizespec/stats.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
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

template <class Fn> void bind(Fn &slot, const char *name) {
  if (void *sym = dlsym(RTLD_DEFAULT, name))
    slot = reinterpret_cast<Fn>(sym);
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

/// Who defines the operator new that wins, when it is not this library.
struct Foreign {
  const char *form = nullptr;  ///< its mangled name
  const char *where = nullptr; ///< the file that defines it
  const char *me = nullptr;    ///< this library's file
  bool program = false;        ///< the program itself (not a library)
};
Foreign g_foreign;

/// The first replaceable form that does not bind to this library, or null.
/// Such a program gets the standard behaviour from every form we define.
const char *foreign_form(Foreign &f) {
  Dl_info me, it;
  link_map *map = nullptr, *main = nullptr;
  if (!dladdr(reinterpret_cast<void *>(&init_runtime), &me))
    return nullptr;
  if (void *self = dlopen(nullptr, RTLD_LAZY | RTLD_NOLOAD))
    dlinfo(self, RTLD_DI_LINKMAP, &main);
  for (const char *name : kForms) {
    void *sym = dlsym(RTLD_DEFAULT, name);
    if (sym &&
        dladdr1(sym, &it, reinterpret_cast<void **>(&map), RTLD_DL_LINKMAP) &&
        it.dli_fbase != me.dli_fbase) {
      f.form = name;
      f.program = map && map == main;
      f.where = it.dli_fname && *it.dli_fname ? it.dli_fname : "the program";
      f.me = me.dli_fname;
      return name;
    }
  }
  return nullptr;
}

/// The file name in \p path.
const char *base_name(const char *path) {
  const char *slash = std::strrchr(path, '/');
  return slash ? slash + 1 : path;
}

// The trim lock first: its holder takes no other lock of ours. Bin locks
// before the purge thread's mutex: a bin lock's holder may wake the thread
// (purge.h). The registry's lock last: its holder takes no other. In the
// child the registry keeps the states of the threads that did not come
// along, and stats() still counts what they did.
void before_fork() {
  g_init_lock.lock();
  composition_before_fork();
  central_lock_all();
  purge_before_fork();
  profile_before_fork();
  thread_registry_lock();
}
void after_fork_parent() {
  thread_registry_unlock();
  profile_after_fork();
  purge_after_fork_parent();
  central_unlock_all();
  composition_after_fork();
  g_init_lock.unlock();
}
void after_fork_child() {
  thread_registry_unlock();
  profile_after_fork();
  purge_after_fork_child();
  central_unlock_all();
  composition_after_fork();
  g_init_lock.unlock();
}

void print_stats_at_exit() { print_stats(stderr); }
void print_stats_json_at_exit() { print_stats_json(stderr); }

/// SIZESPEC_PURGE_DELAY_MS: milliseconds, up to a day. Anything else is
/// reported and ignored.
void read_purge_delay() {
  constexpr unsigned long kMaxMs = 24UL * 60 * 60 * 1000;
  const char *v = std::getenv("SIZESPEC_PURGE_DELAY_MS");
  if (!v || !*v)
    return;
  char *end = nullptr;
  errno = 0;
  unsigned long ms = std::strtoul(v, &end, 10);
  if (*v < '0' || *v > '9' || *end || errno || ms > kMaxMs) {
    std::fprintf(stderr,
                 "sizespec: ignoring SIZESPEC_PURGE_DELAY_MS=%s: not a number "
                 "of milliseconds from 0 to %lu; the delay stays %u\n",
                 v, kMaxMs, purge_delay());
    return;
  }
  set_purge_delay(static_cast<std::uint32_t>(ms));
}

Mode decide() {
  bind_winners();
  if ((g_reason = platform::reason_to_stand_aside()))
    return Mode::system;
  if (const char *name = foreign_form(g_foreign)) {
    std::snprintf(g_reason_buf, sizeof g_reason_buf,
                  "global operator new/delete replaced (%s in %s)", name,
                  g_foreign.where);
    g_reason = g_reason_buf;
    return Mode::deferring;
  }
  links_init(hardening_wanted()); // before the region: no list without keys
  if (!region_init()) {
    g_reason = "no address space for the span region";
    return Mode::system;
  }
  if constexpr (kDebug)
    debug_init();
  // Before any object is handed out, so before any thread is set up.
  links_set_bound(
      reinterpret_cast<std::uintptr_t>(g_region.bin_base(kNumSpanBins)));
  return Mode::active;
}

} // namespace

Mode init_runtime() noexcept {
  // Anything allocating while we decide (nothing should) gets malloc.
  if (g_initializing.load(std::memory_order_acquire) &&
      pthread_equal(g_initializer.load(), pthread_self()))
    return Mode::system;
  LockGuard g(g_init_lock);
  Mode m = g_mode.load(std::memory_order_relaxed);
  if (m != Mode::uninitialized)
    return m;
  g_initializer.store(pthread_self());
  g_initializing.store(true, std::memory_order_release);
  m = decide();
  if (m == Mode::active) {
    thread_cache_process_init();
    // The purges' clock, read once now: its first read maps libc's page
    // in, 64 KiB with the kernel's fault-around, which the first refill
    // would otherwise add to its objects' resident memory
    // (bench/notes/tiny-path.md, "As a user measures it").
    platform::now_ms();
    central_init();
    read_purge_delay();
    purge_init();
    composition_init();
    placement_init();
  }
  pthread_atfork(before_fork, after_fork_parent, after_fork_child);
  // SIZESPEC_STATS=json: the JSON line; any other value but 0: the table.
  if (const char *v = std::getenv("SIZESPEC_STATS");
      v && std::strcmp(v, "json") == 0)
    std::atexit(print_stats_json_at_exit);
  else if (platform::env_flag("SIZESPEC_STATS"))
    std::atexit(print_stats_at_exit);
  profile_init(m, mode_name(m), g_reason);
  g_initializing.store(false, std::memory_order_release);
  g_mode.store(m, std::memory_order_release);
  return m;
}

const char *mode_reason() noexcept { return g_reason; }

const char *mode_name(Mode m) noexcept {
  switch (m) {
  case Mode::uninitialized:
    return "uninitialized";
  case Mode::active:
    return "active";
  case Mode::system:
    return "system";
  case Mode::deferring:
    return "deferring";
  }
  return "?";
}

void warn_standing_aside() noexcept {
  static constinit std::atomic<bool> warned{false};
  if (g_mode.load(std::memory_order_relaxed) != Mode::deferring ||
      warned.exchange(true, std::memory_order_relaxed) ||
      platform::env_flag("SIZESPEC_QUIET"))
    return;
  const Foreign &f = g_foreign;
  if (f.program) {
    std::fprintf(stderr,
                 "sizespec: this program replaces operator new (%s), which "
                 "turns specialization off: its specialized sites call the "
                 "program's operator new (SIZESPEC_QUIET=1 hides this line)\n",
                 f.form);
    return;
  }
  const char *lib = base_name(f.where);
  const char *me = f.me ? base_name(f.me) : "libsizespec.so";
  std::fprintf(stderr,
               "sizespec: %s defines operator new ahead of %s, so the runtime "
               "stands aside and every specialized site allocates from %s; "
               "load %s first: LD_PRELOAD=%s:%s, or link -lsizespec before "
               "the other library (SIZESPEC_QUIET=1 hides this line)\n",
               lib, me, lib, me, f.me ? f.me : me, f.where);
}

} // namespace sizespec
