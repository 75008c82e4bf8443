//===- runtime.h - How the runtime runs in this process --------*- C++ -*-===//
//
// Decided once, at the first allocation that reaches a slow path:
//
//   active     the runtime serves allocations from its region;
//   system     it stands aside (sanitizer, malloc-replacing valgrind tool,
//              SIZESPEC_SYSTEM=1, no address space): every form behaves as
//              the standard library's, on malloc/free, where those tools
//              look;
//   deferring  the program (or a library ahead of us) replaced some global
//              operator new/delete: every form behaves as the standard
//              library's, so the program's replacement is called for what
//              it allocates and frees, and the runtime hands out nothing.
//
// In the last two modes no thread list is ever filled, so the inline
// routines always take their slow path, which calls the winning
// `operator new`: whatever a routine returns is what that program's
// `operator delete` expects.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_RUNTIME_H
#define SIZESPEC_RUNTIME_RUNTIME_H

#include <sizespec/config.h>
#include <sizespec/mode.h>

#include <atomic>

namespace sizespec {

SIZESPEC_INTERNAL extern std::atomic<Mode> g_mode;

/// Decides the mode (once; thread-safe) and returns it.
SIZESPEC_SLOW_PATH Mode init_runtime() noexcept;

inline Mode current_mode() noexcept {
  Mode m = g_mode.load(std::memory_order_acquire);
  return SIZESPEC_LIKELY(m != Mode::uninitialized) ? m : init_runtime();
}

/// Why the runtime is not active, or null.
const char *mode_reason() noexcept;
/// "active", "system", "deferring", "uninitialized".
const char *mode_name(Mode m) noexcept;

/// A specialized site ran while the runtime defers to another operator new:
/// says so once on stderr, in one line that names who won and the fix
/// (unless SIZESPEC_QUIET is set). Nothing in the other modes.
SIZESPEC_SLOW_PATH void warn_standing_aside() noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_RUNTIME_H
