//===- purge.cc - Memory given back while the program idles ---------------===//

#include "purge.h"

#include "central.h"
#include "composition.h"
#include "platform.h"

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <pthread.h>

namespace sizespec {
namespace {

// The purge thread waits on g_cond under g_mutex: for half a delay while it
// cycles, without end while there is nothing to give back. A notifier that
// finds it not cycling (g_purge_running false) starts it, or wakes it.
//
// Lost wake-ups: a notifier sets g_purge_pending, then reads
// g_purge_running; the thread, to stop, clears g_purge_running, then takes
// g_purge_pending. Both seq_cst: one of them sees the other's store. A
// pass starts by taking the flag too, so that a flag it clears comes with
// the change that set it.
constinit pthread_mutex_t g_mutex = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t g_cond;
bool g_cond_ready = false; ///< g_cond set up on CLOCK_MONOTONIC
bool g_started = false;    ///< the thread exists (in this process)

/// The shortest sleep between passes: the coarse clock's resolution is a
/// few milliseconds.
constexpr std::uint32_t kMinSleepMs = 10;

/// The thread's stack: it calls into the central lists and malloc_trim.
constexpr std::size_t kStackBytes = 128 * 1024;

void init_cond() {
  pthread_condattr_t a;
  pthread_condattr_init(&a);
  pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
  pthread_cond_init(&g_cond, &a);
  pthread_condattr_destroy(&a);
  g_cond_ready = true;
}

/// Sleeps \p ms milliseconds, or until woken (g_mutex held).
void sleep_ms(std::uint32_t ms) {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  t.tv_sec += ms / 1000;
  t.tv_nsec += long(ms % 1000) * 1000000;
  if (t.tv_nsec >= 1000000000) {
    t.tv_sec += 1;
    t.tv_nsec -= 1000000000;
  }
  pthread_cond_timedwait(&g_cond, &g_mutex, &t);
}

void *purge_main(void *) {
  pthread_mutex_lock(&g_mutex);
  // The first pass half a delay on (what woke the thread falls due a delay
  // after it happened, so this one looks early); then each pass says when
  // the next is due (as jemalloc's
  // background thread sleeps until its next decay epoch), never sooner than
  // kMinSleepMs.
  std::uint32_t wait = purge_delay() / 2;
  for (;;) {
    sleep_ms(std::max(wait, kMinSleepMs));
    pthread_mutex_unlock(&g_mutex);
    // Acquire: what a notifier did before it set the flag, this pass sees.
    g_purge_pending.exchange(false, std::memory_order_acq_rel);
    const std::uint32_t now = platform::now_ms();
    wait =
        std::min(central_purge_background(now), composition_trim_if_idle(now));
    pthread_mutex_lock(&g_mutex);
    if (wait != kNoPurgeDue)
      continue;
    g_purge_running.store(false, std::memory_order_seq_cst);
    if (g_purge_pending.exchange(false, std::memory_order_seq_cst)) {
      g_purge_running.store(true, std::memory_order_relaxed);
      wait = purge_delay() / 2;
      continue;
    }
    while (!g_purge_running.load(std::memory_order_relaxed))
      pthread_cond_wait(&g_cond, &g_mutex);
    wait = purge_delay() / 2;
  }
}

/// Creates the thread (g_mutex held). It starts with every signal blocked,
/// as jemalloc's background threads do: a signal sent to the process then
/// goes to one of the program's threads, never to this one, whose default
/// action would end the process (a program that blocks SIGTERM in its
/// threads and waits for it with sigwait or a signalfd must still get it).
/// The mask is set on the creating thread around pthread_create, so the
/// new thread has it from its first instruction.
bool create_thread() {
  if (!g_cond_ready)
    init_cond();
  pthread_attr_t a;
  pthread_attr_init(&a);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&a, kStackBytes);
  sigset_t all, saved;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &saved);
  pthread_t t;
  const bool created = pthread_create(&t, &a, purge_main, nullptr) == 0;
  pthread_sigmask(SIG_SETMASK, &saved, nullptr);
  pthread_attr_destroy(&a);
  if (created)
    pthread_setname_np(t, "sizespec-purge");
  return created;
}

/// Starts the thread or wakes it (g_mutex held).
void start_or_wake_locked() {
  if (g_purge_running.load(std::memory_order_relaxed))
    return;
  g_purge_running.store(true, std::memory_order_seq_cst);
  if (g_started) {
    pthread_cond_signal(&g_cond);
    return;
  }
  g_started = create_thread();
  if (!g_started) {
    // No thread to be had: the lazy purge alone.
    g_purge_enabled.store(false, std::memory_order_relaxed);
    g_purge_running.store(false, std::memory_order_relaxed);
  }
}

/// g_purge_wake: purge_notify found the thread not cycling.
void start_or_wake() noexcept {
  pthread_mutex_lock(&g_mutex);
  if (g_purge_enabled.load(std::memory_order_relaxed))
    start_or_wake_locked();
  pthread_mutex_unlock(&g_mutex);
}

} // namespace

void purge_init() noexcept {
  g_purge_wake = start_or_wake;
  if (platform::env_flag("SIZESPEC_BACKGROUND_PURGE"))
    g_purge_enabled.store(true, std::memory_order_relaxed);
}

bool purge_start_now() noexcept {
  pthread_mutex_lock(&g_mutex);
  g_purge_enabled.store(true, std::memory_order_relaxed);
  start_or_wake_locked();
  const bool started = g_started;
  pthread_mutex_unlock(&g_mutex);
  return started;
}

void purge_before_fork() noexcept { pthread_mutex_lock(&g_mutex); }
void purge_after_fork_parent() noexcept { pthread_mutex_unlock(&g_mutex); }
void purge_after_fork_child() noexcept {
  // Only the forking thread lives on in the child: no purge thread, and
  // g_cond may have had a waiter that is gone.
  g_started = false;
  g_cond_ready = false;
  g_purge_running.store(false, std::memory_order_relaxed);
  pthread_mutex_unlock(&g_mutex);
}

} // namespace sizespec
