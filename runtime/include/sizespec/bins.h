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

/// A free object: its first word links to the next one.
struct FreeObject {
  FreeObject *__next;
};

/// Takes the first object off the list at \p __head, or returns null when the
/// list is empty: the one pop of every allocation path. Inlined, a load, a
/// test, a load of `next` and a store; the caller's branch on null merges
/// with the test.
SIZESPEC_FAST_PATH FreeObject *pop_free(FreeObject *&__head) noexcept {
  FreeObject *__p = __head;
  if (SIZESPEC_LIKELY(__p != nullptr))
    __head = __p->__next;
  return __p;
}

} // namespace detail
} // namespace sizespec

#endif // SIZESPEC_BINS_H
