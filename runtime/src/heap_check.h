//===- heap_check.h - The release runtime's checks of its lists -*- C++ -*-===//
//
// Hardening, on in every build: each free-list link is stored under a
// per-process key (<sizespec/bins.h>); every walk of a list checks each
// link before it follows it (decoded_ok), and the central bin checks each
// object that comes back to its span (ReturnCheck). A link that fails,
// and a free the central bin can tell is wrong, stop the program with one
// line naming the bug, the address and the bin:
//
//   sizespec: free-list link overwritten (a write after free?) in
//   0x7f3a00001040: 0x4141414141414141 (class 3, 24 B, noscan)
//
// The inline pop checks only that the head decodes below the region's end
// (bins.h); the rest happens here, off the fast paths. The debug build
// (debug.h) adds its per-object checks on top.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_HEAP_CHECK_H
#define SIZESPEC_RUNTIME_HEAP_CHECK_H

#include "region.h"
#include "slot_divisor.h"

#include <sizespec/bins.h>
#include <sizespec/config.h>

#include <array>
#include <cstdint>

namespace sizespec {

/// The keys every free-list link is stored under (<sizespec/bins.h>): a
/// random odd multiplier and its inverse; 1 and 1 with hardening off.
SIZESPEC_INTERNAL extern std::uintptr_t g_link_key;
SIZESPEC_INTERNAL extern std::uintptr_t g_link_inverse;
/// What the inline pops compare a decoded head with: the region's end.
SIZESPEC_INTERNAL extern std::uintptr_t g_link_bound;

/// What a free object on its span's list holds after its link: a random
/// word drawn once per process (SpanMark); 0 before, and in the debug
/// build, whose own checks read freed objects' poison there.
SIZESPEC_INTERNAL extern std::uintptr_t g_span_free_mark;

/// Whether the process runs hardened: unless SIZESPEC_HARDENING=0, or the
/// program has code the plugin built with `hardening=off` (its inline
/// paths store links plain, which works only with keys of 1).
bool hardening_wanted() noexcept;
/// Draws the keys (or leaves them 1: \p hardened false), and the span
/// mark whatever \p hardened; before the region is reserved.
void links_init(bool hardened) noexcept;
/// Whether links_init drew keys: the checks that may stop a program which
/// would otherwise run (a sized delete's size) ask this.
bool hardened() noexcept;
/// Sets the bound; when the region is reserved, before it is published.
void links_set_bound(std::uintptr_t region_end) noexcept;

/// Where \p p, inside bin \p b's range, falls.
enum class Place { never_handed_out, interior, object };
Place place_of(unsigned b, const void *p) noexcept;

/// Stops the program, naming the bug, unless \p p is the start of an
/// object of bin \p b the runtime handed out: a free of a pointer it never
/// handed out, or of an interior pointer.
void check_place(unsigned b, const void *p) noexcept;

/// Prints "sizespec: <what> <p> (class C, N B, kind)" and aborts.
[[noreturn]] void heap_error(const char *what, const void *p,
                             unsigned b) noexcept;

/// A link of bin \p b that fails the checks: \p value, read in \p where
/// (null if the inline pop found it, which does not say where).
[[noreturn]] void link_error(unsigned b, const void *where,
                             std::uintptr_t value) noexcept;

/// The keys and the bound, read once: a walk that writes memory keeps them
/// in registers (a store could alias the globals, and each link would
/// reload them). Every operation on a chain or a thread list's head.
struct Links {
  std::uintptr_t key, inverse, bound;

  static Links current() noexcept {
    return {g_link_key, g_link_inverse, g_link_bound};
  }

  std::uintptr_t encode(const FreeObject *p) const noexcept {
    return p ? detail::encode_link(p, key) : detail::kListEnd;
  }
  /// Links \p o to \p next (null: the end of the chain).
  void set_next(FreeObject *o, const FreeObject *next) const noexcept {
    o->__link = encode(next);
  }
  /// Pushes \p o onto the chain at \p head.
  void push(FreeObject *&head, FreeObject *o) const noexcept {
    set_next(o, head);
    head = o;
  }

