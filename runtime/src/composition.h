//===- composition.h - The process's malloc behind the runtime -*- C++ -*-===//
//
// sizespec serves the classes it specializes; malloc, sizes above 1024 B and
// foreign pointers go to whatever malloc the process has: glibc's, or
// tcmalloc, jemalloc or mimalloc, linked or preloaded after libsizespec.so.
// This file knows which one it is and what glibc's needs.
//
// glibc trims the top of its heap whenever a free leaves more than 128 KiB
// there (M_TRIM_THRESHOLD), a rule that suits a heap where small objects
// sit among the large ones and keep the top in use. With sizespec in front,
// the small objects live in the runtime's spans and glibc's heap holds only
// large blocks: a program that frees its large blocks and makes them again
// had glibc give the whole heap back and fault it in again each time (ten
// times slower, bench/notes/composition-and-memory.md, "Large blocks and
// glibc's trimming"). So, with glibc behind it, the runtime takes over glibc's
// trimming: glibc no longer trims on free, and the runtime trims its heap once
// the program has made no large allocation for a purge delay, when it purges
// its own spans: on the lazy purge of the slow paths, at thread exit, and on
// each pass of the background purge when the program turned it on. Setting the
// trim threshold turns off glibc's adaptive mmap threshold, so the runtime sets
// that too, to where glibc's adaptation ends (32 MiB on 64-bit).
//
// mimalloc gives free memory back after a delay of its own, 10 to 25 ms,
// which behind the runtime made it decommit and fault in again the pages of
// a program's growing buffers: the runtime sets that delay to its purge
// delay, unless the program set it. tcmalloc and jemalloc have their own
// decay and are left as they are.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_COMPOSITION_H
#define SIZESPEC_RUNTIME_COMPOSITION_H

#include "purge_signal.h"

#include <sizespec/config.h>

#include <atomic>
#include <cstdint>

namespace sizespec {

/// Finds the process's malloc and, for glibc's, takes over its trimming;
/// for mimalloc, sets its decommit delay (once, when the runtime becomes
/// active, after the purge delay is read).
void composition_init() noexcept;

/// True once composition_init() has taken over glibc's trimming.
SIZESPEC_INTERNAL extern bool g_trims_glibc;

/// Set when memory goes back to glibc; cleared by a trim.
SIZESPEC_INTERNAL extern std::atomic<bool> g_malloc_dirty;

/// Memory went back to the process's malloc (a foreign free).
inline void note_malloc_free() noexcept {
  if (g_trims_glibc && !g_malloc_dirty.load(std::memory_order_relaxed)) {
    g_malloc_dirty.store(true, std::memory_order_relaxed);
    purge_notify();
  }
}

/// The purges' half of it (\p now): trims glibc's heap if memory went back
/// to it and no purge has seen a large allocation for a whole delay.
/// Returns the milliseconds until it wants another look, or kNoPurgeDue.
/// Any thread may call it; one looks at a time (the others return at once,
/// with half a delay).
std::uint32_t composition_trim_if_idle(std::uint32_t now) noexcept;

/// release_free_memory(): trims glibc's heap now, if the runtime took
/// over its trimming.
void composition_trim_now() noexcept;

/// A thread's exit at \p now: trims glibc's heap if memory went back to it
/// since the last trim, whatever the program does meanwhile (a thread's
/// arena is the likeliest to hold it then), at most once per half delay.
void composition_trim_after_exit(std::uint32_t now) noexcept;

/// Around fork(): no thread is inside composition_trim_if_idle, so the
/// child's lock is free.
void composition_before_fork() noexcept;
void composition_after_fork() noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_COMPOSITION_H
