//===- debug.h - The debug build's checks on every object -------*- C++ -*-===//
//
// libsizespec-debug.so is the runtime built with SIZESPEC_DEBUG=1, as
// mimalloc's MI_DEBUG: a program links it instead of libsizespec.so (or
// preloads it) and a misuse stops the program with one line naming the
// address, the size class and the kind, instead of corrupting memory:
//
//   sizespec: double free of 0x7f3a00001040 (class 3, 24 B, noscan)
//
// It catches a double free, a free of a pointer inside the runtime's range
// that it never handed out, a free of an interior pointer, a write to freed
// memory (freed objects are filled with kPoison and checked when they are
// handed out again) and a corrupted free list (a link that is not a free
// object of the same bin). To see every allocation, the debug build keeps
// the inline fast path's lists empty: each allocation comes to the slow
// path, which hands out one object at a time.
//
// In the normal build SIZESPEC_DEBUG is 0: the hooks are not called and cost
// nothing.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_DEBUG_H
#define SIZESPEC_RUNTIME_DEBUG_H

#include "span.h"

#include <cstddef>

#ifndef SIZESPEC_DEBUG
#define SIZESPEC_DEBUG 0
#endif

namespace sizespec {

constexpr bool kDebug = SIZESPEC_DEBUG != 0;

/// The byte a freed object is filled with, after its link word.
constexpr unsigned char kPoison = 0xdb;

/// Sets up the bitmaps of free slots; after region_init().
void debug_init() noexcept;
/// Slots of bin \p b just carved: free, poisoned.
void debug_on_carve(unsigned b, FreeObject *p) noexcept;
/// Object \p p of bin \p b is handed out; \p next is the list head after it.
/// Checks it was free and untouched, and that \p next is a free object.
void debug_on_alloc(unsigned b, void *p, const FreeObject *next) noexcept;
/// Object \p p, inside bin \p b's range, is freed: checks that it is the
/// start of an object the runtime handed out and that is not free already;
/// marks and poisons it.
void debug_on_free(unsigned b, void *p) noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_DEBUG_H
