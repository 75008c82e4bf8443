//===- alloc.cc - Allocation and free slow paths --------------------------===//
//
// Behind the fast paths of alloc.h and <sizespec/thread_cache.h>: refill
// with the new_handler loop, the large-object path (the system allocator),
// overflow when a bin's address range is full, foreign frees, and the
// standard behaviour of every entry when the runtime is not active.
//
//===----------------------------------------------------------------------===//

#include "alloc.h"

#include "composition.h"
#include "counters.h"
#include "fallback.h"
#include "runtime.h"

#include <cstdlib>

namespace sizespec {
namespace {

/// What entry E does when the runtime is not active: what the standard
/// library would do for an operator-new form; for the routines and the API,
/// call the operator new that wins in this process.
template <bool Nothrow>
void *forward(Entry E, std::size_t Size, std::size_t Align) {
  auto Al = static_cast<std::align_val_t>(Align);
  switch (E) {
  case Entry::routine:
    // The routine stands in for the site's own operator new: the form the
    // new-expression would have called, as the process binds it.
    if (Align)
      return Nothrow ? g_winners.new_aligned_nothrow(Size, Al, std::nothrow)
                     : g_winners.new_aligned(Size, Al);
    return Nothrow ? g_winners.new_nothrow(Size, std::nothrow)
                   : g_winners.new_(Size);
  case Entry::routine_array:
    if (Align)
      return Nothrow
                 ? g_winners.new_array_aligned_nothrow(Size, Al, std::nothrow)
                 : g_winners.new_array_aligned(Size, Al);
    return Nothrow ? g_winners.new_array_nothrow(Size, std::nothrow)
                   : g_winners.new_array(Size);
  case Entry::api_new:
  case Entry::typed_scan:
  case Entry::typed_noscan:
    return Nothrow ? fallback::new_nothrow(Size) : g_winners.new_(Size);
  case Entry::op_new:
    return Nothrow ? fallback::new_nothrow(Size) : fallback::new_(Size);
  case Entry::op_new_array:
    return Nothrow ? fallback::new_array_nothrow(Size)
                   : fallback::new_array(Size);
  case Entry::op_new_aligned:
    return Nothrow ? fallback::new_aligned_nothrow(Size, Al)
                   : fallback::new_aligned(Size, Al);
  case Entry::op_new_array_aligned:
    return Nothrow ? fallback::new_array_aligned_nothrow(Size, Al)
                   : fallback::new_array_aligned(Size, Al);
  case Entry::typed_aligned:
    return Nothrow ? fallback::new_aligned_nothrow(Size, Al)
                   : g_winners.new_aligned(Size, Al);
  }
  __builtin_unreachable();
}

/// The large-object path, also taken when a bin's range is full: the
/// system allocator (whose memory every operator delete passes back to it).
template <bool Nothrow>
void *system_alloc(std::size_t Size, std::size_t Align) {
  Counters::add(g_counters.large_allocations, 1);
  Counters::add(g_counters.large_bytes, Size);
  auto Al = static_cast<std::align_val_t>(Align);
  if constexpr (Nothrow) {
    try {
      return Align ? fallback::new_aligned(Size, Al) : fallback::new_(Size);
    } catch (...) {
      return nullptr;
    }
  } else {
    return Align ? fallback::new_aligned(Size, Al) : fallback::new_(Size);
  }
}

/// Out of memory: calls the new_handler, or throws std::bad_alloc / returns
/// false (Nothrow) when there is none or it throws. True: try again.
template <bool Nothrow> bool handle_out_of_memory() {
  std::new_handler H = std::get_new_handler();
  if constexpr (Nothrow) {
    if (!H)
      return false;
    try {
      H();
    } catch (...) {
      return false;
    }
  } else {
    if (!H)
      throw std::bad_alloc();
    H();
  }
  return true;
}

/// Refill bin B (its list is empty) and return one object. Out of memory:
/// the new_handler loop, then std::bad_alloc or null.
template <bool Nothrow>
void *refill(unsigned B, std::size_t Size, bool Generic) {
  for (;;) {
    TakeStatus Status;
    if (void *P = thread_refill(B, Generic, Status))
      return P;
    if (Status == TakeStatus::exhausted)
      return system_alloc<Nothrow>(Size, 0);
    if (!handle_out_of_memory<Nothrow>())
      return nullptr;
  }
}

/// A new tiny block for \p Size bytes (the current one has no room), or,
/// where the thread has no tiny path or the tiny range is full, an object of
/// a noscan bin. Out of memory: as refill.
template <bool Nothrow> void *tiny_refill(std::size_t Size, bool Generic) {
  for (;;) {
    TakeStatus Status;
    if (void *P = tiny_start_block(Size, Generic, Status))
      return P;
    if (Status != TakeStatus::out_of_memory)
      return refill<Nothrow>(bin_of(class_of(Size), false), Size, Generic);
    if (!handle_out_of_memory<Nothrow>())
      return nullptr;
  }
}

template <bool Nothrow>
void *slow(Entry E, std::size_t Size, std::size_t Align) {
  if (current_mode() != Mode::active)
    return forward<Nothrow>(E, Size, Align);
  if (!Align) {
    if (Size > kMaxSmallSize)
      return system_alloc<Nothrow>(Size, 0);
    return refill<Nothrow>(size_table_for(E)[size_step(Size)], Size,
                           /*Generic=*/true);
  }
  // Aligned: a class whose objects are aligned enough, else the system.
  unsigned C = Size <= kMaxSmallSize ? class_of_aligned(Size, Align) : 0;
  if (C == 0)
    return system_alloc<Nothrow>(Size, Align);
  unsigned B = bin_of(C, true);
  ThreadCache &TC = tls_cache;
  if (FreeObject *P = pop_free(TC.__alloc[B])) {
    ++TC.__generic[B];
    return P;
  }
  return refill<Nothrow>(B, Size, /*Generic=*/true);
}

} // namespace

void *alloc_slow(Entry E, std::size_t Size, std::size_t Align) {
  return slow<false>(E, Size, Align);
}

void *alloc_slow_nothrow(Entry E, std::size_t Size,
                         std::size_t Align) noexcept {
  return slow<true>(E, Size, Align);
}

void *alloc_tiny_generic_slow(std::size_t Size) {
  if (current_mode() != Mode::active)
    return forward<false>(Entry::typed_noscan, Size, 0);
  return tiny_refill<false>(Size, /*Generic=*/true);
}

namespace detail {

// Slow paths of the specialized routines (detail::alloc_small).
namespace {
/// A routine's slow path while the runtime stands aside: the operator new
/// form its site would have called (kRefillArray in \p Flags: new[]), and
/// the one line that says so (runtime.h). Out of line, so that the refill
/// the active runtime takes stays small.
template <bool Nothrow>
SIZESPEC_SLOW_PATH void *routine_stand_aside(unsigned Flags, std::size_t Size,
                                             std::size_t Align) {
  warn_standing_aside();
  return forward<Nothrow>(Flags & kRefillArray ? Entry::routine_array
                                               : Entry::routine,
                          Size, Align);
}

/// Every alloc_refill form: the routine's bin refilled, or, standing
/// aside, the operator new form the site would have called.
template <bool Nothrow>
void *routine_refill(unsigned Bin, std::size_t Size, std::size_t Align) {
  if (current_mode() != Mode::active)
    return routine_stand_aside<Nothrow>(Bin, Size, Align);
  return refill<Nothrow>(Bin & ~kRefillArray, Size, /*Generic=*/false);
}
} // namespace

void *alloc_refill(unsigned Bin, std::size_t Size) {
  return routine_refill<false>(Bin, Size, 0);
}
void *alloc_refill_nothrow(unsigned Bin, std::size_t Size) noexcept {
  return routine_refill<true>(Bin, Size, 0);
}
void *alloc_refill_aligned(unsigned Bin, std::size_t Size, std::size_t Align) {
  return routine_refill<false>(Bin, Size, Align);
}
void *alloc_refill_aligned_nothrow(unsigned Bin, std::size_t Size,
                                   std::size_t Align) noexcept {
  return routine_refill<true>(Bin, Size, Align);
}

namespace {
/// Both alloc_tiny_refill forms: a new block, or, standing aside, the
/// operator new form the site would have called.
template <bool Nothrow>
void *routine_tiny_refill(unsigned Flags, std::size_t Size) {
  if (current_mode() != Mode::active)
    return routine_stand_aside<Nothrow>(Flags, Size, 0);
  return tiny_refill<Nothrow>(Size, /*Generic=*/false);
}
} // namespace

void *alloc_tiny_refill(unsigned Flags, std::size_t Size) {
  return routine_tiny_refill<false>(Flags, Size);
}
void *alloc_tiny_refill_nothrow(unsigned Flags, std::size_t Size) noexcept {
  return routine_tiny_refill<true>(Flags, Size);
}

} // namespace detail

void free_foreign(DeleteForm F, void *P, std::size_t Align) noexcept {
  // Active means every form is ours, so the chain below would end in free.
  if (current_mode() == Mode::active) {
    std::free(P);
    note_malloc_free();
    return;
  }
  auto Al = static_cast<std::align_val_t>(Align);
  switch (F) {
  case DeleteForm::plain:
    return fallback::delete_(P);
  case DeleteForm::sized:
    return fallback::delete_sized(P);
  case DeleteForm::array:
    return fallback::delete_array(P);
  case DeleteForm::array_sized:
    return fallback::delete_array_sized(P);
  case DeleteForm::aligned:
    return fallback::delete_aligned(P, Al);
  case DeleteForm::aligned_sized:
    return fallback::delete_aligned_sized(P, Al);
  case DeleteForm::array_aligned:
    return fallback::delete_array_aligned(P, Al);
  case DeleteForm::array_aligned_sized:
    return fallback::delete_array_aligned_sized(P, Al);
  }
}

} // namespace sizespec
