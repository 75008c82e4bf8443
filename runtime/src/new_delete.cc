//===- new_delete.cc - Replacement global operator new/delete -------------===//
//
// The top layer: every replaceable form. Unaligned forms take the generic
// fast path (scan spans: the type is unknown); aligned forms get a class
// whose objects are aligned enough, else the system allocator. Every delete
// recognizes the runtime's memory by address and hands anything else on
// (free.h: free_any, free_foreign); the unaligned sized forms also check
// the size against the object's bin (free_sized).
//
//===----------------------------------------------------------------------===//

#include "alloc.h"
#include "free.h"

#include <new>

using sizespec::alloc_generic;
using sizespec::alloc_slow;
using sizespec::alloc_slow_nothrow;
using sizespec::DeleteForm;
using sizespec::Entry;
using sizespec::free_any;
using sizespec::free_sized;

#define SIZESPEC_OVERRIDE SIZESPEC_API

namespace {
std::size_t align_of(std::align_val_t al) {
  return static_cast<std::size_t>(al);
}
} // namespace

// --- new -----------------------------------------------------------------

SIZESPEC_OVERRIDE void *operator new(std::size_t size) {
  return alloc_generic<Entry::op_new, false>(size);
}
SIZESPEC_OVERRIDE void *operator new[](std::size_t size) {
  return alloc_generic<Entry::op_new_array, false>(size);
}
SIZESPEC_OVERRIDE void *operator new(std::size_t size,
                                     const std::nothrow_t &) noexcept {
  return alloc_generic<Entry::op_new, true>(size);
}
SIZESPEC_OVERRIDE void *operator new[](std::size_t size,
                                       const std::nothrow_t &) noexcept {
  return alloc_generic<Entry::op_new_array, true>(size);
}
SIZESPEC_OVERRIDE void *operator new(std::size_t size, std::align_val_t al) {
  return alloc_slow(Entry::op_new_aligned, size, align_of(al));
}
SIZESPEC_OVERRIDE void *operator new[](std::size_t size, std::align_val_t al) {
  return alloc_slow(Entry::op_new_array_aligned, size, align_of(al));
}
SIZESPEC_OVERRIDE void *operator new(std::size_t size, std::align_val_t al,
                                     const std::nothrow_t &) noexcept {
  return alloc_slow_nothrow(Entry::op_new_aligned, size, align_of(al));
}
SIZESPEC_OVERRIDE void *operator new[](std::size_t size, std::align_val_t al,
                                       const std::nothrow_t &) noexcept {
  return alloc_slow_nothrow(Entry::op_new_array_aligned, size, align_of(al));
}

// --- delete ----------------------------------------------------------------

SIZESPEC_OVERRIDE void operator delete(void *p) noexcept {
  free_any<DeleteForm::plain>(p);
}
SIZESPEC_OVERRIDE void operator delete[](void *p) noexcept {
  free_any<DeleteForm::array>(p);
}
SIZESPEC_OVERRIDE void operator delete(void *p, std::size_t size) noexcept {
  free_sized<DeleteForm::sized>(p, size);
}
SIZESPEC_OVERRIDE void operator delete[](void *p, std::size_t size) noexcept {
  free_sized<DeleteForm::array_sized>(p, size);
}
SIZESPEC_OVERRIDE void operator delete(void *p,
                                       const std::nothrow_t &) noexcept {
  free_any<DeleteForm::sized>(p);
}
SIZESPEC_OVERRIDE void operator delete[](void *p,
                                         const std::nothrow_t &) noexcept {
  free_any<DeleteForm::array_sized>(p);
}
SIZESPEC_OVERRIDE void operator delete(void *p, std::align_val_t al) noexcept {
  free_any<DeleteForm::aligned>(p, align_of(al));
}
SIZESPEC_OVERRIDE void operator delete[](void *p,
                                         std::align_val_t al) noexcept {
  free_any<DeleteForm::array_aligned>(p, align_of(al));
}
SIZESPEC_OVERRIDE void operator delete(void *p, std::size_t,
                                       std::align_val_t al) noexcept {
  free_any<DeleteForm::aligned_sized>(p, align_of(al));
}
SIZESPEC_OVERRIDE void operator delete[](void *p, std::size_t,
                                         std::align_val_t al) noexcept {
  free_any<DeleteForm::array_aligned_sized>(p, align_of(al));
}
SIZESPEC_OVERRIDE void operator delete(void *p, std::align_val_t al,
                                       const std::nothrow_t &) noexcept {
  free_any<DeleteForm::aligned_sized>(p, align_of(al));
}
SIZESPEC_OVERRIDE void operator delete[](void *p, std::align_val_t al,
                                         const std::nothrow_t &) noexcept {
  free_any<DeleteForm::array_aligned_sized>(p, align_of(al));
}
