//===- free.cc - The free path's slow paths -------------------------------===//
//
// free.h walks the whole free path; these are its four slow paths: a
// bin's budget spent, a sized delete whose size disagrees with its object,
// a tiny object of another block, foreign memory.
//
//===----------------------------------------------------------------------===//

#include "free.h"

#include "composition.h"
#include "counters.h"
#include "fallback.h"
#include "heap_check.h"
#include "runtime.h"
#include "thread_state.h"

#include <cstdio>
#include <cstdlib>

namespace sizespec {

void detail::free_flush(unsigned b) noexcept {
  ThreadState *t = thread_state();
  if (SIZESPEC_UNLIKELY(t == &g_exited)) {
    // Each free of an exited thread flushes at once: the list is one long.
    FreeObject *freed = take_freed(b);
    Counters::add(g_counters.bins[b].frees, list_length(b, freed));
    central_give_back(b, freed);
    tls_cache.__free_budget[b] = 0;
    return;
  }
  std::uint32_t len = sync_frees(*t, b);
  if (len > 2u * t->batch[b]) {
    // The whole list goes back to its spans: the objects were freed last,
    // so their lines are likeliest in cache, and a refill from the central
    // bin then finds them a span at a time (thread_state.h).
    central_give_back(b, take_freed(b));
    len = 0;
    grow_batch(*t, b);
  }
  set_freed(*t, b, len);
}

void free_mismatched(void *p, std::size_t above, std::uintptr_t b) noexcept {
  if (hardened()) {
    const std::size_t size = above + (b < kNumBins ? kDeleteSizes.lo[b] : 1);
    char what[80];
    std::snprintf(what, sizeof what,
                  "sized delete of %zu B (a delete through the wrong type?)",
                  size);
    heap_error(what, p, static_cast<unsigned>(b));
  }
  // The bin comes from the address: the object goes back where it was.
  free_any<DeleteForm::sized>(p);
}

void tiny_free_other(void *p) noexcept {
  std::uintptr_t blk = reinterpret_cast<std::uintptr_t>(p) & ~(kTinyBlock - 1);
  TinyThread *t = tiny_thread();
  if (t)
    own_add(t->counts.frees, 1);
  else
    Counters::add(g_counters.tiny.frees, 1);
  tiny_drop(t, blk, 1);
}

void free_foreign(DeleteForm f, void *p, std::size_t align) noexcept {
  // Active means every form is ours, so the chain below would end in free.
  if (current_mode() == Mode::active) {
    std::free(p);
    note_malloc_free();
    return;
  }
  auto al = static_cast<std::align_val_t>(align);
  switch (f) {
  case DeleteForm::plain:
    return fallback::delete_(p);
  case DeleteForm::sized:
    return fallback::delete_sized(p);
  case DeleteForm::array:
    return fallback::delete_array(p);
  case DeleteForm::array_sized:
    return fallback::delete_array_sized(p);
  case DeleteForm::aligned:
    return fallback::delete_aligned(p, al);
  case DeleteForm::aligned_sized:
    return fallback::delete_aligned_sized(p, al);
  case DeleteForm::array_aligned:
    return fallback::delete_array_aligned(p, al);
  case DeleteForm::array_aligned_sized:
    return fallback::delete_array_aligned_sized(p, al);
  }
}

} // namespace sizespec
