//===- sizespec/sizespec.h - Size-specialized allocation -------*- C++ -*-===//
//
// The public routines (docs/interfaces.md). Rewritten sources call them
// (<sizespec/rewrite.h>):
//
//   new Point          ->  alloc_noscan_sc3<Point>(24)
//   new bool           ->  alloc_noscan_tiny<bool>(1)
//   new (nothrow) Node ->  alloc_scan_sc2<Node>(16, std::nothrow)
//   std::allocator<T>  ->  alloc_scan<T>(n * sizeof(T))
//
// The plugin makes this header visible in every translation unit it
// compiles and points sites at the markers of <sizespec/site_markers.h>;
// its pass gives each surviving site the same fast path as these routines.
//
// Memory from any routine is freed by the global operator delete (any form),
// which the runtime library defines.
//
// Valid C++11..C++23, GCC 12 and Clang 19/22, with or without exceptions and
// RTTI: nothing inline throws; the throwing forms throw from the library.
// Parameters, locals and members have reserved names (see size_classes.h).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_SIZESPEC_H
#define SIZESPEC_SIZESPEC_H

#include <sizespec/alloc_path.h>
#include <sizespec/config.h>
#include <sizespec/free_path.h>
#include <sizespec/site_markers.h>
#include <sizespec/size_classes.h>
#include <sizespec/tiny_path.h>

#include <cstddef>
#include <new>
#include <type_traits>

