//===- sizespec/size_classes.h - The size-class table ----------*- C++ -*-===//
//
// The one home of sizespec's size classes. The runtime and the Clang plugin
// both compile against this header; there is no second copy.
//
// Classes 1..32 are Go's (runtime/sizeclasses.go) up to 1024 bytes. Every
// class has specialized routines (Go stops at class 7, 80 bytes; in C++ the
// gain does not stop there, see bench/notes/size-limit.md) and serves the
// generic path too. Larger sizes take the large-object path.
//
// This header is included into every translation unit the plugin compiles,
// so it must stay valid C++11 (single-return constexpr functions), must not
// depend on exceptions or RTTI, and names its parameters, locals and
// members with reserved names (`__size`, `_Tp`), as the standard library's
// headers do: a project's macro `Size` must not break it.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_SIZE_CLASSES_H
#define SIZESPEC_SIZE_CLASSES_H

#include <cstddef>
#include <cstdint>

namespace sizespec {

/// Number of size classes, not counting class 0 ("no class": large or zero).
constexpr unsigned kNumClasses = 32;

/// Classes 1..kNumSpecializedClasses have specialized routines.
constexpr unsigned kNumSpecializedClasses = kNumClasses;

/// Largest size served by a size class; above it is the large-object path.
constexpr std::size_t kMaxSmallSize = 1024;

/// Default size limit for specialization, in bytes (the plugin's `max=`):
/// every size class. The size sweep in bench/ shows the specialized pair
/// gaining the same 1.5-2 ns from 8 to 1024 bytes (see
/// bench/notes/size-limit.md).
constexpr std::size_t kDefaultSpecializeMax = kMaxSmallSize;

/// Spans are at least this aligned; slots start at the span base, so an
/// object in class C is aligned to the lowest set bit of its size, up to this.
constexpr std::size_t kMinSpanAlign = 4096;

namespace detail {
// Index 0 is unused so that class numbers index the table directly.
constexpr std::uint16_t kClassSize[kNumClasses + 1] = {
    0,   8,   16,  24,  32,  48,  64,  80,  96,  112, 128,
    144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352,
    384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024};

constexpr unsigned classOfFrom(std::size_t __size, unsigned __c) {
  return __c > kNumClasses           ? 0
         : kClassSize[__c] >= __size ? __c
                                     : classOfFrom(__size, __c + 1);
}

constexpr std::size_t lowBit(std::size_t __x) { return __x & (~__x + 1); }
} // namespace detail

/// Object size of class \p __c (0 for class 0).
constexpr std::size_t class_size(unsigned __c) {
  return __c <= kNumClasses ? detail::kClassSize[__c] : 0;
}

/// The smallest class that holds \p __size bytes; 0 if none (above 1024).
/// Size 0 maps to class 1: every allocation returns a distinct object.
constexpr unsigned class_of(std::size_t __size) {
  return __size > kMaxSmallSize
             ? 0
             : detail::classOfFrom(__size == 0 ? 1 : __size, 1);
}

/// The alignment every object of class \p __c is guaranteed to have.
constexpr std::size_t class_align(unsigned __c) {
  return __c == 0 || __c > kNumClasses ? 0
         : detail::lowBit(class_size(__c)) > kMinSpanAlign
             ? kMinSpanAlign
             : detail::lowBit(class_size(__c));
}

namespace detail {
constexpr std::size_t newAlignFrom(std::size_t __size, std::size_t __a) {
  return __a * 2 <= __size && __a < alignof(std::max_align_t)
             ? newAlignFrom(__size, __a * 2)
             : __a;
}
constexpr unsigned classOfAlignedFrom(unsigned __c, std::size_t __align) {
  return __c == 0 || __c > kNumClasses ? 0
         : class_align(__c) >= __align ? __c
                                       : classOfAlignedFrom(__c + 1, __align);
}
} // namespace detail

/// The smallest class holding \p __size bytes whose objects are aligned to
/// at least \p __align; 0 if none.
constexpr unsigned class_of_aligned(std::size_t __size, std::size_t __align) {
  return detail::classOfAlignedFrom(class_of(__size), __align);
}

/// Alignment `operator new(Size)` and `operator new[](Size)` must give:
/// the largest power of two <= Size, up to 16. The standard asks that of
/// new[] (any object no larger than Size); Clang assumes it of both when it
/// initializes a new-expression's object (`new P()` with sizeof(P) == 24 is
/// zeroed with movaps). Only 17..24 bytes differ from class_of: class 4.
/// The specialized routines and the typed path are not operator new, so
/// Clang assumes nothing there, and `new Point` gets the 24-byte class.
constexpr std::size_t new_align(std::size_t __size) {
  return detail::newAlignFrom(__size, 1);
}

/// The class operator new gives \p __size bytes. Size 0: `new T[0]` hands
/// the result out as a T *, and no byte count says how aligned T is; it
/// gets what the system allocator gives.
constexpr unsigned class_of_new(std::size_t __size) {
  return __size == 0 ? class_of_aligned(0, alignof(std::max_align_t))
                     : class_of_aligned(__size, new_align(__size));
}

/// The classes an object freed by `operator delete(p, Size)` may be in:
/// from class_of(Size) (the specialized routines and the typed path) up to
/// class_of_new(Size) (operator new). Any other class means the size
/// disagrees with the object: a delete through the wrong type.
constexpr unsigned sized_delete_class_min(std::size_t __size) {
  return class_of(__size);
}
constexpr unsigned sized_delete_class_max(std::size_t __size) {
  return class_of_new(__size);
}

/// True if class \p __c has specialized routines (alloc_scan_scC and
/// friends).
constexpr bool is_specialized_class(unsigned __c) {
  return __c >= 1 && __c <= kNumSpecializedClasses;
}

/// The one list of the specialized classes: SIZESPEC_FOR_EACH_CLASS(X)
/// expands X(1) X(2) ... X(32). Everything written out per class (the
/// routines, the plugin's aligned overloads, the tests) expands it, so a
/// class added to the table is added everywhere.
// clang-format off
#define SIZESPEC_FOR_EACH_CLASS(X)                                             \
  X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14)   \
  X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26)      \
  X(27) X(28) X(29) X(30) X(31) X(32)
