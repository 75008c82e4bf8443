// scene.cc - The command interpreter of the scene store.

#include "scene.h"

#include <cmath>
#include <cstdlib>
#include <new>

namespace scene {

static_assert(sizeof(Label) == 16, "Label: class 2 (16 B), scan");

namespace {

std::runtime_error error(const std::string &what) {
  return std::runtime_error(what);
}

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
      ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t')
      ++j;
    if (j > i)
      words.push_back(line.substr(i, j - i));
    i = j;
  }
  return words;
}

double number(std::string_view word) {
  std::string text(word);
  char *end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0')
    throw error("not a number: '" + text + "'");
  return value;
}

void need(const std::vector<std::string_view> &args, std::size_t n) {
  if (args.size() != n)
    throw error(std::string(args[0]) + ": expected " + std::to_string(n - 1) +
                " arguments, got " + std::to_string(args.size() - 1));
}

/// Bin i counts areas in [2^(i-5), 2^(i-4)); bin 0 also holds smaller ones.
unsigned areaBin(double area) {
  unsigned bin = 0;
  while (bin < 15 && area >= std::ldexp(1.0, static_cast<int>(bin) - 4))
    ++bin;
  return bin;
}

bool overlaps(const BBox &a, const BBox &b) {
  return !a.empty() && !b.empty() && a.min.x <= b.max.x && b.min.x <= a.max.x &&
         a.min.y <= b.max.y && b.min.y <= a.max.y;
}

} // namespace

Scene::Scene() : default_stroke_(std::make_shared<Stroke>()) {}

Scene::~Scene() {
  static_assert(sizeof(Edit) == 24, "Edit: class 3 (24 B), scan");
  while (Edit *e = history_) {
    history_ = e->prev;
    delete e;
  }
}

const Shape *Scene::find(std::string_view name) const {
  for (const Entry &e : entries_)
    if (e.name == name)
      return e.shape.get();
  return nullptr;
}

Scene::Entry &Scene::entry(std::string_view name) {
  for (Entry &e : entries_)
    if (e.name == name)
      return e;
  throw error("no shape named '" + std::string(name) + "'");
}

template <class S, class... Args>
S &Scene::add(std::string_view name, Args &&...args) {
  if (find(name))
    throw error("duplicate name '" + std::string(name) + "'");
  std::unique_ptr<S> shape(new S(std::forward<Args>(args)...));
  S &ref = *shape;
  entries_.push_back(Entry{std::string(name), std::move(shape), nullptr,
                           nullptr, default_stroke_});
  std::printf("added %s %s (area %.3f)\n", ref.kind(),
              entries_.back().name.c_str(), ref.area());
  return ref;
}

int Scene::run(std::string_view script) {
  int failures = 0;
  int lineno = 0;
  while (!script.empty()) {
    std::size_t eol = script.find('\n');
    std::string_view line = script.substr(0, eol);
    script.remove_prefix(eol == std::string_view::npos ? script.size()
                                                       : eol + 1);
    ++lineno;
    std::vector<std::string_view> args = split(line);
    if (args.empty() || args[0][0] == '#')
      continue;
    try {
      exec(args);
    } catch (const std::exception &e) {
      std::printf("line %d: error: %s\n", lineno, e.what());
      ++failures;
    }
  }
  return failures;
}

