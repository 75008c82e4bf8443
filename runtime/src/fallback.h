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
void *new_(std::size_t Size);
void *new_nothrow(std::size_t Size) noexcept;
void *new_array(std::size_t Size);
void *new_array_nothrow(std::size_t Size) noexcept;
void *new_aligned(std::size_t Size, std::align_val_t Al);
void *new_aligned_nothrow(std::size_t Size, std::align_val_t Al) noexcept;
void *new_array_aligned(std::size_t Size, std::align_val_t Al);
void *new_array_aligned_nothrow(std::size_t Size, std::align_val_t Al) noexcept;

void delete_(void *P) noexcept;
void delete_sized(void *P) noexcept; // also the nothrow form
void delete_array(void *P) noexcept; // also the nothrow form
void delete_array_sized(void *P) noexcept;
void delete_aligned(void *P, std::align_val_t Al) noexcept;
void delete_aligned_sized(void *P, std::align_val_t Al) noexcept; // + nothrow
void delete_array_aligned(void *P, std::align_val_t Al) noexcept;
void delete_array_aligned_sized(void *P,
                                std::align_val_t Al) noexcept; // + nothrow
} // namespace fallback

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_FALLBACK_H