  /// True if \p p, a decoded link or head, may name an object: not 0 (a
  /// link written as 0 decodes to 0), below the region's end (the list's
  /// end, and any link forged without the key but with probability 2^-17,
  /// decode at or above it: bins.h). The inline pop, for one instruction
  /// less, checks only the end: it faults on the 0.
  bool decoded_ok(std::uintptr_t p) const noexcept { return p - 1 < bound - 1; }

  /// The object after \p o on a chain of bin \p b that goes on (a counted
  /// walk); a link that is not decoded_ok stops the program. Four
  /// instructions a link. Whether the object is a slot of the bin is
  /// checked where it goes back to its span (ReturnCheck).
  FreeObject *next_linked(unsigned b, const FreeObject *o) const noexcept {
    const std::uintptr_t p = o->__link * inverse;
    if (SIZESPEC_UNLIKELY(!decoded_ok(p)))
      link_error(b, o, o->__link);
    return reinterpret_cast<FreeObject *>(p);
  }
  /// The same on a chain that may end here: null at its end.
  FreeObject *next_free(unsigned b, const FreeObject *o) const noexcept {
    return o->__link != detail::kListEnd ? next_linked(b, o) : nullptr;
  }
  /// The same on a span's own list: the link stays in its span.
  FreeObject *next_in_span(unsigned b, const FreeObject *o) const noexcept {
    const std::uintptr_t e = o->__link;
    if (e == detail::kListEnd)
      return nullptr;
    const std::uintptr_t p = e * inverse;
    if (SIZESPEC_UNLIKELY((p ^ reinterpret_cast<std::uintptr_t>(o)) >=
                          kSpanSize))
      link_error(b, o, e);
    return reinterpret_cast<FreeObject *>(p);
  }
  /// The object an encoded head names (null at a chain's end), unchecked:
  /// for a head the runtime encoded itself.
  FreeObject *decode_own(std::uintptr_t head) const noexcept {
    return head != detail::kListEnd
               ? reinterpret_cast<FreeObject *>(head * inverse)
               : nullptr;
  }
  /// Takes the first object off the chain at \p head (null if empty).
  FreeObject *pop(unsigned b, FreeObject *&head) const noexcept {
    FreeObject *p = head;
    if (p)
      head = next_free(b, p);
    return p;
  }

  /// A thread list's encoded head as a chain, checked as the pop checks it
  /// (an allocation list's head was a link).
  FreeObject *decode_head(unsigned b, std::uintptr_t head) const noexcept {
    if (head == detail::kListEnd)
      return nullptr;
    const std::uintptr_t p = head * inverse;
    if (SIZESPEC_UNLIKELY(!decoded_ok(p)))
      link_error(b, nullptr, head);
    return reinterpret_cast<FreeObject *>(p);
  }
};

/// Each bin's SlotDivisor: its slots with no divide.
constexpr std::array<SlotDivisor, kNumSpanBins> make_slot_divisors() {
  std::array<SlotDivisor, kNumSpanBins> t{};
  for (unsigned b = 0; b < kNumSpanBins; ++b)
    t[b] = SlotDivisor::of(object_size(b));
  return t;
}
inline constexpr std::array<SlotDivisor, kNumSpanBins> kSlotDivisor =
    make_slot_divisors();
static_assert(kSpanSize <= (1u << 16) && kMaxSmallSize <= (1u << 10),
              "SlotDivisor is exact for offsets below 2^16, sizes to 2^10");

/// The slot of bin \p b at \p offset bytes into its span.
inline std::uint32_t slot_at(unsigned b, std::uintptr_t offset) noexcept {
  return kSlotDivisor[b].slot(offset);
}

/// The mark of the objects on a span's free list, in their second word
/// (g_span_free_mark, changed by the span's epoch), objects of 16 bytes and
/// more: the return of an object to its span sets it, and a refill that
/// takes the object off the list or carves its slot clears it; a refill
/// that takes the span's whole list bumps the epoch instead, unwritten. An
/// object that comes back holding it is on the span's list already (a double
/// free whose first free came back before it), or the program wrote that word
/// there: the return walks the list to tell (double_return_suspected). It costs
/// a load and a compare a return and a store a return and a take, on the line
/// the link is read or written on anyway. (A bitmap of the slots out, measured
/// in its place, cost a line of its own and 2-3 % of two programs' time:
/// bench/notes/hardening.md.)
struct SpanMark {
  std::uintptr_t value;
  /// The mark's word in an object: 1; 0 where there is none (8-byte
  /// objects, the debug build), which puts it on the link, where the set
  /// and the clear come before the link's own store and a link is never
  /// the mark: no branch on whether there is one.
  std::size_t word;

