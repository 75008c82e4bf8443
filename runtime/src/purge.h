//===- purge.h - Memory given back while the program idles -----*- C++ -*-===//
//
// The central lists give empty spans back lazily, when threads come to them
// (central.h), and a thread that exits gives back the empty spans beyond
// 8 MiB. A program that frees much and then stops allocating altogether
// keeps the rest until it allocates again or calls release_free_memory().
//
// The background purge is a thread for those who want that memory back
// too, as jemalloc's background decay is. It is off unless the program asks
// for it (SIZESPEC_BACKGROUND_PURGE=1, or start_background_purge()): a
// thread the program did not create changes what it may do (a
// process-directed signal may go to it, unshare(CLONE_NEWUSER) and other
// single-threaded-only calls fail), so the runtime starts none by itself.
// Once asked for, it starts the first time something may need giving back
// (a span becomes empty, memory goes back to malloc), with every signal
// blocked, and sleeps, with no timer, whenever nothing does. Each half
// delay it:
//
//   - gives back the spans that have been empty for the purge delay, all
//     of them in a bin the program has not used for that long;
//   - when glibc's malloc serves what the runtime does not (composition.h),
//     trims glibc's heap once the program has made no large allocation for
//     a whole delay.
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
/// The program asked for the thread (SIZESPEC_BACKGROUND_PURGE=1 or
/// start_background_purge()), and one could be had.
SIZESPEC_INTERNAL extern std::atomic<bool> g_purge_enabled;

SIZESPEC_SLOW_PATH void purge_start_or_wake() noexcept;

/// Something may need giving back later: an empty span, memory freed to
/// glibc. Costs a load when there is no purge thread, a store and two loads
/// when it is already cycling; it is called on slow paths only.
inline void purge_notify() noexcept {
  if (!g_purge_enabled.load(std::memory_order_relaxed))
    return;
  // seq_cst on both sides (see purge.cc): either this sees the thread
  // stopping, or the thread sees the flag before it stops.
  g_purge_pending.store(true, std::memory_order_seq_cst);
  if (SIZESPEC_UNLIKELY(!g_purge_running.load(std::memory_order_seq_cst)))
    purge_start_or_wake();
}

/// The lazy purge, on the central bins' slow paths (a refill, a flush) at
/// \p now: every half delay at most, the first thread through gives back
/// the spans that have been empty for the delay, and trims glibc's heap if
/// it is due (composition.h). Lazy, as jemalloc's decay without its
/// background thread.
void purge_lazily(std::uint32_t now) noexcept;

/// A thread's exit, after its cache went back to the central bins: gives
/// back what that left empty (central_purge_after_exit) and trims glibc's
/// heap if memory went back to it (composition_trim_after_exit).
void purge_at_thread_exit() noexcept;

/// Reads SIZESPEC_BACKGROUND_PURGE (once, when the runtime becomes active).
void purge_init() noexcept;
/// start_background_purge(): allows the thread and starts it now. False if
/// no thread could be created.
bool purge_start_now() noexcept;

/// Around fork(): the child has no purge thread; it starts one when it
/// needs one.
void purge_before_fork() noexcept;
void purge_after_fork_parent() noexcept;
void purge_after_fork_child() noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_PURGE_H
