//===- runtime.cc - How the runtime runs in this process ------------------===//

#include "runtime.h"

#include "central.h"
#include "composition.h"
#include "fallback.h"
#include "lock.h"
#include "platform.h"
#include "purge.h"
#include "region.h"
#include "thread_cache.h"

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
const char *foreign_form(Foreign &F) {
  Dl_info Me, It;
  link_map *Map = nullptr, *Main = nullptr;
  if (!dladdr(reinterpret_cast<void *>(&init_runtime), &Me))
    return nullptr;
  if (void *Self = dlopen(nullptr, RTLD_LAZY | RTLD_NOLOAD))
    dlinfo(Self, RTLD_DI_LINKMAP, &Main);
  for (const char *Name : kForms) {
    void *Sym = dlsym(RTLD_DEFAULT, Name);
    if (Sym &&
        dladdr1(Sym, &It, reinterpret_cast<void **>(&Map), RTLD_DL_LINKMAP) &&
        It.dli_fbase != Me.dli_fbase) {
      F.form = Name;
      F.program = Map && Map == Main;
      F.where = It.dli_fname && *It.dli_fname ? It.dli_fname : "the program";
      F.me = Me.dli_fname;
      return Name;
    }
  }
  return nullptr;
}

/// The file name in \p Path.
const char *base_name(const char *Path) {
  const char *Slash = std::strrchr(Path, '/');
  return Slash ? Slash + 1 : Path;
}

// Bin locks before the purge thread's mutex: a bin lock's holder may wake
// the thread (purge.h).
void before_fork() {
  g_init_lock.lock();
  central_lock_all();
  purge_before_fork();
}
void after_fork_parent() {
  purge_after_fork_parent();
  central_unlock_all();
  g_init_lock.unlock();
}
void after_fork_child() {
  purge_after_fork_child();
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
  if (const char *Name = foreign_form(g_foreign)) {
    std::snprintf(g_reason_buf, sizeof g_reason_buf,
                  "global operator new/delete replaced (%s in %s)", Name,
                  g_foreign.where);
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
    purge_init();
    composition_init();
  }
  pthread_atfork(before_fork, after_fork_parent, after_fork_child);
  if (platform::env_flag("SIZESPEC_STATS"))
    std::atexit(print_stats_at_exit);
  g_initializing.store(false, std::memory_order_release);
  g_mode.store(M, std::memory_order_release);
  return M;
}

const char *mode_reason() noexcept { return g_reason; }

void warn_standing_aside() noexcept {
  static constinit std::atomic<bool> Warned{false};
  if (g_mode.load(std::memory_order_relaxed) != Mode::deferring ||
      Warned.exchange(true, std::memory_order_relaxed) ||
      platform::env_flag("SIZESPEC_QUIET"))
    return;
  const Foreign &F = g_foreign;
  if (F.program) {
    std::fprintf(stderr,
                 "sizespec: this program replaces operator new (%s), which "
                 "turns specialization off: its specialized sites call the "
                 "program's operator new (SIZESPEC_QUIET=1 hides this line)\n",
                 F.form);
    return;
  }
  const char *Lib = base_name(F.where);
  const char *Me = F.me ? base_name(F.me) : "libsizespec.so";
  std::fprintf(stderr,
               "sizespec: %s defines operator new ahead of %s, so the runtime "
               "stands aside and every specialized site allocates from %s; "
               "load %s first: LD_PRELOAD=%s:%s, or link -lsizespec before "
               "the other library (SIZESPEC_QUIET=1 hides this line)\n",
               Lib, Me, Lib, Me, F.me ? F.me : Me, F.where);
}

} // namespace sizespec
