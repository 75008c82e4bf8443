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
// (a span becomes empty, memory goes back to malloc: purge_notify,
// purge_signal.h), with every signal blocked, and sleeps, with no timer,
// whenever nothing does. Each half delay it:
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

#include "purge_signal.h"

namespace sizespec {

/// Reads SIZESPEC_BACKGROUND_PURGE and sets g_purge_wake (once, when the
/// runtime becomes active).
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
