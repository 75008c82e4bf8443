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

/// The smallest class holding \p size bytes whose objects are aligned to at
/// least \p align; 0 if none.
constexpr unsigned class_of_aligned(std::size_t size, std::size_t align) {
  for (unsigned c = class_of(size); c != 0 && c <= kNumClasses; ++c)
    if (class_align(c) >= align)
      return c;
  return 0;
}

/// Alignment `operator new(Size)` and `operator new[](Size)` must give:
/// the largest power of two <= Size, up to 16. The standard asks that of
/// new[] (any object no larger than Size); Clang assumes it of both when it
/// initializes a new-expression's object (`new P()` with sizeof(P) == 24 is
/// zeroed with movaps). Only 17..24 bytes differ from class_of: class 4.
/// The specialized routines and the typed path are not operator new, so
/// Clang assumes nothing there, and `new Point` gets the 24-byte class.
constexpr std::size_t new_align(std::size_t size) {
  std::size_t a = 1;
  while (a * 2 <= size && a < alignof(std::max_align_t))
    a *= 2;
  return a;
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
    unsigned c =
        for_new ? class_of_aligned(size, new_align(size)) : class_of(size);
    // Size 0: `new T[0]` hands the result out as a T *, and no byte count
    // says how aligned T is; give what the system allocator gives.
    if (size == 0)
      c = class_of_aligned(0, alignof(std::max_align_t));
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

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_SIZE_TABLE_H
