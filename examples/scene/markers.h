// markers.h - Map markers with their own allocator.
//
// Marker has a class-specific operator new that hands out slots of a fixed
// pool, so sizespec leaves `new Marker` alone: the class decides.

#ifndef SCENE_MARKERS_H
#define SCENE_MARKERS_H

#include "geometry.h"

#include <cstddef>
#include <new>

namespace scene {

struct Marker {
  Vec2 at;
  const char *name;

  static void *operator new(std::size_t size);
  static void operator delete(void *p) noexcept;

  /// Slots of the pool in use right now.
  static std::size_t inUse();
};

} // namespace scene

#endif // SCENE_MARKERS_H