namespace sizespec {

// --- Generic path (out of line, in the library) ---------------------------

/// Allocates \p __size bytes, aligned like `::operator new(__size)`. Not
/// knowing the type, it uses the scan spans. Throws std::bad_alloc.
SIZESPEC_API void *allocate(std::size_t __size);
/// The same, null on failure.
SIZESPEC_API void *allocate(std::size_t __size,
                            const std::nothrow_t &) noexcept;
/// Frees \p __p: memory from any sizespec routine or operator new; anything
/// else goes to the system allocator. Null is ignored.
SIZESPEC_API void deallocate(void *__p) noexcept;
/// True if \p __p points into memory the runtime manages (O(1), by
/// address).
SIZESPEC_API bool owns(const void *__p) noexcept;

/// Gives the pages of every empty span back to the OS now, as malloc_trim
/// does, and returns how many bytes that was. Without it, an empty span's
/// pages go back once it has stayed empty for SIZESPEC_PURGE_DELAY_MS
/// (default 1000), checked whenever a thread refills or flushes its cache,
/// and at once, but 8 MiB kept, when a thread exits: call it when a program
/// goes idle after freeing much. Objects cached by threads
/// keep their spans.
SIZESPEC_API std::size_t release_free_memory() noexcept;

/// Starts the background purge: a thread, named sizespec-purge, that gives
/// empty spans (and glibc's free heap) back once they have stayed unused
/// for the purge delay, also while the program allocates nothing at all.
/// For a long-lived server that goes idle. The runtime starts no thread
/// unless asked, by this call or SIZESPEC_BACKGROUND_PURGE=1; the thread
/// blocks every signal. Returns false, starting nothing, when the runtime
/// is not active (mode.h) or no thread could be created.
SIZESPEC_API bool start_background_purge() noexcept;

namespace detail {
/// Generic path with a known kind (the typed runtime-size path).
SIZESPEC_API void *alloc_generic_scan(std::size_t __size);
SIZESPEC_API void *alloc_generic_noscan(std::size_t __size);
/// Generic path for alignments above alignof(std::max_align_t).
SIZESPEC_API void *alloc_generic_aligned(std::size_t __size,
                                         std::size_t __align);

/// The alignment a new-expression of a type aligned to \p _Align passes to
/// its operator new: with aligned new (C++17), beyond
/// __STDCPP_DEFAULT_NEW_ALIGNMENT__; else 0, the default-alignment form.
/// A routine standing aside calls the form its site would have: a rewritten
/// site names the routine without the alignment argument, so the routine
/// supplies it (a program that replaces `operator new(size_t)` would
/// otherwise serve an over-aligned type from its unaligned form).
template <std::size_t _Align> constexpr std::size_t new_alignment() {
#if defined(__cpp_aligned_new)
  return _Align > __STDCPP_DEFAULT_NEW_ALIGNMENT__ ? _Align : 0;
#else
  return 0;
#endif
}

/// The one template behind every specialized routine: class \p _Class, kind
/// \p _Scan, allocated type \p _Tp (checked against the class at compile
/// time). \p __align is what an over-aligned site passes, for the slow path
/// when the runtime stands aside.
template <class _Tp, unsigned _Class, bool _Scan, bool _Nothrow>
SIZESPEC_FAST_PATH void *alloc_class(
    std::size_t __size,
    std::size_t __align = new_alignment<alignof(_Tp)>()) noexcept(_Nothrow) {
  static_assert(is_specialized_class(_Class),
                "no specialized routine for class");
  static_assert(sizeof(_Tp) <= class_size(_Class),
                "type larger than its class");
  static_assert(alignof(_Tp) <= class_align(_Class),
                "type more aligned than its class guarantees");
  return alloc_small<bin_of(_Class, _Scan), _Nothrow,
                     std::is_array<_Tp>::value>(__size, __align);
}

/// No bin: the generic path.
constexpr unsigned kNoBin = kNumBins;

/// The bin of a size known at compile time (after inlining), kNoBin above the
/// specialized classes or for an alignment the class cannot give. Every
/// comparison folds away when the size is a constant. It yields a number,
/// not the allocation itself, so a site inlines one fast path, not one per
/// class before the folding.
template <unsigned _Class, bool _Scan, std::size_t _Align> struct ConstantBin {
  SIZESPEC_FAST_PATH static unsigned __of(std::size_t __size) {
    return __size <= class_size(_Class)
               ? (_Align <= class_align(_Class) ? bin_of(_Class, _Scan)
                                                : kNoBin)
               : ConstantBin<_Class + 1, _Scan, _Align>::__of(__size);
  }
};
template <bool _Scan, std::size_t _Align>
struct ConstantBin<kNumSpecializedClasses + 1, _Scan, _Align> {
  SIZESPEC_FAST_PATH static unsigned __of(std::size_t) { return kNoBin; }
};

template <bool _Scan, std::size_t _Align>
SIZESPEC_FAST_PATH void *alloc_sized(std::size_t __size) {
  // Not `const`: Clang would evaluate a const initializer as a constant
  // expression, where __builtin_constant_p(__size) is false for good.
  unsigned __bin = __builtin_constant_p(__size)
                       ? ConstantBin<1, _Scan, _Align>::__of(__size)
                       : kNoBin;
  if (!_Scan && __builtin_constant_p(__size) && is_tiny_size(__size) &&
      _Align <= tiny_align(__size, false))
    return alloc_tiny<false>(__size);
  if (__bin != kNoBin)
    return alloc_small_in<false>(__bin, __size, new_alignment<_Align>());
  return _Align > alignof(std::max_align_t)
             ? alloc_generic_aligned(__size, _Align)
         : _Scan ? alloc_generic_scan(__size)
                 : alloc_generic_noscan(__size);
}
} // namespace detail

// --- Typed runtime-size path ----------------------------------------------

/// `std::allocator<T>::allocate` and friends: \p __size bytes for objects
/// of type \p _Tp. A constant size within the specialized classes takes the
/// class routine; anything else the generic path of _Tp's kind. Throws.
template <class _Tp> SIZESPEC_FAST_PATH void *alloc_scan(std::size_t __size) {
  return detail::alloc_sized<true, alignof(_Tp)>(__size);
}
template <class _Tp> SIZESPEC_FAST_PATH void *alloc_noscan(std::size_t __size) {
  return detail::alloc_sized<false, alignof(_Tp)>(__size);
}

// --- Specialized routines --------------------------------------------------
//
// alloc_scan_scN<T> / alloc_noscan_scN<T> for N in 1..32: thin wrappers over
// detail::alloc_class. `size` is what the site's operator new would have
// received; the plugin only passes size <= class_size(N). With aligned new
// (C++17), an over-aligned site passes std::align_val_t as its operator new
// would; the class already gives the alignment, and the slow path passes it
// on when the runtime stands aside.

#if defined(__cpp_aligned_new)
#define SIZESPEC_ALIGNED_ROUTINES(_Name, _Class, _Scan)                        \
  template <class _Tp>                                                         \
  SIZESPEC_ROUTINE void *_Name(std::size_t __size, std::align_val_t __al) {    \
    return detail::alloc_class<_Tp, _Class, _Scan, false>(                     \
        __size, static_cast<std::size_t>(__al));                               \
  }                                                                            \
  template <class _Tp>                                                         \
  SIZESPEC_ROUTINE void *_Name(std::size_t __size, std::align_val_t __al,      \
                               const std::nothrow_t &) noexcept {              \
    return detail::alloc_class<_Tp, _Class, _Scan, true>(                      \
        __size, static_cast<std::size_t>(__al));                               \
  }
#else
#define SIZESPEC_ALIGNED_ROUTINES(_Name, _Class, _Scan)
#endif

#define SIZESPEC_CLASS_ROUTINES(_Class)                                        \
  template <class _Tp>                                                         \
  SIZESPEC_ROUTINE void *alloc_scan_sc##_Class(std::size_t __size) {           \
    return detail::alloc_class<_Tp, _Class, true, false>(__size);              \
  }                                                                            \
  template <class _Tp>                                                         \
  SIZESPEC_ROUTINE void *alloc_noscan_sc##_Class(std::size_t __size) {         \
    return detail::alloc_class<_Tp, _Class, false, false>(__size);             \
  }                                                                            \
  template <class _Tp>                                                         \
  SIZESPEC_ROUTINE void *alloc_scan_sc##_Class(                                \
      std::size_t __size, const std::nothrow_t &) noexcept {                   \
    return detail::alloc_class<_Tp, _Class, true, true>(__size);               \
  }                                                                            \
  template <class _Tp>                                                         \
  SIZESPEC_ROUTINE void *alloc_noscan_sc##_Class(                              \
      std::size_t __size, const std::nothrow_t &) noexcept {                   \
    return detail::alloc_class<_Tp, _Class, false, true>(__size);              \
  }                                                                            \
  SIZESPEC_ALIGNED_ROUTINES(alloc_scan_sc##_Class, _Class, true)               \
  SIZESPEC_ALIGNED_ROUTINES(alloc_noscan_sc##_Class, _Class, false)

SIZESPEC_FOR_EACH_CLASS(SIZESPEC_CLASS_ROUTINES)
#undef SIZESPEC_CLASS_ROUTINES
#undef SIZESPEC_ALIGNED_ROUTINES

// --- The tiny routine ------------------------------------------------------
//
// alloc_noscan_tiny<T>: a pointer-free T of 1..15 bytes but 8 (`new bool`,
// `new char[5]`), packed with others into a shared 32-byte block. `size` is
// what the site's operator new would have received; the plugin only passes
// is_tiny_size(size).

template <class _Tp>
SIZESPEC_ROUTINE void *alloc_noscan_tiny(std::size_t __size) {
  static_assert(sizeof(_Tp) <= detail::kTinyMax, "not a tiny type");
  static_assert(alignof(_Tp) <= 8, "type more aligned than a tiny object");
  return detail::alloc_tiny<false, std::is_array<_Tp>::value>(__size);
}
template <class _Tp>
SIZESPEC_ROUTINE void *alloc_noscan_tiny(std::size_t __size,
                                         const std::nothrow_t &) noexcept {
  static_assert(sizeof(_Tp) <= detail::kTinyMax, "not a tiny type");
  static_assert(alignof(_Tp) <= 8, "type more aligned than a tiny object");
  return detail::alloc_tiny<true, std::is_array<_Tp>::value>(__size);
}

} // namespace sizespec

#endif // SIZESPEC_SIZESPEC_H