void Scene::exec(const std::vector<std::string_view> &args) {
  const std::string_view cmd = args[0];
  auto at = [&](std::size_t i) { return number(args[i]); };
  // Every change that undo can revert goes through here.
  auto remember = [this](std::size_t slot) {
    history_ = new Edit{history_, entries_[slot].shape->clone(), slot};
  };
  auto slotOf = [&](std::string_view name) {
    return static_cast<std::size_t>(&entry(name) - entries_.data());
  };

  if (cmd == "circle") {
    need(args, 5);
    add<Circle>(args[1], Vec2{at(2), at(3)}, at(4));
  } else if (cmd == "rect") {
    need(args, 6);
    add<Rect>(args[1], Vec2{at(2), at(3)}, Vec2{at(4), at(5)});
  } else if (cmd == "triangle") {
    need(args, 8);
    add<Triangle>(args[1], Vec2{at(2), at(3)}, Vec2{at(4), at(5)},
                  Vec2{at(6), at(7)});
  } else if (cmd == "group") {
    if (args.size() < 3)
      throw error("group: needs a name and at least one shape");
    std::vector<std::unique_ptr<Shape>> children;
    for (std::size_t i = 2; i < args.size(); ++i)
      entry(args[i]); // all names must exist before anything moves
    for (std::size_t i = 2; i < args.size(); ++i) {
      std::size_t slot = slotOf(args[i]);
      children.push_back(std::move(entries_[slot].shape));
      entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(slot));
    }
    // Slots moved, so the recorded edits no longer point at their shapes.
    while (Edit *e = history_) {
      history_ = e->prev;
      delete e;
    }
    add<Group>(args[1], std::move(children));
  } else if (cmd == "copy") {
    need(args, 3);
    std::unique_ptr<Shape> copy = entry(args[1]).shape->clone();
    if (find(args[2]))
      throw error("duplicate name '" + std::string(args[2]) + "'");
    entries_.push_back(Entry{std::string(args[2]), std::move(copy), nullptr,
                             nullptr, default_stroke_});
    std::printf("copied %s to %s\n", std::string(args[1]).c_str(),
                std::string(args[2]).c_str());
  } else if (cmd == "move" || cmd == "scale") {
    need(args, cmd == "move" ? 4 : 3);
    std::size_t slot = slotOf(args[1]);
    Transform t = cmd == "move" ? Transform::translate(at(2), at(3))
                                : Transform::scale(at(2));
    remember(slot);
    entries_[slot].shape->apply(t);
    BBox b = entries_[slot].shape->bounds();
    std::printf("%s %s: bounds [%.2f %.2f %.2f %.2f]\n",
                std::string(cmd).c_str(), entries_[slot].name.c_str(), b.min.x,
                b.min.y, b.max.x, b.max.y);
  } else if (cmd == "undo") {
    need(args, 1);
    Edit *e = history_;
    if (!e)
      throw error("undo: nothing to undo");
    history_ = e->prev;
    entries_[e->slot].shape = std::move(e->before);
    std::printf("undo: %s restored\n", entries_[e->slot].name.c_str());
    delete e;
  } else if (cmd == "paint") {
    need(args, 5);
    Color c;
    c.r = static_cast<std::uint8_t>(at(2));
    c.g = static_cast<std::uint8_t>(at(3));
    c.b = static_cast<std::uint8_t>(at(4));
    entry(args[1]).paint = boxed(c);
    std::printf("paint %s: #%02x%02x%02x\n", std::string(args[1]).c_str(), c.r,
                c.g, c.b);
  } else if (cmd == "stroke") {
    need(args, 3);
    Stroke s;
    s.width = static_cast<float>(at(2));
    entry(args[1]).stroke = std::shared_ptr<const Stroke>(new Stroke(s));
    std::printf("stroke %s: width %.1f\n", std::string(args[1]).c_str(),
                s.width);
  } else if (cmd == "label") {
    if (args.size() < 2)
      throw error("label: needs a name");
    Entry &e = entry(args[1]);
    std::string_view text;
    if (args.size() > 2)
      text = std::string_view(args[2].data(),
                              static_cast<std::size_t>(args.back().data() +
                                                       args.back().size() -
                                                       args[2].data()));
    e.label.reset(new Label(text));
    std::printf("label %s: \"%.*s\"\n", e.name.c_str(),
                static_cast<int>(text.size()), text.data());
  } else if (cmd == "clip") {
    need(args, 5);
    BBox b;
    b.add(Vec2{at(1), at(2)});
    b.add(Vec2{at(3), at(4)});
    clip_ = boxed(b);
    std::printf("clip [%.2f %.2f %.2f %.2f]\n", b.min.x, b.min.y, b.max.x,
                b.max.y);
  } else if (cmd == "view") {
    need(args, 4);
    Transform t = Transform::scale(at(1));
    t.tx = at(2);
    t.ty = at(3);
    view_ = boxed(t);
    std::printf("view: scale %.2f, offset (%.2f, %.2f)\n", t.a, t.tx, t.ty);
  } else if (cmd == "list") {
    need(args, 1);
    list();
  } else if (cmd == "outline") {
    need(args, 2);
    outline(args[1]);
  } else if (cmd == "summary") {
    need(args, 1);
    summary();
  } else {
    throw error("unknown command '" + std::string(cmd) + "'");
  }
}

