// geometry.h - Plain value types of the scene example.
//
// None of these holds a pointer, so every allocation of them is "noscan".
// Their sizes are pinned below because the end-to-end test and the README
// read the report against them (x86-64, LP64).

#ifndef SCENE_GEOMETRY_H
#define SCENE_GEOMETRY_H

#include <algorithm>
#include <cstdint>

namespace scene {

struct Vec2 {
  double x = 0;
  double y = 0;
};

inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }

/// Axis-aligned bounding box; an empty box has min > max.
struct BBox {
  Vec2 min{1, 1};
  Vec2 max{-1, -1};

  bool empty() const { return min.x > max.x; }
  void add(Vec2 p) {
    if (empty()) {
      min = max = p;
      return;
    }
    min = {std::min(min.x, p.x), std::min(min.y, p.y)};
    max = {std::max(max.x, p.x), std::max(max.y, p.y)};
  }
  void add(const BBox &b) {
    if (!b.empty()) {
      add(b.min);
      add(b.max);
    }
  }
};

/// 2-D affine map: (x, y) -> (a x + b y + tx, c x + d y + ty).
struct Transform {
  double a = 1, b = 0, c = 0, d = 1, tx = 0, ty = 0;

  static Transform translate(double dx, double dy) {
    return {1, 0, 0, 1, dx, dy};
  }
  static Transform scale(double s) { return {s, 0, 0, s, 0, 0}; }
  Vec2 apply(Vec2 p) const {
    return {a * p.x + b * p.y + tx, c * p.x + d * p.y + ty};
  }
  double det() const { return a * d - b * c; }
};

struct Color {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

/// How a shape's outline is drawn.
struct Stroke {
  Color color;
  float width = 1;
  double dash = 0;
  double offset = 0;
};

/// Counts of shape areas in 16 logarithmic bins (bin i: area < 2^(i-4)).
struct Histogram {
  std::uint32_t bins[16] = {};
};

static_assert(sizeof(Color) == 4, "Color: tiny (4 of a 16-byte block), noscan");
static_assert(sizeof(Vec2) == 16, "Vec2: class 2 (16 B), noscan");
static_assert(sizeof(Stroke) == 24, "Stroke: class 3 (24 B), noscan");
static_assert(sizeof(BBox) == 32, "BBox: class 4 (32 B), noscan");
static_assert(sizeof(Transform) == 48, "Transform: class 5 (48 B), noscan");
static_assert(sizeof(Histogram) == 64, "Histogram: class 6 (64 B), noscan");

} // namespace scene

#endif // SCENE_GEOMETRY_H
