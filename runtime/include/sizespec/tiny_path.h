//===- sizespec/tiny_path.h - The inline tiny path -------------*- C++ -*-===//
//
// Go's tiny allocator: pointer-free objects of 1..15 bytes bumped one after
// another into the calling thread's current 32-byte block, and their local
// free, which only counts (runtime/src/tiny.h has the rest).
//
// Included by <sizespec/sizespec.h>; valid C++11, no exceptions, no RTTI,
// reserved names only (see size_classes.h).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TINY_PATH_H
#define SIZESPEC_TINY_PATH_H

#include <sizespec/alloc_path.h>
#include <sizespec/config.h>
#include <sizespec/thread_cache.h>

#include <cstddef>
#include <cstdint>

namespace sizespec {
namespace detail {

/// Pointer-free objects of 1..kTinyMax bytes may be packed, one after
/// another, into shared blocks of kTinyBlock bytes (Go's tiny allocator).
/// A block is reused once every object in it has been freed.
///
/// Go's blocks are 16 bytes; ours are 32, because each has a byte of count
/// (runtime/src/tiny.h) that Go's collector does not need: 3.1 % of a
/// block rather than 6.25 %, so a million live `bool`s cost 1.04 B each
/// by RSS, not 1.07 (bench/notes/tiny-path.md, "Why 32-byte blocks").
constexpr std::size_t kTinyBlock = 32;
constexpr std::size_t kTinyMax = 15;
static_assert(kTinyMax < kTinyBlock, "a tiny object fits a block");

/// The sizes that are packed: 1..kTinyMax but 8. An 8-byte object fills
/// the 8-byte class's slot exactly, so packing saves it no memory and costs
/// it a block's count (8.5 B an object against 8.0), a block start every
/// second object and the block test in the free (bench/notes/tiny-path.md,
/// "Why eight bytes take the class"): it takes the class. Go packs it; the
/// class is better here.
constexpr bool is_tiny_size(std::size_t __size) {
  return __size >= 1 && __size <= kTinyMax && __size != 8;
}

/// The alignment a tiny object of \p __size bytes gets: its type's
/// alignment divides its size, so the size's lowest set bit (at most 8 below
/// 16). An array new-expression's size may include an 8-byte cookie (then
/// it is 9 or more): above 8 bytes an array gets 8.
constexpr std::size_t tiny_align(std::size_t __size, bool __array) {
  return __array && __size > 8 ? 8 : (__size & (~__size + 1));
}

/// Slow path of alloc_tiny: starts a new block (the current one has no room
/// or there is none yet) and returns the object, or, when the runtime stands
/// aside, what the site's own operator new would (`::operator new[]` with
/// kRefillArray in \p __flags). Throws std::bad_alloc.
SIZESPEC_API SIZESPEC_SLOW_PATH void *alloc_tiny_refill(unsigned __flags,
                                                        std::size_t __size);
/// The same, returning null on failure.
SIZESPEC_API SIZESPEC_SLOW_PATH void *
alloc_tiny_refill_nothrow(unsigned __flags, std::size_t __size) noexcept;

template <bool _Nothrow> struct TinyRefill {
  static void *__call(unsigned __flags, std::size_t __size) {
    return alloc_tiny_refill(__flags, __size);
  }
};
template <> struct TinyRefill<true> {
  static void *__call(unsigned __flags, std::size_t __size) noexcept {
    return alloc_tiny_refill_nothrow(__flags, __size);
  }
};

/// The tiny fast path's bump: places the calling thread's next \p __size
/// bytes in its current block, aligned to \p __align, at \p __p, and counts
/// them; false when the block has no room (or there is none yet: both
/// bounds are 0). No atomics: other threads only touch a block's count when
/// they free into it.
SIZESPEC_FAST_PATH bool tiny_bump(std::size_t __size, std::uintptr_t __align,
                                  std::uintptr_t &__p) noexcept {
  ThreadCache &__tc = tls_cache;
  const std::uintptr_t __next = __tc.__tiny_next;
  __p = (__next + __align - 1) & ~(__align - 1);
  if (SIZESPEC_UNLIKELY(__p + __size > __tc.__tiny_end))
    return false;
  __tc.__tiny_next = __p + __size;
  ++__tc.__tiny_allocs;
  // A branch, not an add of 0: a store each time would chain the pairs.
  if (__align > 1 && __p != __next)
    __tc.__tiny_pad += __p - __next;
  return true;
}

/// The tiny fast path, for \p __size in 1..kTinyMax: the bump, else one
/// branch to alloc_tiny_refill.
template <bool _Nothrow, bool _Array = false>
SIZESPEC_FAST_PATH void *alloc_tiny(std::size_t __size) noexcept(_Nothrow) {
  std::uintptr_t __p;
  if (SIZESPEC_LIKELY(tiny_bump(__size, tiny_align(__size, _Array), __p)))
    return reinterpret_cast<void *>(__p);
  return TinyRefill<_Nothrow>::__call(_Array ? kRefillArray : 0, __size);
}

/// The tiny path's local free: \p __p is in the calling thread's current
/// block (a null or foreign \p __p never is: no block ends at kTinyBlock). It
/// only counts; when every object handed out from the block is back, the block
/// starts over at its first byte. False if \p __p is elsewhere. Every
/// operator delete tries it after the bins; the plugin's inline free of a
/// size under 16 too.
SIZESPEC_FAST_PATH bool free_tiny_inline(void *__p) noexcept {
  ThreadCache &__tc = tls_cache;
  std::uintptr_t __blk =
      reinterpret_cast<std::uintptr_t>(__p) & ~(kTinyBlock - 1);
  std::uintptr_t __end = __tc.__tiny_end;
  if (SIZESPEC_UNLIKELY(__blk + kTinyBlock != __end))
    return false;
  // The block's start from its end, not from __p: the next allocation's
  // address must not wait for this one's (a new/delete loop would chain
  // each pair through memory). The compiler must not see that they are
  // equal, or it would use __blk.
  __asm__("" : "+r"(__end));
  if (++__tc.__tiny_frees == __tc.__tiny_allocs)
    __tc.__tiny_next = __end - kTinyBlock;
  return true;
}

} // namespace detail
} // namespace sizespec

#endif // SIZESPEC_TINY_PATH_H
