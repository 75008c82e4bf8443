//===- fallback.h - The standard library's operator new/delete -*- C++ -*-===//
//
// What every replaceable form does when the runtime is not serving it: the
// C++ standard's default behaviour, as libstdc++ implements it. The base
// forms use malloc/free (with the new_handler loop); every other form calls
// the base form *that wins symbol lookup in this process* (Winners), so a
// program that replaced `operator new(size_t)` gets its own function called
// from `new[]`, the nothrow forms, and so on, exactly as without sizespec.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_FALLBACK_H
#define SIZESPEC_RUNTIME_FALLBACK_H

#include <cstddef>
#include <new>
#include <sizespec/config.h>

namespace sizespec {

/// The definitions the dynamic linker binds each base form to.
struct Winners {
  void *(*new_)(std::size_t);
  void *(*new_array)(std::size_t);
  void *(*new_aligned)(std::size_t, std::align_val_t);
  void *(*new_array_aligned)(std::size_t, std::align_val_t);
  // The nothrow forms, for a routine that stands in for `new (std::nothrow)`:
  // a program may replace them alone.
  void *(*new_nothrow)(std::size_t, const std::nothrow_t &) noexcept;
  void *(*new_array_nothrow)(std::size_t, const std::nothrow_t &) noexcept;
  void *(*new_aligned_nothrow)(std::size_t, std::align_val_t,
                               const std::nothrow_t &) noexcept;
  void *(*new_array_aligned_nothrow)(std::size_t, std::align_val_t,
                                     const std::nothrow_t &) noexcept;
  void (*del)(void *) noexcept;
  void (*del_array)(void *) noexcept;
  void (*del_aligned)(void *, std::align_val_t) noexcept;
  void (*del_array_aligned)(void *, std::align_val_t) noexcept;
};
SIZESPEC_INTERNAL extern Winners g_winners;

namespace fallback {
void *new_(std::size_t size);
void *new_nothrow(std::size_t size) noexcept;
void *new_array(std::size_t size);
void *new_array_nothrow(std::size_t size) noexcept;
void *new_aligned(std::size_t size, std::align_val_t al);
void *new_aligned_nothrow(std::size_t size, std::align_val_t al) noexcept;
void *new_array_aligned(std::size_t size, std::align_val_t al);
void *new_array_aligned_nothrow(std::size_t size, std::align_val_t al) noexcept;

void delete_(void *p) noexcept;
void delete_sized(void *p) noexcept; // also the nothrow form
void delete_array(void *p) noexcept; // also the nothrow form
void delete_array_sized(void *p) noexcept;
void delete_aligned(void *p, std::align_val_t al) noexcept;
void delete_aligned_sized(void *p, std::align_val_t al) noexcept; // + nothrow
void delete_array_aligned(void *p, std::align_val_t al) noexcept;
void delete_array_aligned_sized(void *p,
                                std::align_val_t al) noexcept; // + nothrow
} // namespace fallback

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_FALLBACK_H
