//===- slot_divisor.h - Whether an offset starts a slot ---------*- C++ -*-===//
//
// The test the return of an object to its span makes of its offset: does
// it start a slot the span has carved? A divide would say, at some 25
// cycles; one multiply by the size's reciprocal says it exactly (Lemire,
// Kaser and Kurz, "Faster remainder by direct computation", 2019): the
// product's high half is the quotient, and its low half is below the
// reciprocal only where the size divides the offset.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_SLOT_DIVISOR_H
#define SIZESPEC_RUNTIME_SLOT_DIVISOR_H

#include <cstdint>

namespace sizespec {

/// Offsets of a span below 2^16, object sizes from 2 to 2^10: the quotient
/// and the remainder's test need 16 + 10 bits of the 32 below the point,
/// and the reciprocal fits 32 bits.
struct SlotDivisor {
  std::uint64_t reciprocal; // ceil(2^32 / size)

  static constexpr SlotDivisor of(std::uint64_t size) noexcept {
    return {((std::uint64_t(1) << 32) + size - 1) / size};
  }

  /// offset / size, for any offset of a span.
  constexpr std::uint32_t slot(std::uint64_t offset) const noexcept {
    return static_cast<std::uint32_t>((offset * reciprocal) >> 32);
  }

  /// Whether \p offset starts one of the first `slots` slots, given as
  /// \p slots_high = slots << 32: a multiply and two compares.
  constexpr bool starts_slot_below(std::uint64_t offset,
                                   std::uint64_t slots_high) const noexcept {
    const std::uint64_t scaled = offset * reciprocal;
    return scaled < slots_high && static_cast<std::uint32_t>(scaled) <
                                      static_cast<std::uint32_t>(reciprocal);
  }
};

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_SLOT_DIVISOR_H
