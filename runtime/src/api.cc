//===- api.cc - The public generic path -----------------------------------===//
//
// sizespec::allocate / deallocate / owns / release_free_memory /
// start_background_purge and the typed
// runtime-size entry points of <sizespec/sizespec.h>, over the fast paths of
// alloc.h.
//
//===----------------------------------------------------------------------===//

#include "alloc.h"
#include "central.h"
#include "composition.h"
#include "free.h"
#include "purge.h"
#include "runtime.h"

#include <sizespec/sizespec.h>

namespace sizespec {

void *allocate(std::size_t size) {
  return alloc_generic<Entry::api_new, false>(size);
}

void *allocate(std::size_t size, const std::nothrow_t &) noexcept {
  return alloc_generic<Entry::api_new, true>(size);
}

void deallocate(void *p) noexcept { free_any<DeleteForm::sized>(p); }

bool owns(const void *p) noexcept { return bin_of_address(p) < kNumSpanBins; }

std::size_t release_free_memory() noexcept {
  if (g_mode.load(std::memory_order_acquire) != Mode::active)
    return 0;
  composition_trim_now(); // glibc's heap too, when the runtime trims it
  return central_release_all();
}

bool start_background_purge() noexcept {
  return current_mode() == Mode::active && purge_start_now();
}

namespace detail {

void *alloc_generic_scan(std::size_t size) {
  return alloc_generic<Entry::typed_scan, false>(size);
}

void *alloc_generic_noscan(std::size_t size) {
  // Pointer-free, under 16 bytes but 8: packed, as alloc_noscan_tiny<T> is.
  if (is_tiny_size(size)) {
    if (std::uintptr_t p; tiny_bump(size, tiny_align(size, false), p)) {
      if (TinyThread *t = tiny_thread_if_any())
        own_add(t->counts.generic, 1); // the inline bump served it
      return reinterpret_cast<void *>(p);
    }
    return alloc_tiny_generic_slow(size);
  }
  return alloc_generic<Entry::typed_noscan, false>(size);
}

void *alloc_generic_aligned(std::size_t size, std::size_t align) {
  return alloc_slow(Entry::typed_aligned, size, align);
}

} // namespace detail
} // namespace sizespec
