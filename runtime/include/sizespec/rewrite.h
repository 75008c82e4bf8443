//===- sizespec/rewrite.h - What rewritten sources call ---------*- C++ -*-===//
//
// sizespec-rewrite turns each eligible allocation site into a call of its
// routine without touching the initializer, so the code no longer needs the
// plugin, only the runtime. For example, `new Point(1, 2)` becomes
//
//     new (sizespec::alloc_noscan_sc3<Point>) Point(1, 2)
//
// `new (std::nothrow) Node{}` becomes
//
//     new (sizespec::alloc_scan_sc2<Node>, std::nothrow) Node{}
//
// `std::make_unique<Point>(1)` becomes
//
//     sizespec::make_unique<Point>(sizespec::alloc_noscan_sc3<Point>, 1)
//
// and `std::make_shared<Point>(1)` becomes `sizespec::make_shared<Point>(1)`.
//
// The placement argument names the routine. The placement operator new
// below calls it; the matching placement operator delete frees the memory
// when a constructor throws, as the language requires of a new-expression.
// `delete` of the result is unchanged: the global operator delete frees
// memory from any sizespec routine.
//
// Valid C++11..C++23, GCC 12 and Clang 19/22.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_REWRITE_H
#define SIZESPEC_REWRITE_H

#include <sizespec/sizespec.h>

#include <cstddef>
#include <memory>
#include <new>
#include <utility>

namespace sizespec {

/// A specialized routine, as a rewritten `new` names it.
typedef void *(*routine)(std::size_t);
/// Its nothrow form; the routines are noexcept, which converts away.
typedef void *(*nothrow_routine)(std::size_t, const std::nothrow_t &);

} // namespace sizespec

// The routine is a constant at every rewritten site, so once these inline
// functions are inlined the call is direct; at -O0 it costs one indirect
// call.
inline void *operator new(std::size_t size, sizespec::routine r) {
  return r(size);
}
inline void *operator new[](std::size_t size, sizespec::routine r) {
  return r(size);
}
// noexcept: the new-expression then checks for null before constructing,
// as it does for `new (std::nothrow) T`.
inline void *operator new(std::size_t size, sizespec::nothrow_routine r,
                          const std::nothrow_t &nt) noexcept {
  return r(size, nt);
}
inline void *operator new[](std::size_t size, sizespec::nothrow_routine r,
                            const std::nothrow_t &nt) noexcept {
  return r(size, nt);
}

// Called only when the constructor of a rewritten `new` throws.
inline void operator delete(void *p, sizespec::routine) noexcept {
  ::operator delete(p);
}
inline void operator delete[](void *p, sizespec::routine) noexcept {
  ::operator delete[](p);
}
inline void operator delete(void *p, sizespec::nothrow_routine,
                            const std::nothrow_t &) noexcept {
  ::operator delete(p);
}
inline void operator delete[](void *p, sizespec::nothrow_routine,
                              const std::nothrow_t &) noexcept {
  ::operator delete[](p);
}

namespace sizespec {

/// std::make_unique<T>(args) with the allocation routed to \p Routine:
///   ::sizespec::make_unique<Point>(::sizespec::alloc_noscan_sc3<Point>, 1, 2)
/// Initializes exactly as std::make_unique does (`new T(args...)`). The
/// routine is an argument, not a template argument: GCC does not
/// instantiate a function template named as a template argument inside a
/// template (the link fails).
template <class T, class... Args>
std::unique_ptr<T> make_unique(routine Routine, Args &&...args) {
  return std::unique_ptr<T>(new (Routine) T(std::forward<Args>(args)...));
}

namespace detail {
/// The allocator behind sizespec::make_shared. The block it allocates is
/// std::make_shared's control block with the object in it; the control block
/// holds a vtable pointer, so it is always scan. Its size is a constant after
/// inlining, so alloc_scan picks the size class at compile time.
template <class T> struct shared_allocator {
  typedef T value_type;
  shared_allocator() noexcept {}
  template <class U> shared_allocator(const shared_allocator<U> &) noexcept {}
  T *allocate(std::size_t n) {
    return static_cast<T *>(alloc_scan<T>(n * sizeof(T)));
  }
  void deallocate(T *p, std::size_t) noexcept { sizespec::deallocate(p); }
};
template <class T, class U>
bool operator==(const shared_allocator<T> &,
                const shared_allocator<U> &) noexcept {
  return true;
}
template <class T, class U>
bool operator!=(const shared_allocator<T> &,
                const shared_allocator<U> &) noexcept {
  return false;
}
} // namespace detail

/// std::make_shared<T>(args) with its one allocation (control block and
/// object) on the typed scan path. Initializes exactly as std::make_shared
/// does (`::new (p) T(args...)`).
template <class T, class... Args>
std::shared_ptr<T> make_shared(Args &&...args) {
  return std::allocate_shared<T>(detail::shared_allocator<T>(),
                                 std::forward<Args>(args)...);
}

} // namespace sizespec

#endif // SIZESPEC_REWRITE_H
