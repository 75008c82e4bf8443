//===- purge.h - Memory given back while the program idles -----*- C++ -*-===//
//
// The central lists give empty spans back lazily, when threads come to them
// (central.h): a program that frees much and then stops allocating would
// keep its empty spans for good. The background purge is a thread, as
// jemalloc's background decay is, started the first time something may
// need giving back (a span becomes empty, memory goes back to malloc) and
// asleep, with no timer, whenever nothing does. Each half delay it:
//
//   - gives back the spans that have been empty for the purge delay, all
//     of them in a bin the program has not used for that long;
//   - when glibc's malloc serves what the runtime does not (composition.h),
//     trims glibc's heap once the program has made no large allocation for
//     a whole delay.
//
// SIZESPEC_BACKGROUND_PURGE=0 turns it off (then only the lazy purge and
// release_free_memory() give memory back).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_PURGE_H
#define SIZESPEC_RUNTIME_PURGE_H

#include <sizespec/config.h>

#include <atomic>

namespace sizespec {

/// Set by whoever leaves memory to give back; the purge thread clears it.
SIZESPEC_INTERNAL extern std::atomic<bool> g_purge_pending;
/// True while the purge thread is cycling (it then sees g_purge_pending).
SIZESPEC_INTERNAL extern std::atomic<bool> g_purge_running;

SIZESPEC_SLOW_PATH void purge_start_or_wake() noexcept;

/// Something may need giving back later: an empty span, memory freed to
/// glibc. Costs a store and a load when the purge thread is already
/// cycling; it is called on slow paths only.
inline void purge_notify() noexcept {
  // seq_cst on both sides (see purge.cc): either this sees the thread
  // stopping, or the thread sees the flag before it stops.
  g_purge_pending.store(true, std::memory_order_seq_cst);
  if (SIZESPEC_UNLIKELY(!g_purge_running.load(std::memory_order_seq_cst)))
    purge_start_or_wake();
}

/// Reads SIZESPEC_BACKGROUND_PURGE (once, when the runtime becomes active).
void purge_init() noexcept;
/// Whether the background purge may run in this process.
bool purge_enabled() noexcept;

/// Around fork(): the child has no purge thread; it starts one when it
/// needs one.
void purge_before_fork() noexcept;
void purge_after_fork_parent() noexcept;
void purge_after_fork_child() noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_PURGE_H
