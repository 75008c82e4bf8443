//===- size_table.h - Size to bin, at run time -----------------*- C++ -*-===//
//
// The generic path's lookup, like Go's size_to_class8: one byte per 8-byte
// step up to kMaxSmallSize, derived at compile time from size_classes.h (the
// one home of the classes), so the two cannot disagree.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_SIZE_TABLE_H
#define SIZESPEC_RUNTIME_SIZE_TABLE_H

#include <sizespec/bins.h>
#include <sizespec/size_classes.h>

#include <array>
#include <cstddef>
#include <cstdint>

namespace sizespec {

constexpr std::size_t kSizeStep = 8;
constexpr std::size_t kNumSizeSteps = kMaxSmallSize / kSizeStep + 1;

/// Index of \p size (<= kMaxSmallSize) in a size table.
constexpr std::size_t size_step(std::size_t size) {
  return (size + kSizeStep - 1) / kSizeStep;
}

using SizeTable = std::array<std::uint8_t, kNumSizeSteps>;

/// Bins for sizes 0..kMaxSmallSize; \p for_new: as operator new must
/// align them (new_align), else as class_of does (objects of that size).
constexpr SizeTable make_size_table(bool scan, bool for_new) {
  SizeTable t{};
  for (std::size_t i = 0; i < kNumSizeSteps; ++i) {
    std::size_t size = i * kSizeStep;
    // Every size in the step (size-7 .. size) gets the class of the
    // largest, which also needs the most alignment.
    // Size 0 always as operator new places it (class_of_new).
    unsigned c = for_new || size == 0 ? class_of_new(size) : class_of(size);
    t[i] = static_cast<std::uint8_t>(bin_of(c, scan));
  }
  return t;
}

/// operator new, new[] and sizespec::allocate (the type is unknown: scan).
inline constexpr SizeTable kNewBins = make_size_table(true, true);
/// The typed runtime-size path: objects of T, whose alignment divides its
/// size, so class_of's alignment is enough.
inline constexpr SizeTable kScanBins = make_size_table(true, false);
inline constexpr SizeTable kNoscanBins = make_size_table(false, false);

// The typed path needs alignment for objects *of* the size: the largest
// power of two dividing it, up to 16. Checked for every size here, once.
constexpr bool plain_classes_aligned() {
  for (std::size_t s = 1; s <= kMaxSmallSize; ++s) {
    std::size_t need = s & (~s + 1);
    if (need > alignof(std::max_align_t))
      need = alignof(std::max_align_t);
    if (class_align(class_of(s)) < need)
      return false;
  }
  return true;
}
static_assert(plain_classes_aligned(), "a class misaligns its objects");
static_assert(kNewBins[size_step(24)] == bin_of(4, true),
              "operator new of 17..24 bytes must be 16-aligned: class 4");
static_assert(kScanBins[size_step(24)] == bin_of(3, true), "");
static_assert(kNoscanBins[size_step(0)] == bin_of(2, false) &&
                  kNewBins[size_step(0)] == bin_of(2, true),
              "size 0 is aligned as malloc aligns it: class 2");
static_assert(kNoscanBins[size_step(8)] == bin_of(1, false), "");

/// The sizes `operator delete(p, Size)` may name for an object of bin b:
/// Size - lo[b] <= width[b], unsigned. A bin of class C takes every size
/// whose sized_delete_class_min..max (<sizespec/size_classes.h>) holds C,
/// and class 2 also takes 1..8 (it takes size 0, which operator new places
/// there, and a range cannot skip 1..8). Two arrays, not an array of
/// pairs: the check indexes both by the bin with no shift.
struct DeleteSizes {
  std::uintptr_t lo[kNumBins], width[kNumBins];
};
/// sized_delete_class_min..max of every size, for the tables below.
struct DeleteClasses {
  std::uint8_t min, max;
};
constexpr std::array<DeleteClasses, kMaxSmallSize + 1> make_delete_classes() {
  std::array<DeleteClasses, kMaxSmallSize + 1> t{};
  for (std::size_t s = 0; s <= kMaxSmallSize; ++s)
    t[s] = {static_cast<std::uint8_t>(sized_delete_class_min(s)),
            static_cast<std::uint8_t>(sized_delete_class_max(s))};
  return t;
}
inline constexpr std::array<DeleteClasses, kMaxSmallSize + 1> kDeleteClasses =
    make_delete_classes();

constexpr DeleteSizes make_delete_sizes() {
  DeleteSizes t{};
  for (unsigned b = 0; b < kNumBins; ++b) {
    const unsigned c = bin_class(b);
    std::size_t lo = 0;
    while (kDeleteClasses[lo].max < c || kDeleteClasses[lo].min > c)
      ++lo;
    t.lo[b] = lo;
    t.width[b] = class_size(c) - lo;
  }
  return t;
}
inline constexpr DeleteSizes kDeleteSizes = make_delete_sizes();

/// True if a sized delete of \p size may free an object of bin \p b.
SIZESPEC_FAST_PATH constexpr bool delete_size_fits(std::uintptr_t b,
                                                   std::size_t size) {
  return size - kDeleteSizes.lo[b] <= kDeleteSizes.width[b];
}

// A bin's range takes only sizes its class may hold (but class 2's 1..8),
// and every size the allocation paths place in a bin is in its range.
constexpr bool delete_sizes_exact() {
  for (unsigned b = 0; b < kNumBins; ++b) {
    const unsigned c = bin_class(b);
    const std::size_t lo = kDeleteSizes.lo[b];
    for (std::size_t s = lo; s <= lo + kDeleteSizes.width[b]; ++s)
      if ((kDeleteClasses[s].min > c || kDeleteClasses[s].max < c) &&
          !(c == 2 && s >= 1 && s <= 8))
        return false;
  }
  for (std::size_t s = 0; s <= kMaxSmallSize; ++s)
    for (const SizeTable *t : {&kNewBins, &kScanBins, &kNoscanBins})
      if (!delete_size_fits((*t)[size_step(s)], s))
        return false;
  return true;
}
static_assert(delete_sizes_exact(), "a sized delete would refuse an object");

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_SIZE_TABLE_H
