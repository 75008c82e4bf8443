//===- sizespec/bins.h - Bins and their free lists --------------*- C++ -*-===//
//
// The layer just above the size-class table: a bin is one (size class, scan)
// pair, and each holds free objects linked through their first word. The
// span metadata, the central bins and the thread cache all build on it;
// scan and noscan objects never share a bin.
//
// Included by <sizespec/sizespec.h>; valid C++11, no exceptions, no RTTI,
// reserved names only (see size_classes.h).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BINS_H
#define SIZESPEC_BINS_H

#include <sizespec/config.h>
#include <sizespec/size_classes.h>

#include <cstdint>

namespace sizespec {

/// One bin per (class, scan) pair.
constexpr unsigned kNumBins = 2 * kNumClasses;

/// The bin of class \p __c (1..kNumClasses) and kind \p __scan.
constexpr unsigned bin_of(unsigned __c, bool __scan) {
  return (__c - 1) * 2 + (__scan ? 1 : 0);
}
/// The class and kind of bin \p __b.
constexpr unsigned bin_class(unsigned __b) { return __b / 2 + 1; }
constexpr bool bin_scan(unsigned __b) { return (__b & 1) != 0; }

namespace detail {

/// A free object: its first word links to the next one, encoded.
///
/// Every free-list link, in a thread's lists and in the central bins, is
/// stored as `next * mul` (mod 2^64) under a per-process secret odd
/// multiplier, and read back as `link * inv`, `inv` its inverse
/// (hardening). A write into a freed object's first word cannot, without
/// the key, name the address the allocator hands out next; and since a
/// product carries every changed bit upwards, even a write of its lowest
/// byte decodes far away. A list ends at kListEnd under any key. The inline
/// pop compares each decoded head with the region's end: the list's end,
/// and a forged link but with probability 2^-17, decode at or above it, so
/// one compare sends both to the slow path, which tells them apart. With
/// hardening off, both keys are 1.
struct FreeObject {
  std::uintptr_t __link;
};

/// The symbol code built with plain links (the plugin's `hardening=off`)
/// defines: the runtime, which looks it up at start-up, then leaves its
/// keys at 1 for the whole process.
#define SIZESPEC_UNHARDENED_MARKER "__sizespec_unhardened"

/// The link (or list head) after the last object of a list: 2^63, a
/// multiple of 2^63 under any odd key, so it decodes to itself.
constexpr std::uintptr_t kListEnd = std::uintptr_t(1) << 63;

/// The encoded form of \p __p (not null): what a link or a list head holds.
SIZESPEC_FAST_PATH std::uintptr_t encode_link(const FreeObject *__p,
                                              std::uintptr_t __mul) noexcept {
  return reinterpret_cast<std::uintptr_t>(__p) * __mul;
}

/// The one pop of every allocation path: takes the object the encoded
/// \p __head names, unless it decodes at or above \p __bound (the list's
/// end, or a forged link). A load, a multiply, a compare, a branch, a load
/// of its link and a store. A new thread's bound is 0, so it takes the slow
/// path until it is set up.
SIZESPEC_FAST_PATH FreeObject *pop_free(std::uintptr_t &__head,
                                        std::uintptr_t __inv,
                                        std::uintptr_t __bound) noexcept {
  std::uintptr_t __p = __head * __inv;
  if (SIZESPEC_UNLIKELY(__p >= __bound))
    return nullptr;
  FreeObject *__o = reinterpret_cast<FreeObject *>(__p);
  __head = __o->__link;
  return __o;
}

/// Pushes \p __o onto the list whose encoded head is \p __head.
SIZESPEC_FAST_PATH void push_free(std::uintptr_t &__head, FreeObject *__o,
                                  const std::uintptr_t &__mul) noexcept {
  __o->__link = __head;
  // The key (read here, a memory operand) multiplies the object's address
  // after the store, in the address's own register; left free to, Clang
  // loads the key first and spends a copy on the address (the plugin's IR
  // gets this order as is).
  std::uintptr_t __e = reinterpret_cast<std::uintptr_t>(__o);
  __asm__("" : "+r"(__e)::"memory");
  __head = __e * __mul;
}

} // namespace detail
} // namespace sizespec

#endif // SIZESPEC_BINS_H
