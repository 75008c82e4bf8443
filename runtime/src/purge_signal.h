//===- purge_signal.h - The purge delay, and the purge's flag ---*- C++ -*-===//
//
// The central bins (central.h) give empty spans back once they have stayed
// empty for the purge delay, and the runtime trims glibc's heap on the same
// clock (composition.h). Both may leave memory that only the background
// purge (purge.h) would give back while the program idles: they tell it so
// here, through a flag, without knowing the thread. The thread sits above
// them; when the program asks for it, purge_init() sets the hook that
// starts or wakes it.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_PURGE_SIGNAL_H
#define SIZESPEC_RUNTIME_PURGE_SIGNAL_H

#include <sizespec/config.h>

#include <atomic>
#include <cstdint>

namespace sizespec {

/// Default for how long a span stays empty and committed before its pages
/// go back to the OS (SIZESPEC_PURGE_DELAY_MS). 0: at once.
constexpr std::uint32_t kDefaultPurgeDelayMs = 1000;
/// A purge pass's answer when nothing it left will fall due.
constexpr std::uint32_t kNoPurgeDue = UINT32_MAX;

SIZESPEC_INTERNAL extern std::atomic<std::uint32_t> g_purge_delay_ms;
inline std::uint32_t purge_delay() noexcept {
  return g_purge_delay_ms.load(std::memory_order_relaxed);
}
inline void set_purge_delay(std::uint32_t ms) noexcept {
  g_purge_delay_ms.store(ms, std::memory_order_relaxed);
}

/// Set by whoever leaves memory to give back; the purge thread clears it.
SIZESPEC_INTERNAL extern std::atomic<bool> g_purge_pending;
/// True while the purge thread is cycling (it then sees g_purge_pending).
SIZESPEC_INTERNAL extern std::atomic<bool> g_purge_running;
/// The program asked for the thread (SIZESPEC_BACKGROUND_PURGE=1 or
/// start_background_purge()), and one could be had.
SIZESPEC_INTERNAL extern std::atomic<bool> g_purge_enabled;
/// Starts the purge thread, or wakes it. Set by purge_init(), before the
/// runtime becomes active and so before g_purge_enabled can be true.
SIZESPEC_INTERNAL extern void (*g_purge_wake)() noexcept;

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
    g_purge_wake();
}

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_PURGE_SIGNAL_H
