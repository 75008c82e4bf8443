// scene.h - A named store of shapes driven by a small command language.
//
//   circle NAME CX CY R          rect NAME X0 Y0 X1 Y1
//   triangle NAME X0 Y0 X1 Y1 X2 Y2
//   group NAME CHILD...          (moves the children into a new group)
//   copy NAME NEW                move NAME DX DY          scale NAME S
//   paint NAME R G B             stroke NAME WIDTH        label NAME TEXT...
//   clip X0 Y0 X1 Y1             view S DX DY             undo
//   list                         outline NAME             summary
//
// Each command prints one or more lines; errors are printed and the script
// goes on, so the output is the whole story of the run.

#ifndef SCENE_SCENE_H
#define SCENE_SCENE_H

#include "geometry.h"
#include "shapes.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace scene {

/// Heap copy of a value. Instantiated for several value types, so each
/// instantiation is its own allocation site with its own size.
template <class T> std::unique_ptr<T> boxed(const T &value) {
  return std::unique_ptr<T>(new T(value));
}

/// A caption attached to a shape. Refuses empty text by throwing, so a
/// `new Label` can fail after its memory was allocated.
struct Label {
  explicit Label(std::string_view text) : text(text) {
    if (text.empty())
      throw std::invalid_argument("empty label");
  }
  std::string_view text; // points into the script, which outlives the scene
};

/// Totals over the whole scene: 96 bytes, class 8. Built with max=80 (Go's
/// limit), its site is the one above the limit.
struct SceneSummary {
  std::uint64_t counts[4] = {}; // circles, rects, triangles, groups
  double total_area = 0;
  double min_area = 0;
  double max_area = 0;
  double mean_area = 0;
  BBox bounds;
};

static_assert(sizeof(SceneSummary) == 96,
              "SceneSummary: class 8 (96 B), noscan");

class Scene {
public:
  Scene();
  ~Scene();
  Scene(const Scene &) = delete;
  Scene &operator=(const Scene &) = delete;

  /// Runs every line of \p script; returns the number of failed commands.
  int run(std::string_view script);

  std::size_t size() const { return entries_.size(); }
  const Shape *find(std::string_view name) const;

private:
  struct Entry {
    std::string name;
    std::unique_ptr<Shape> shape;
    std::unique_ptr<Color> paint;
    std::unique_ptr<Label> label;
    std::shared_ptr<const Stroke> stroke;
  };

  /// One undo step: the shape as it was before a change.
  struct Edit {
    Edit *prev;
    std::unique_ptr<Shape> before;
    std::size_t slot;
  };

  void exec(const std::vector<std::string_view> &args);
  template <class S, class... Args>
  S &add(std::string_view name, Args &&...args);
  Entry &entry(std::string_view name);
  void list() const;
  void outline(std::string_view name) const;
  void summary() const;
  std::unique_ptr<SceneSummary> summarize() const;

  std::vector<Entry> entries_;
  Edit *history_ = nullptr;
  std::shared_ptr<const Stroke> default_stroke_;
  std::unique_ptr<BBox> clip_;
  std::unique_ptr<Transform> view_;
};

} // namespace scene

#endif // SCENE_SCENE_H
