//===- sizespec/bins.h - Bins and their free lists --------------*- C++ -*-===//
//
// The layer just above the size-class table: a bin is one (size class, scan)
// pair, and each holds free objects linked through their first word. The
// span metadata, the central bins and the thread cache all build on it;
// scan and noscan objects never share a bin.
//
// Included by <sizespec/sizespec.h>; valid C++11, no exceptions, no RTTI.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BINS_H
#define SIZESPEC_BINS_H

#include <sizespec/config.h>
#include <sizespec/size_classes.h>

namespace sizespec {

/// One bin per (class, scan) pair.
constexpr unsigned kNumBins = 2 * kNumClasses;

/// The bin of class \p C (1..kNumClasses) and kind \p Scan.
constexpr unsigned bin_of(unsigned C, bool Scan) {
  return (C - 1) * 2 + (Scan ? 1 : 0);
}
/// The class and kind of bin \p B.
constexpr unsigned bin_class(unsigned B) { return B / 2 + 1; }
constexpr bool bin_scan(unsigned B) { return (B & 1) != 0; }

namespace detail {

/// A free object: its first word links to the next one.
struct FreeObject {
  FreeObject *next;
};

/// Takes the first object off the list at \p Head, or returns null when the
/// list is empty: the one pop of every allocation path. Inlined, a load, a
/// test, a load of `next` and a store; the caller's branch on null merges
/// with the test.
SIZESPEC_FAST_PATH FreeObject *pop_free(FreeObject *&Head) noexcept {
  FreeObject *P = Head;
  if (SIZESPEC_LIKELY(P != nullptr))
    Head = P->next;
  return P;
}

} // namespace detail
} // namespace sizespec

#endif // SIZESPEC_BINS_H
