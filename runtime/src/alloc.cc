//===- alloc.cc - Allocation and free slow paths --------------------------===//
//
// Behind the fast paths of alloc.h and <sizespec/alloc_path.h>: refill
// with the new_handler loop, the large-object path (the system allocator),
// overflow when a bin's address range is full, and the standard behaviour
// of every entry when the runtime is not active. The frees are free.cc's.
//
//===----------------------------------------------------------------------===//

#include "alloc.h"

#include "counters.h"
#include "fallback.h"
#include "profile.h"
#include "runtime.h"

#include <cstdlib>

namespace sizespec {
namespace {

/// What entry E does when the runtime is not active: what the standard
/// library would do for an operator-new form; for the routines and the API,
/// call the operator new that wins in this process.
template <bool nothrow>
void *forward(Entry e, std::size_t size, std::size_t align) {
  auto al = static_cast<std::align_val_t>(align);
  switch (e) {
  case Entry::routine:
    // The routine stands in for the site's own operator new: the form the
    // new-expression would have called, as the process binds it.
    if (align)
      return nothrow ? g_winners.new_aligned_nothrow(size, al, std::nothrow)
                     : g_winners.new_aligned(size, al);
    return nothrow ? g_winners.new_nothrow(size, std::nothrow)
                   : g_winners.new_(size);
  case Entry::routine_array:
    if (align)
      return nothrow
                 ? g_winners.new_array_aligned_nothrow(size, al, std::nothrow)
                 : g_winners.new_array_aligned(size, al);
    return nothrow ? g_winners.new_array_nothrow(size, std::nothrow)
                   : g_winners.new_array(size);
  case Entry::api_new:
  case Entry::typed_scan:
  case Entry::typed_noscan:
    return nothrow ? fallback::new_nothrow(size) : g_winners.new_(size);
  case Entry::op_new:
    return nothrow ? fallback::new_nothrow(size) : fallback::new_(size);
  case Entry::op_new_array:
    return nothrow ? fallback::new_array_nothrow(size)
                   : fallback::new_array(size);
  case Entry::op_new_aligned:
    return nothrow ? fallback::new_aligned_nothrow(size, al)
                   : fallback::new_aligned(size, al);
  case Entry::op_new_array_aligned:
    return nothrow ? fallback::new_array_aligned_nothrow(size, al)
                   : fallback::new_array_aligned(size, al);
  case Entry::typed_aligned:
    return nothrow ? fallback::new_aligned_nothrow(size, al)
                   : g_winners.new_aligned(size, al);
  }
  __builtin_unreachable();
}

/// The large-object path, also taken when a bin's range is full: the
/// system allocator (whose memory every operator delete passes back to it).
template <bool nothrow>
void *system_alloc(std::size_t size, std::size_t align) {
  Counters::add(g_counters.large_allocations, 1);
  Counters::add(g_counters.large_bytes, size);
  if (profile_on())
    if (ThreadState *t = thread_state(); t != &g_exited)
      profile_large(t->profile, size);
  auto al = static_cast<std::align_val_t>(align);
  if constexpr (nothrow) {
    try {
      return align ? fallback::new_aligned(size, al) : fallback::new_(size);
    } catch (...) {
      return nullptr;
    }
  } else {
    return align ? fallback::new_aligned(size, al) : fallback::new_(size);
  }
}

/// Out of memory: calls the new_handler, or throws std::bad_alloc / returns
/// false (Nothrow) when there is none or it throws. True: try again.
template <bool nothrow> bool handle_out_of_memory() {
  std::new_handler h = std::get_new_handler();
  if constexpr (nothrow) {
    if (!h)
      return false;
    try {
      h();
    } catch (...) {
      return false;
    }
  } else {
    if (!h)
      throw std::bad_alloc();
    h();
  }
  return true;
}

/// refill's answer when the central bin has no object (thread_refill's
/// RefillFailed): the system allocator's if the bin's range is full; out
/// of memory, another refill after the new_handler, then std::bad_alloc or
/// null.
template <bool nothrow>
void *refill_failed(std::size_t size, TakeStatus status) {
  if (status == TakeStatus::exhausted)
    return system_alloc<nothrow>(size, 0);
  if (!handle_out_of_memory<nothrow>())
    return nullptr;
  return reinterpret_cast<void *>(kRefillAgain);
}

/// Refill bin b (its list is empty) and return one object.
template <bool nothrow>
void *refill(unsigned b, std::size_t size, bool generic) {
  return thread_refill(b, size, generic, &refill_failed<nothrow>);
}

/// A new tiny block for \p size bytes (the current one has no room), or,
/// where the thread has no tiny path or the tiny range is full, an object of
/// a noscan bin. Out of memory: as refill.
template <bool nothrow> void *tiny_refill(std::size_t size, bool generic) {
  // The debug build has no tiny path, nor has a thread past its exit.
  ThreadState *t = kDebug ? &g_exited : thread_state();
  for (;;) {
    TakeStatus status = TakeStatus::ok;
    if (t != &g_exited)
      if (void *p =
              tiny_start_block(t->tiny, t->profile, size, generic, status))
        return p;
    if (status != TakeStatus::out_of_memory)
      return refill<nothrow>(bin_of(class_of(size), false), size, generic);
    if (!handle_out_of_memory<nothrow>())
      return nullptr;
  }
}

template <bool nothrow>
void *slow(Entry e, std::size_t size, std::size_t align) {
  if (current_mode() != Mode::active)
    return forward<nothrow>(e, size, align);
  if (!align) {
    if (size > kMaxSmallSize)
      return system_alloc<nothrow>(size, 0);
    return refill<nothrow>(size_table_for(e)[size_step(size)], size,
                           /*Generic=*/true);
  }
  // Aligned: a class whose objects are aligned enough, else the system.
  unsigned c = size <= kMaxSmallSize ? class_of_aligned(size, align) : 0;
  if (c == 0)
    return system_alloc<nothrow>(size, align);
  unsigned b = bin_of(c, true);
  ThreadCache &tc = tls_cache;
  if (FreeObject *p =
          pop_free(tc.__alloc[b], tc.__link_inverse, tc.__link_bound)) {
    ++tc.__generic[b];
    return p;
  }
  return refill<nothrow>(b, size, /*Generic=*/true);
}

} // namespace

void *alloc_slow(Entry e, std::size_t size, std::size_t align) {
  return slow<false>(e, size, align);
}

void *alloc_slow_nothrow(Entry e, std::size_t size,
                         std::size_t align) noexcept {
  return slow<true>(e, size, align);
}

void *alloc_tiny_generic_slow(std::size_t size) {
  if (current_mode() != Mode::active)
    return forward<false>(Entry::typed_noscan, size, 0);
  return tiny_refill<false>(size, /*Generic=*/true);
}

namespace detail {

// Slow paths of the specialized routines (detail::alloc_small).
namespace {
/// A routine's slow path while the runtime stands aside: the operator new
/// form its site would have called (kRefillArray in \p flags: new[]), and
/// the one line that says so (runtime.h). Out of line, so that the refill
/// the active runtime takes stays small.
template <bool nothrow>
SIZESPEC_SLOW_PATH void *routine_stand_aside(unsigned flags, std::size_t size,
                                             std::size_t align) {
  warn_standing_aside();
  return forward<nothrow>(flags & kRefillArray ? Entry::routine_array
                                               : Entry::routine,
                          size, align);
}

/// Every alloc_refill form: the routine's bin refilled, or, standing
/// aside, the operator new form the site would have called.
template <bool nothrow>
void *routine_refill(unsigned bin, std::size_t size, std::size_t align) {
  if (current_mode() != Mode::active)
    return routine_stand_aside<nothrow>(bin, size, align);
  return refill<nothrow>(bin & ~kRefillArray, size, /*Generic=*/false);
}
} // namespace

void *alloc_refill(unsigned bin, std::size_t size) {
  return routine_refill<false>(bin, size, 0);
}
void *alloc_refill_nothrow(unsigned bin, std::size_t size) noexcept {
  return routine_refill<true>(bin, size, 0);
}
void *alloc_refill_aligned(unsigned bin, std::size_t size, std::size_t align) {
  return routine_refill<false>(bin, size, align);
}
void *alloc_refill_aligned_nothrow(unsigned bin, std::size_t size,
                                   std::size_t align) noexcept {
  return routine_refill<true>(bin, size, align);
}

namespace {
/// Both alloc_tiny_refill forms: a new block, or, standing aside, the
/// operator new form the site would have called.
template <bool nothrow>
void *routine_tiny_refill(unsigned flags, std::size_t size) {
  if (current_mode() != Mode::active)
    return routine_stand_aside<nothrow>(flags, size, 0);
  return tiny_refill<nothrow>(size, /*Generic=*/false);
}
} // namespace

void *alloc_tiny_refill(unsigned flags, std::size_t size) {
  return routine_tiny_refill<false>(flags, size);
}
void *alloc_tiny_refill_nothrow(unsigned flags, std::size_t size) noexcept {
  return routine_tiny_refill<true>(flags, size);
}

} // namespace detail

} // namespace sizespec
