//===- thread_cache.h - A thread's cache: the slow paths -------*- C++ -*-===//
//
// The inline half is <sizespec/thread_cache.h>: per bin, a free list that
// allocation pops and operator delete pushes, a count of specialized and
// generic allocations, and a budget of frees before a flush. This half runs
// when a list is empty (refill) or a budget is spent (flush), and when a
// thread exits. Frees from any thread go to the freeing thread's cache (the
// local path, no atomics); caches trade objects with the central bins in
// batches (central.h), which is where memory moves between threads.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_THREAD_CACHE_H
#define SIZESPEC_RUNTIME_THREAD_CACHE_H

#include "central.h"

#include <sizespec/config.h>
#include <sizespec/thread_cache.h>

namespace sizespec {

using detail::ThreadCache;
using detail::tls_cache;

/// Slow path of alloc_small and of the generic fast path: refills bin \p B
/// and returns one object, counted as generic or specialized; null (with
/// \p Status) if the central bin has none to give.
void *thread_refill(unsigned B, bool Generic, TakeStatus &Status) noexcept;

/// Slow path of free_small: bin \p B's free budget is spent. Gives objects
/// back to the central bin if the list is over its cap.
SIZESPEC_SLOW_PATH void thread_flush(unsigned B) noexcept;

/// Folds the calling thread's counts into the stats counters.
void thread_sync_all() noexcept;

/// Creates the key whose destructor returns a thread's cache at exit.
void thread_cache_process_init() noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_THREAD_CACHE_H
