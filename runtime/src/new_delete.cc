//===- new_delete.cc - Replacement global operator new/delete -------------===//
//
// The top layer: every replaceable form. Unaligned forms take the generic
// fast path (scan spans: the type is unknown); aligned forms get a class
// whose objects are aligned enough, else the system allocator. Every delete
// recognizes the runtime's memory by address and hands anything else on
// (alloc.h: free_any, free_foreign).
//
//===----------------------------------------------------------------------===//

#include "alloc.h"

#include <new>

using sizespec::alloc_generic;
using sizespec::alloc_slow;
using sizespec::alloc_slow_nothrow;
using sizespec::DeleteForm;
using sizespec::Entry;
using sizespec::free_any;

#define SIZESPEC_OVERRIDE SIZESPEC_API

namespace {
std::size_t align_of(std::align_val_t Al) {
  return static_cast<std::size_t>(Al);
}
} // namespace

// --- new -----------------------------------------------------------------

SIZESPEC_OVERRIDE void *operator new(std::size_t Size) {
  return alloc_generic<Entry::op_new, false>(Size);
}
SIZESPEC_OVERRIDE void *operator new[](std::size_t Size) {
  return alloc_generic<Entry::op_new_array, false>(Size);
}
SIZESPEC_OVERRIDE void *operator new(std::size_t Size,
                                     const std::nothrow_t &) noexcept {
  return alloc_generic<Entry::op_new, true>(Size);
}
SIZESPEC_OVERRIDE void *operator new[](std::size_t Size,
                                       const std::nothrow_t &) noexcept {
  return alloc_generic<Entry::op_new_array, true>(Size);
}
SIZESPEC_OVERRIDE void *operator new(std::size_t Size, std::align_val_t Al) {
  return alloc_slow(Entry::op_new_aligned, Size, align_of(Al));
}
SIZESPEC_OVERRIDE void *operator new[](std::size_t Size, std::align_val_t Al) {
  return alloc_slow(Entry::op_new_array_aligned, Size, align_of(Al));
}
SIZESPEC_OVERRIDE void *operator new(std::size_t Size, std::align_val_t Al,
                                     const std::nothrow_t &) noexcept {
  return alloc_slow_nothrow(Entry::op_new_aligned, Size, align_of(Al));
}
SIZESPEC_OVERRIDE void *operator new[](std::size_t Size, std::align_val_t Al,
                                       const std::nothrow_t &) noexcept {
  return alloc_slow_nothrow(Entry::op_new_array_aligned, Size, align_of(Al));
}

// --- delete ----------------------------------------------------------------

SIZESPEC_OVERRIDE void operator delete(void *P) noexcept {
  free_any<DeleteForm::plain>(P);
}
SIZESPEC_OVERRIDE void operator delete[](void *P) noexcept {
  free_any<DeleteForm::array>(P);
}
SIZESPEC_OVERRIDE void operator delete(void *P, std::size_t) noexcept {
  free_any<DeleteForm::sized>(P);
}
SIZESPEC_OVERRIDE void operator delete[](void *P, std::size_t) noexcept {
  free_any<DeleteForm::array_sized>(P);
}
SIZESPEC_OVERRIDE void operator delete(void *P,
                                       const std::nothrow_t &) noexcept {
  free_any<DeleteForm::sized>(P);
}
SIZESPEC_OVERRIDE void operator delete[](void *P,
                                         const std::nothrow_t &) noexcept {
  free_any<DeleteForm::array_sized>(P);
}
SIZESPEC_OVERRIDE void operator delete(void *P, std::align_val_t Al) noexcept {
  free_any<DeleteForm::aligned>(P, align_of(Al));
}
SIZESPEC_OVERRIDE void operator delete[](void *P,
                                         std::align_val_t Al) noexcept {
  free_any<DeleteForm::array_aligned>(P, align_of(Al));
}
SIZESPEC_OVERRIDE void operator delete(void *P, std::size_t,
                                       std::align_val_t Al) noexcept {
  free_any<DeleteForm::aligned_sized>(P, align_of(Al));
}
SIZESPEC_OVERRIDE void operator delete[](void *P, std::size_t,
                                         std::align_val_t Al) noexcept {
  free_any<DeleteForm::array_aligned_sized>(P, align_of(Al));
}
SIZESPEC_OVERRIDE void operator delete(void *P, std::align_val_t Al,
                                       const std::nothrow_t &) noexcept {
  free_any<DeleteForm::aligned_sized>(P, align_of(Al));
}
SIZESPEC_OVERRIDE void operator delete[](void *P, std::align_val_t Al,
                                         const std::nothrow_t &) noexcept {
  free_any<DeleteForm::array_aligned_sized>(P, align_of(Al));
}
