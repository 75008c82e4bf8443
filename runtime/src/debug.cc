//===- debug.cc - The debug build's checks on every object ----------------===//

#include "debug.h"

#include "central.h"
#include "platform.h"
#include "region.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace sizespec {

#if SIZESPEC_DEBUG

namespace {

/// One bit per 8 bytes of the region: set while the object starting there
/// is free (carved and not handed out, or given back).
std::uint64_t *g_free_bits = nullptr;

std::size_t bit_of(const void *P) {
  return static_cast<std::size_t>(static_cast<const char *>(P) -
                                  g_region.base) /
         8;
}

bool is_free(const void *P) {
  std::size_t I = bit_of(P);
  return (__atomic_load_n(&g_free_bits[I / 64], __ATOMIC_RELAXED) >> (I % 64)) &
         1;
}

void set_free(const void *P, bool Free) {
  std::size_t I = bit_of(P);
  std::uint64_t Mask = std::uint64_t(1) << (I % 64);
  if (Free)
    __atomic_fetch_or(&g_free_bits[I / 64], Mask, __ATOMIC_RELAXED);
  else
    __atomic_fetch_and(&g_free_bits[I / 64], ~Mask, __ATOMIC_RELAXED);
}

[[noreturn]] void fail(const char *What, const void *P, unsigned B) {
  char Line[160];
  int N = std::snprintf(
      Line, sizeof Line, "sizespec: %s of %p (class %u, %zu B, %s)\n", What, P,
      bin_class(B), class_size(bin_class(B)), bin_scan(B) ? "scan" : "noscan");
  if (N > 0)
    (void)!::write(2, Line, static_cast<std::size_t>(N));
  std::abort();
}

void poison(unsigned B, void *P) {
  std::size_t Size = class_size(bin_class(B));
  if (Size > sizeof(FreeObject))
    std::memset(static_cast<char *>(P) + sizeof(FreeObject), kPoison,
                Size - sizeof(FreeObject));
}

bool poisoned(unsigned B, const void *P) {
  std::size_t Size = class_size(bin_class(B));
  const auto *C = static_cast<const unsigned char *>(P);
  for (std::size_t I = sizeof(FreeObject); I < Size; ++I)
    if (C[I] != kPoison)
      return false;
  return true;
}

/// Where \p P, inside bin \p B's range, falls.
enum class Place { never_handed_out, interior, object };

Place place_of(unsigned B, const void *P) {
  std::uint32_t I = g_region.span_index(B, P);
  if (I < g_region.meta_spans || I >= central_frontier(B))
    return Place::never_handed_out;
  const Span *S = g_region.span(B, I);
  std::size_t Offset = static_cast<std::size_t>(static_cast<const char *>(P) -
                                                g_region.span_start(B, I));
  std::size_t Size = class_size(bin_class(B));
  if (S->state == SpanState::unused || Offset / Size >= S->carved)
    return Place::never_handed_out;
  return Offset % Size ? Place::interior : Place::object;
}

/// True if \p P is the start of a carved slot of bin \p B.
bool is_slot(unsigned B, const void *P) {
  return bin_of_address(P) == B && place_of(B, P) == Place::object;
}

} // namespace

void debug_init() noexcept {
  std::size_t Bytes = (std::size_t(kNumBins) << g_region.shift) / 64;
  void *P = ::mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (P == MAP_FAILED)
    platform::fatal("no address space for the debug build's bitmaps");
  g_free_bits = static_cast<std::uint64_t *>(P);
}

void debug_on_carve(unsigned B, FreeObject *P) noexcept {
  poison(B, P);
  set_free(P, true);
}

void debug_on_alloc(unsigned B, void *P, const FreeObject *Next) noexcept {
  if (!is_slot(B, P) || !is_free(P))
    fail("free-list corruption: handing out a live or foreign object", P, B);
  if (!poisoned(B, P))
    fail("write to freed memory, found at reuse,", P, B);
  if (Next && (!is_slot(B, Next) || !is_free(Next)))
    fail("free-list corruption: the link after", P, B);
  set_free(P, false);
}

void debug_on_free(unsigned B, void *P) noexcept {
  switch (place_of(B, P)) {
  case Place::never_handed_out:
    fail("free of a pointer the runtime never handed out", P, B);
  case Place::interior:
    fail("free of an interior pointer", P, B);
  case Place::object:
    break;
  }
  if (is_free(P))
    fail("double free", P, B);
  poison(B, P);
  set_free(P, true);
}

#else

void debug_init() noexcept {}
void debug_on_carve(unsigned, FreeObject *) noexcept {}
void debug_on_alloc(unsigned, void *, const FreeObject *) noexcept {}
void debug_on_free(unsigned, void *) noexcept {}

#endif

} // namespace sizespec
