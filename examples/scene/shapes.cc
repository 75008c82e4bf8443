// shapes.cc - Geometry of each shape; clone() is where copies are allocated.

#include "shapes.h"

#include <cmath>

namespace scene {

namespace {
constexpr double kPi = 3.14159265358979323846;

BBox transformedBox(const BBox &b, const Transform &t) {
  BBox out;
  if (b.empty())
    return out;
  out.add(t.apply(b.min));
  out.add(t.apply(b.max));
  out.add(t.apply({b.min.x, b.max.y}));
  out.add(t.apply({b.max.x, b.min.y}));
  return out;
}
} // namespace

double Circle::area() const { return kPi * radius_ * radius_; }

BBox Circle::bounds() const {
  return {{center_.x - radius_, center_.y - radius_},
          {center_.x + radius_, center_.y + radius_}};
}

void Circle::apply(const Transform &t) {
  center_ = t.apply(center_);
  radius_ *= std::sqrt(std::fabs(t.det()));
}

std::unique_ptr<Shape> Circle::clone() const {
  return std::unique_ptr<Shape>(new Circle(*this));
}

Rect::Rect(Vec2 a, Vec2 b) {
  box_.add(a);
  box_.add(b);
}

double Rect::area() const {
  return (box_.max.x - box_.min.x) * (box_.max.y - box_.min.y);
}

void Rect::apply(const Transform &t) { box_ = transformedBox(box_, t); }

std::unique_ptr<Shape> Rect::clone() const {
  return std::unique_ptr<Shape>(new Rect(*this));
}

double Triangle::area() const {
  return std::fabs(cross(p_[1] - p_[0], p_[2] - p_[0])) / 2;
}

BBox Triangle::bounds() const {
  BBox b;
  for (const Vec2 &p : p_)
    b.add(p);
  return b;
}

void Triangle::apply(const Transform &t) {
  for (Vec2 &p : p_)
    p = t.apply(p);
}

std::unique_ptr<Shape> Triangle::clone() const {
  return std::unique_ptr<Shape>(new Triangle(*this));
}

double Group::area() const {
  double sum = 0;
  for (const auto &c : children_)
    sum += c->area();
  return sum * std::fabs(transform_.det());
}

BBox Group::bounds() const {
  BBox b;
  for (const auto &c : children_)
    b.add(transformedBox(c->bounds(), transform_));
  return b;
}

void Group::apply(const Transform &t) {
  // Compose: first the group's own map, then t.
  transform_ = {t.a * transform_.a + t.b * transform_.c,
                t.a * transform_.b + t.b * transform_.d,
                t.c * transform_.a + t.d * transform_.c,
                t.c * transform_.b + t.d * transform_.d,
                t.a * transform_.tx + t.b * transform_.ty + t.tx,
                t.c * transform_.tx + t.d * transform_.ty + t.ty};
}

std::unique_ptr<Shape> Group::clone() const {
  std::vector<std::unique_ptr<Shape>> copies;
  copies.reserve(children_.size());
  for (const auto &c : children_)
    copies.push_back(c->clone());
  auto *g = new Group(std::move(copies));
  g->transform_ = transform_;
  return std::unique_ptr<Shape>(g);
}

} // namespace scene