// clang-format on

namespace detail {
#define SIZESPEC_CLASS_LIST_ITEM(N) N,
constexpr unsigned kListedClasses[] = {
    SIZESPEC_FOR_EACH_CLASS(SIZESPEC_CLASS_LIST_ITEM)};
#undef SIZESPEC_CLASS_LIST_ITEM
/// True if the list holds 1..kNumSpecializedClasses, in order, from \p __i.
constexpr bool classListInOrder(unsigned __i = 0) {
  return __i == kNumSpecializedClasses ||
         (kListedClasses[__i] == __i + 1 && classListInOrder(__i + 1));
}
} // namespace detail
static_assert(
    sizeof(detail::kListedClasses) ==
            kNumSpecializedClasses * sizeof(unsigned) &&
        detail::classListInOrder(),
    "SIZESPEC_FOR_EACH_CLASS lists every specialized class, in order");

static_assert(class_of(0) == 1, "zero-size requests get a real object");
static_assert(class_of(8) == 1 && class_of(9) == 2, "");
static_assert(class_of(24) == 3 && class_of(25) == 4, "");
static_assert(class_of(80) == 7 && class_of(81) == 8, "");
static_assert(class_of(1024) == 32 && class_of(1025) == 0, "");
static_assert(class_size(kNumSpecializedClasses) == kDefaultSpecializeMax,
              "the default limit is the largest specialized class");
static_assert(class_align(3) == 8 && class_align(4) == 32, "");
static_assert(class_align(7) == 16 && class_align(6) == 64, "");
static_assert(class_of_new(24) == 4 && class_of_new(25) == 4 &&
                  class_of_new(16) == 2 && class_of_new(0) == 2,
              "");

} // namespace sizespec

#endif // SIZESPEC_SIZE_CLASSES_H
