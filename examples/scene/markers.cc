// markers.cc - The fixed pool behind Marker's operator new.

#include "markers.h"

namespace scene {

namespace {
constexpr std::size_t kSlots = 8;
alignas(Marker) unsigned char pool[kSlots][sizeof(Marker)];
bool used[kSlots];
} // namespace

void *Marker::operator new(std::size_t size) {
  if (size == sizeof(Marker))
    for (std::size_t i = 0; i < kSlots; ++i)
      if (!used[i]) {
        used[i] = true;
        return pool[i];
      }
  throw std::bad_alloc();
}

void Marker::operator delete(void *p) noexcept {
  for (std::size_t i = 0; i < kSlots; ++i)
    if (p == pool[i])
      used[i] = false;
}

std::size_t Marker::inUse() {
  std::size_t n = 0;
  for (bool u : used)
    n += u;
  return n;
}

} // namespace scene
