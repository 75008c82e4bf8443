//===- span.h - A span: 64 KiB of objects of one bin -----------*- C++ -*-===//
//
// A span's objects start at its base, so an object of class c is aligned to
// class_align(C). Its metadata lives apart, at the head of the bin range
// (region.h), and is found from an object's address by arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_SPAN_H
#define SIZESPEC_RUNTIME_SPAN_H

#include <sizespec/bins.h>

#include <cstdint>

namespace sizespec {

using detail::FreeObject;

/// What a request for objects or spans got.
enum class TakeStatus {
  ok,            ///< at least one
  exhausted,     ///< the bin's address range is full
  out_of_memory, ///< the OS (or the test commit limit) refused memory
};

/// No span (end of a list).
constexpr std::uint32_t kNoSpan = UINT32_MAX;

enum class SpanState : std::uint8_t {
  unused,  ///< beyond the bin's frontier, or never handed out
  empty,   ///< no objects out; on one of the bin's empty lists
  partial, ///< some objects out, some free; on the bin's partial list
  full,    ///< every object out; on no list
};

struct Span {
  FreeObject *free; ///< objects given back, to hand out again
  /// Objects out: in use or in a thread cache; and, while a thread owns the
  /// span's carving (`owned`), the slots it has yet to carve. At most a
  /// span's 8,192 objects of 8 bytes.
  std::uint16_t used;
  /// The shard of the bin whose lists hold the span (central.h): its
  /// objects go back there, whichever thread frees them. Set when a shard
  /// takes the span, empty.
  std::uint8_t shard;
  /// Slots [0, carved) have been handed out before. The thread that owns
  /// the span's carving writes it without the bin's lock: read and write
  /// it with carved_of and set_carved.
  std::uint32_t carved;
  std::uint32_t next; ///< list links (span indices in the bin)
  std::uint32_t prev;
  std::uint32_t emptied_at; ///< when it last became empty (platform::now_ms)
  SpanState state;
  /// Bumped when a refill takes the span's whole free list: the marks its
  /// objects hold (heap_check.h, SpanMark) go stale at once, unwritten.
  std::uint8_t epoch;
  /// Slots [0, resident) were carved since the span's pages were last
  /// given back to the OS: their pages are resident, so carving them again
  /// costs no memory.
  std::uint16_t resident : 15;
  /// A thread carves the span's slots from `carved` up, alone (central.h,
  /// OwnedSlots): no other refill carves them.
  std::uint16_t owned : 1;
};
static_assert(sizeof(Span) == 32, "metadata is 32 bytes a span");

/// Span::carved, which its owner writes while others read it. Relaxed:
/// whoever frees an object got it, through the program's own
/// synchronization, after the owner carved it, so reads it as carved.
inline std::uint32_t carved_of(const Span *s) {
  return __atomic_load_n(&s->carved, __ATOMIC_RELAXED);
}
inline void set_carved(Span *s, std::uint32_t n) {
  __atomic_store_n(&s->carved, n, __ATOMIC_RELAXED);
}

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_SPAN_H
