// main.cc - Runs a scene script (a file, or the built-in floor plan) and
// prints what each command did. The output has no addresses and no timings,
// so two builds of this program can be compared byte for byte.

#include "markers.h"
#include "scene.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <new>
#include <sstream>
#include <string>

namespace {

constexpr const char kFloorPlan[] = R"(# A small floor plan.
rect   hall    0 0 12 4
rect   study   0 4 5 9
circle table   8 6 1.25
triangle roof  0 9 12 9 6 12
circle lamp    2 6 0.5
paint  hall    200 180 140
stroke roof    2.5
label  table   dining table
label  lamp
copy   lamp lamp2
move   lamp2 3 0
scale  table 2
undo
move   study 1 -1
move   roof 0 0.5
move   ghost 1 1
group  wing study lamp lamp2
scale  wing 0.5
move   wing 2 2
outline hall
outline wing
list
undo
clip   0 0 10 8
view   2 -1 -1
list
bogus  command
summary
)";

/// The shape the user picked: one pointer, so a scan allocation.
struct Selection {
  const scene::Shape *shape;
};

std::string readFile(const char *path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error(std::string("cannot open ") + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void showMarkers() {
  // Class-specific operator new: these come from Marker's own pool.
  std::unique_ptr<scene::Marker> a(new scene::Marker{{1, 1}, "entrance"});
  std::unique_ptr<scene::Marker> b(new scene::Marker{{11, 3}, "exit"});
  std::printf("markers: %s at (%.0f, %.0f), %s at (%.0f, %.0f); pool slots in "
              "use: %zu\n",
              a->name, a->at.x, a->at.y, b->name, b->at.x, b->at.y,
              scene::Marker::inUse());
}

void showViewport() {
  // Placement new: the storage is ours, sizespec does not touch it.
  alignas(scene::BBox) unsigned char storage[sizeof(scene::BBox)];
  auto *viewport = new (storage) scene::BBox;
  viewport->add(scene::Vec2{-2, -2});
  viewport->add(scene::Vec2{14, 14});
  std::printf("viewport: [%.0f %.0f %.0f %.0f]\n", viewport->min.x,
              viewport->min.y, viewport->max.x, viewport->max.y);
  viewport->~BBox();
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 2) {
    std::cerr << "usage: " << argv[0] << " [SCRIPT]\n";
    return 2;
  }
  std::string script;
  try {
    script = argc == 2 ? readFile(argv[1]) : std::string(kFloorPlan);
  } catch (const std::exception &e) {
    std::cerr << argv[0] << ": " << e.what() << "\n";
    return 1;
  }

  // The columns of the final table; std::string has a destructor, so this
  // array allocation carries a cookie.
  std::unique_ptr<std::string[]> columns(new std::string[2]{"shape", "kind"});

  scene::Scene s;
  int failures = s.run(script);

  auto select = [&s](const char *name) {
    return std::make_unique<Selection>(Selection{s.find(name)});
  };
  for (const char *name : {"hall", "wing", "study"}) {
    std::unique_ptr<Selection> sel = select(name);
    std::printf("%s %-6s %s %s\n", columns[0].c_str(), name, columns[1].c_str(),
                sel->shape ? sel->shape->kind() : "(none)");
  }

  showMarkers();
  showViewport();
  std::printf("%zu shapes, %d failed command(s)\n", s.size(), failures);
  return 0;
}
