//===- placement.cc - Where consecutive allocations land ------------------===//

#include "placement.h"

#include "counters.h"
#include "heap_check.h"
#include "platform.h"

namespace sizespec {

constinit bool g_placement_on = false;

void placement_init() noexcept {
  g_placement_on = platform::env_flag("SIZESPEC_PLACEMENT");
}

void placement_count(unsigned b, std::uintptr_t &last,
                     const detail::FreeObject *list,
                     std::uint32_t len) noexcept {
  constexpr unsigned kLineShift = 6, kPageShift = 12;
  std::uint64_t pairs = 0, lines = 0, pages = 0;
  const Links links = Links::current();
  for (; list && len; list = links.next_free(b, list), --len) {
    auto p = reinterpret_cast<std::uintptr_t>(list);
    if (last) {
      ++pairs;
      lines += (p >> kLineShift) == (last >> kLineShift);
      pages += (p >> kPageShift) == (last >> kPageShift);
    }
    last = p;
  }
  PlacementCounters &c = g_counters.placement;
  Counters::add(c.pairs, pairs);
  Counters::add(c.same_line, lines);
  Counters::add(c.same_page, pages);
}

} // namespace sizespec
