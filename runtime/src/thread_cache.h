//===- thread_cache.h - A thread's cache: the slow paths -------*- C++ -*-===//
//
// The inline half is <sizespec/thread_cache.h>: per bin, a list allocation
// pops, a list operator delete pushes, a budget of frees before a flush,
// and the generic path's count. This half runs when the allocation list is
// empty (refill: take the freed list, else a batch from the central bin) or
// the budget is spent (flush), and when a thread exits.
//
// Frees split by where the memory goes, not by who allocated it: every
// free, from any thread, takes the local path (free_push: push onto the
// freeing thread's list, no atomics); a thread's surplus goes back to its
// span in the central bin in batches (free_flush -> central_give_back),
// which is where memory moves between threads. So a free from another
// thread costs what a local one does, and nothing waits in a remote queue.
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

// The slow path of a free, detail::free_flush, is public: the plugin's
// inline free calls it (<sizespec/thread_cache.h>).

/// Folds the calling thread's counts into the stats counters.
void thread_sync_all() noexcept;

struct TinyThread;
/// The calling thread's tiny-path state, set up if need be; null for a
/// thread past its exit destructor.
TinyThread *tiny_thread() noexcept;
/// The same without setting it up: null if the thread has none yet.
TinyThread *tiny_thread_if_any() noexcept;

/// Creates the key whose destructor returns a thread's cache at exit.
void thread_cache_process_init() noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_THREAD_CACHE_H
