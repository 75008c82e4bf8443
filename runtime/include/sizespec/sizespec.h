//===- sizespec/sizespec.h - Size-specialized allocation -------*- C++ -*-===//
//
// The public routines (docs/interfaces.md). The plugin makes this header
// visible in every translation unit it compiles and redirects allocation
// sites to the routines below:
//
//   new Point          ->  alloc_noscan_sc3<Point>(24)
//   new (nothrow) Node ->  alloc_scan_sc2<Node>(16, std::nothrow)
//   std::allocator<T>  ->  alloc_scan<T>(n * sizeof(T))
//
// Memory from any routine is freed by the global operator delete (any form),
// which the runtime library defines.
//
// Valid C++11..C++23, GCC 12 and Clang 19/22, with or without exceptions and
// RTTI: nothing inline throws; the throwing forms throw from the library.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_SIZESPEC_H
#define SIZESPEC_SIZESPEC_H

#include <sizespec/config.h>
#include <sizespec/size_classes.h>
#include <sizespec/thread_cache.h>

#include <cstddef>
#include <new>
#include <type_traits>

namespace sizespec {

// --- Generic path (out of line, in the library) ---------------------------

/// Allocates \p size bytes, aligned like `::operator new(size)`. Not knowing
/// the type, it uses the scan spans. Throws std::bad_alloc.
SIZESPEC_API void *allocate(std::size_t size);
/// The same, null on failure.
SIZESPEC_API void *allocate(std::size_t size, const std::nothrow_t &) noexcept;
/// Frees \p p: memory from any sizespec routine or operator new; anything
/// else goes to the system allocator. Null is ignored.
SIZESPEC_API void deallocate(void *p) noexcept;
/// True if \p p points into memory the runtime manages (O(1), by address).
SIZESPEC_API bool owns(const void *p) noexcept;

/// Gives the pages of every empty span back to the OS now, as malloc_trim
/// does, and returns how many bytes that was. Without it, an empty span's
/// pages go back once it has stayed empty for SIZESPEC_PURGE_DELAY_MS
/// (default 1000), checked whenever a thread refills or flushes its cache:
/// call it when a program goes idle after freeing much. Objects cached by
/// threads keep their spans.
SIZESPEC_API std::size_t release_free_memory() noexcept;

namespace detail {
/// Generic path with a known kind (the typed runtime-size path).
SIZESPEC_API void *alloc_generic_scan(std::size_t Size);
SIZESPEC_API void *alloc_generic_noscan(std::size_t Size);
/// Generic path for alignments above alignof(std::max_align_t).
SIZESPEC_API void *alloc_generic_aligned(std::size_t Size, std::size_t Align);

/// The one template behind every specialized routine: class \p C, kind
/// \p Scan, allocated type \p T (checked against the class at compile time).
template <class T, unsigned C, bool Scan, bool Nothrow>
SIZESPEC_FAST_PATH void *alloc_class(std::size_t Size) noexcept(Nothrow) {
  static_assert(is_specialized_class(C), "no specialized routine for class");
  static_assert(sizeof(T) <= class_size(C), "type larger than its class");
  static_assert(alignof(T) <= class_align(C),
                "type more aligned than its class guarantees");
  return alloc_small<bin_of(C, Scan), Nothrow, std::is_array<T>::value>(Size);
}

/// No bin: the generic path.
constexpr unsigned kNoBin = kNumBins;

/// The bin of a size known at compile time (after inlining), kNoBin above the
/// specialized classes or for an alignment the class cannot give. Every
/// comparison folds away when Size is a constant. It yields a number, not
/// the allocation itself, so a site inlines one fast path, not one per
/// class before the folding.
template <unsigned C, bool Scan, std::size_t Align> struct ConstantBin {
  SIZESPEC_FAST_PATH static unsigned of(std::size_t Size) {
    return Size <= class_size(C)
               ? (Align <= class_align(C) ? bin_of(C, Scan) : kNoBin)
               : ConstantBin<C + 1, Scan, Align>::of(Size);
  }
};
template <bool Scan, std::size_t Align>
struct ConstantBin<kNumSpecializedClasses + 1, Scan, Align> {
  SIZESPEC_FAST_PATH static unsigned of(std::size_t) { return kNoBin; }
};

template <bool Scan, std::size_t Align>
SIZESPEC_FAST_PATH void *alloc_sized(std::size_t Size) {
  // Not `const`: Clang would evaluate a const initializer as a constant
  // expression, where __builtin_constant_p(Size) is false for good.
  unsigned Bin = __builtin_constant_p(Size)
                     ? ConstantBin<1, Scan, Align>::of(Size)
                     : kNoBin;
  if (Bin != kNoBin)
    return alloc_small_in<false>(Bin, Size);
  return Align > alignof(std::max_align_t) ? alloc_generic_aligned(Size, Align)
         : Scan                            ? alloc_generic_scan(Size)
                                           : alloc_generic_noscan(Size);
}
} // namespace detail

// --- Typed runtime-size path ----------------------------------------------

/// `std::allocator<T>::allocate` and friends: \p size bytes for objects of
/// type \p T. A constant size within the specialized classes takes the class
/// routine; anything else the generic path of T's kind. Throws.
template <class T> SIZESPEC_FAST_PATH void *alloc_scan(std::size_t size) {
  return detail::alloc_sized<true, alignof(T)>(size);
}
template <class T> SIZESPEC_FAST_PATH void *alloc_noscan(std::size_t size) {
  return detail::alloc_sized<false, alignof(T)>(size);
}

// --- Specialized routines --------------------------------------------------
//
// alloc_scan_scN<T> / alloc_noscan_scN<T> for N in 1..32: thin wrappers over
// detail::alloc_class. `size` is what the site's operator new would have
// received; the plugin only passes size <= class_size(N).

#define SIZESPEC_CLASS_ROUTINES(N)                                             \
  template <class T>                                                           \
  SIZESPEC_FAST_PATH void *alloc_scan_sc##N(std::size_t size) {                \
    return detail::alloc_class<T, N, true, false>(size);                       \
  }                                                                            \
  template <class T>                                                           \
  SIZESPEC_FAST_PATH void *alloc_noscan_sc##N(std::size_t size) {              \
    return detail::alloc_class<T, N, false, false>(size);                      \
  }                                                                            \
  template <class T>                                                           \
  SIZESPEC_FAST_PATH void *alloc_scan_sc##N(std::size_t size,                  \
                                            const std::nothrow_t &) noexcept { \
    return detail::alloc_class<T, N, true, true>(size);                        \
  }                                                                            \
  template <class T>                                                           \
  SIZESPEC_FAST_PATH void *alloc_noscan_sc##N(                                 \
      std::size_t size, const std::nothrow_t &) noexcept {                     \
    return detail::alloc_class<T, N, false, true>(size);                       \
  }

SIZESPEC_FOR_EACH_CLASS(SIZESPEC_CLASS_ROUTINES)
#undef SIZESPEC_CLASS_ROUTINES

} // namespace sizespec

#endif // SIZESPEC_SIZESPEC_H