void Scene::list() const {
  for (const Entry &e : entries_) {
    BBox b = e.shape->bounds();
    if (view_) {
      BBox v;
      v.add(view_->apply(b.min));
      v.add(view_->apply(b.max));
      b = v;
    }
    std::printf(
        "  %-6s %-8s area %8.3f  [%7.2f %7.2f %7.2f %7.2f]  stroke %.1f",
        e.name.c_str(), e.shape->kind(), e.shape->area(), b.min.x, b.min.y,
        b.max.x, b.max.y, e.stroke->width);
    if (e.paint)
      std::printf("  #%02x%02x%02x", e.paint->r, e.paint->g, e.paint->b);
    if (e.label)
      std::printf("  \"%.*s\"", static_cast<int>(e.label->text.size()),
                  e.label->text.data());
    if (clip_ && !overlaps(*clip_, e.shape->bounds()))
      std::printf("  (clipped)");
    std::printf("\n");
  }
}

void Scene::outline(std::string_view name) const {
  const Shape *s = find(name);
  if (!s)
    throw error("no shape named '" + std::string(name) + "'");
  BBox b = s->bounds();
  // A closed polyline: four corners and the first one again.
  std::unique_ptr<Vec2[]> points(new Vec2[5]);
  points[0] = b.min;
  points[1] = {b.max.x, b.min.y};
  points[2] = b.max;
  points[3] = {b.min.x, b.max.y};
  points[4] = b.min;
  double length = 0;
  for (int i = 0; i < 4; ++i)
    length += std::hypot(points[i + 1].x - points[i].x,
                         points[i + 1].y - points[i].y);
  std::printf("outline %s:", std::string(name).c_str());
  for (int i = 0; i < 5; ++i)
    std::printf(" (%.2f, %.2f)", points[i].x, points[i].y);
  std::printf("  length %.3f\n", length);
}

std::unique_ptr<SceneSummary> Scene::summarize() const {
  std::unique_ptr<SceneSummary> s(new SceneSummary);
  bool first = true;
  for (const Entry &e : entries_) {
    std::string_view kind = e.shape->kind();
    int k = kind == "circle"     ? 0
            : kind == "rect"     ? 1
            : kind == "triangle" ? 2
                                 : 3;
    ++s->counts[k];
    double a = e.shape->area();
    s->total_area += a;
    s->min_area = first ? a : std::min(s->min_area, a);
    s->max_area = first ? a : std::max(s->max_area, a);
    s->bounds.add(e.shape->bounds());
    first = false;
  }
  if (!entries_.empty())
    s->mean_area = s->total_area / static_cast<double>(entries_.size());
  return s;
}

void Scene::summary() const {
  std::unique_ptr<SceneSummary> s = summarize();
  std::printf(
      "summary: %llu circles, %llu rects, %llu triangles, %llu groups\n",
      static_cast<unsigned long long>(s->counts[0]),
      static_cast<unsigned long long>(s->counts[1]),
      static_cast<unsigned long long>(s->counts[2]),
      static_cast<unsigned long long>(s->counts[3]));
  std::printf("  area total %.3f, min %.3f, max %.3f, mean %.3f\n",
              s->total_area, s->min_area, s->max_area, s->mean_area);
  std::printf("  bounds [%.2f %.2f %.2f %.2f]\n", s->bounds.min.x,
              s->bounds.min.y, s->bounds.max.x, s->bounds.max.y);
  auto centre =
      std::make_unique<Vec2>(Vec2{(s->bounds.min.x + s->bounds.max.x) / 2,
                                  (s->bounds.min.y + s->bounds.max.y) / 2});
  std::printf("  centre (%.2f, %.2f)\n", centre->x, centre->y);

  // Nothrow: a summary without its histogram is still a summary.
  Histogram *h = new (std::nothrow) Histogram;
  if (!h) {
    std::printf("  histogram: out of memory\n");
    return;
  }
  for (const Entry &e : entries_)
    ++h->bins[areaBin(e.shape->area())];
  std::printf("  histogram:");
  for (unsigned i = 0; i < 16; ++i)
    if (h->bins[i])
      std::printf(" [<%g]=%u", std::ldexp(1.0, static_cast<int>(i) - 4),
                  h->bins[i]);
  std::printf("\n");
  delete h;
}

} // namespace scene
