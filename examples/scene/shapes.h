// shapes.h - The shape hierarchy of the scene example.
//
// Every shape is a dynamic class (it has a vtable pointer), so every
// allocation of one is "scan". Sizes are pinned for LP64 targets.

#ifndef SCENE_SHAPES_H
#define SCENE_SHAPES_H

#include "geometry.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace scene {

class Shape {
public:
  virtual ~Shape() = default;
  virtual const char *kind() const = 0;
  virtual double area() const = 0;
  virtual BBox bounds() const = 0;
  virtual void apply(const Transform &t) = 0;
  virtual std::unique_ptr<Shape> clone() const = 0;
};

class Circle final : public Shape {
public:
  Circle(Vec2 center, double radius) : center_(center), radius_(radius) {}
  const char *kind() const override { return "circle"; }
  double area() const override;
  BBox bounds() const override;
  /// A circle stays a circle under similarity maps; other maps are refused
  /// by the scene before they get here.
  void apply(const Transform &t) override;
  std::unique_ptr<Shape> clone() const override;

private:
  Vec2 center_;
  double radius_;
};

class Rect final : public Shape {
public:
  Rect(Vec2 a, Vec2 b);
  const char *kind() const override { return "rect"; }
  double area() const override;
  BBox bounds() const override { return box_; }
  void apply(const Transform &t) override;
  std::unique_ptr<Shape> clone() const override;

private:
  BBox box_;
};

class Triangle final : public Shape {
public:
  Triangle(Vec2 a, Vec2 b, Vec2 c) : p_{a, b, c} {}
  const char *kind() const override { return "triangle"; }
  double area() const override;
  BBox bounds() const override;
  void apply(const Transform &t) override;
  std::unique_ptr<Shape> clone() const override;

private:
  Vec2 p_[3];
};

/// Owns its children and draws them through its own transform.
class Group final : public Shape {
public:
  explicit Group(std::vector<std::unique_ptr<Shape>> children)
      : children_(std::move(children)) {}
  const char *kind() const override { return "group"; }
  double area() const override;
  BBox bounds() const override;
  void apply(const Transform &t) override;
  std::unique_ptr<Shape> clone() const override;
  std::size_t size() const { return children_.size(); }

private:
  std::vector<std::unique_ptr<Shape>> children_;
  Transform transform_;
};

#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
static_assert(sizeof(Circle) == 32, "Circle: class 4 (32 B), scan");
static_assert(sizeof(Rect) == 40, "Rect: class 5 (48 B), scan");
static_assert(sizeof(Triangle) == 56, "Triangle: class 6 (64 B), scan");
static_assert(sizeof(Group) == 80, "Group: class 7 (80 B), scan");
#endif

} // namespace scene

#endif // SCENE_SHAPES_H
