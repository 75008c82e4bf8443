//===- debug.cc - The debug build's checks on every object ----------------===//

#include "debug.h"

#include "heap_check.h"
#include "platform.h"
#include "region.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace sizespec {

#if SIZESPEC_DEBUG

namespace {

/// One bit per 8 bytes of the region: set while the object starting there
/// is free (carved and not handed out, or given back).
std::uint64_t *g_free_bits = nullptr;

std::size_t bit_of(const void *p) {
  return static_cast<std::size_t>(static_cast<const char *>(p) -
                                  g_region.base) /
         8;
}

bool is_free(const void *p) {
  std::size_t i = bit_of(p);
  return (__atomic_load_n(&g_free_bits[i / 64], __ATOMIC_RELAXED) >> (i % 64)) &
         1;
}

void set_free(const void *p, bool free) {
  std::size_t i = bit_of(p);
  std::uint64_t mask = std::uint64_t(1) << (i % 64);
  if (free)
    __atomic_fetch_or(&g_free_bits[i / 64], mask, __ATOMIC_RELAXED);
  else
    __atomic_fetch_and(&g_free_bits[i / 64], ~mask, __ATOMIC_RELAXED);
}

void poison(unsigned b, void *p) {
  std::size_t size = class_size(bin_class(b));
  if (size > sizeof(FreeObject))
    std::memset(static_cast<char *>(p) + sizeof(FreeObject), kPoison,
                size - sizeof(FreeObject));
}

bool poisoned(unsigned b, const void *p) {
  std::size_t size = class_size(bin_class(b));
  const auto *c = static_cast<const unsigned char *>(p);
  for (std::size_t i = sizeof(FreeObject); i < size; ++i)
    if (c[i] != kPoison)
      return false;
  return true;
}

/// True if \p p is the start of a carved slot of bin \p b.
bool is_slot(unsigned b, const void *p) {
  return bin_of_address(p) == b && place_of(b, p) == Place::object;
}

} // namespace

void debug_init() noexcept {
  std::size_t bytes = (std::size_t(kNumBins) << g_region.shift) / 64;
  void *p = platform::map(bytes);
  if (!p)
    platform::fatal("no address space for the debug build's bitmaps");
  g_free_bits = static_cast<std::uint64_t *>(p);
}

void debug_on_carve(unsigned b, FreeObject *p) noexcept {
  poison(b, p);
  set_free(p, true);
}

void debug_on_alloc(unsigned b, void *p, const FreeObject *next) noexcept {
  if (!is_slot(b, p) || !is_free(p))
    heap_error("free-list corruption: handing out a live or foreign object", p,
               b);
  if (!poisoned(b, p))
    heap_error("write to freed memory, found at reuse,", p, b);
  if (next && (!is_slot(b, next) || !is_free(next)))
    heap_error("free-list corruption: the link after", p, b);
  set_free(p, false);
}

void debug_on_free(unsigned b, void *p) noexcept {
  check_place(b, p);
  if (is_free(p))
    heap_error("double free", p, b);
  poison(b, p);
  set_free(p, true);
}

#else

void debug_init() noexcept {}
void debug_on_carve(unsigned, FreeObject *) noexcept {}
void debug_on_alloc(unsigned, void *, const FreeObject *) noexcept {}
void debug_on_free(unsigned, void *) noexcept {}

#endif

} // namespace sizespec