  static SpanMark of(unsigned b) noexcept {
    const std::uintptr_t mark = g_span_free_mark;
    return {mark, mark && object_size(b) >= 2 * sizeof(FreeObject) ? 1u : 0u};
  }
  std::uintptr_t *at(const FreeObject *o) const noexcept {
    return const_cast<std::uintptr_t *>(
        reinterpret_cast<const std::uintptr_t *>(o) + word);
  }
  /// The mark of span \p s's list now: its epoch, bumped when a refill
  /// takes the whole list, makes the marks of the objects taken stale.
  std::uintptr_t of_span(const Span *s) const noexcept {
    return value ^ s->epoch;
  }
  /// Puts its span's mark, \p span_mark (of_span), in \p o: before the
  /// object's link is written.
  void set(const FreeObject *o, std::uintptr_t span_mark) const noexcept {
    *at(o) = span_mark;
  }
  void clear(const FreeObject *o) const noexcept { *at(o) = 0; }
  /// Whether \p o holds its span's mark, \p span_mark.
  bool marked(const FreeObject *o, std::uintptr_t span_mark) const noexcept {
    return *at(o) == span_mark;
  }
};

/// An object comes back holding its span's mark: stops the program if it
/// is on the span's list already, whose head \p list is encoded as a link
/// (a double free); else the program wrote the mark's value there, and
/// nothing happens.
SIZESPEC_SLOW_PATH void double_return_suspected(unsigned b, const FreeObject *o,
                                                std::uintptr_t list) noexcept;

/// What ReturnCheck found: a double free, a pointer never handed out, an
/// interior pointer; or, for an object outside the bin that the link of
/// \p from named (a chain's later object), that link overwritten. \p s,
/// if not null, is the object's span, with \p out objects out.
[[noreturn]] void bad_return(unsigned b, const FreeObject *o, const Span *s,
                             std::uint32_t out,
                             const FreeObject *from) noexcept;

/// The check of each object that comes back to one of bin \p b's spans,
/// with what it reads of the bin held in registers for a whole chain.
struct ReturnCheck {
  unsigned b;
  std::uint32_t first, frontier;
  SlotDivisor divisor;
  SpanMark mark;

  ReturnCheck(unsigned bin, std::uint32_t bin_frontier) noexcept
      : b(bin), first(g_region.first_span(bin)), frontier(bin_frontier),
        divisor(kSlotDivisor[bin]), mark(SpanMark::of(bin)) {}

  /// Object \p o (its bin's range unchecked), named by the link of
  /// \p from (null for a chain's head), is in span \p at: stops the
  /// program if that is not one of the bin's spans in use. An address
  /// outside the bin's range gives a span index outside [first, frontier).
  void in_range(const FreeObject *o, std::uintptr_t at,
                const FreeObject *from) const noexcept {
    if (SIZESPEC_UNLIKELY(at - first >= frontier - first))
      bad_return(b, o, nullptr, 0, from);
  }

  /// Object \p o, in range, comes back to span \p s, which has \p out
  /// objects out, slots [0, carved) carved (\p carved_high, carved << 32),
  /// \p list (encoded, as a link) at the head of its free list as the
  /// return has it so far, and \p span_mark as its mark: stops the program
  /// if it is not an object the span has out (double and invalid frees).
  /// Eight instructions, and the mark's two, on data the return reads
  /// anyway.
  void check(const FreeObject *o, const Span *s, std::uint32_t out,
             std::uint64_t carved_high, std::uintptr_t list,
             std::uintptr_t span_mark) const noexcept {
    const std::uintptr_t offset =
        reinterpret_cast<std::uintptr_t>(o) & (kSpanSize - 1);
    if (SIZESPEC_UNLIKELY(out == 0 ||
                          !divisor.starts_slot_below(offset, carved_high)))
      bad_return(b, o, s, out, nullptr);
    if (SIZESPEC_UNLIKELY(mark.marked(o, span_mark)))
      double_return_suspected(b, o, list);
  }
};

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_HEAP_CHECK_H
