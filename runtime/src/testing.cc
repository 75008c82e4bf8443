//===- testing.cc - Hooks for the runtime's tests -------------------------===//

#include "central.h"
#include "counters.h"
#include "heap_check.h"
#include "purge_signal.h"
#include "region.h"
#include "thread_state.h"

#include <sizespec/testing.h>

namespace sizespec::test_hooks {

void set_commit_limit(std::size_t bytes) noexcept {
  g_commit_limit.store(bytes, std::memory_order_relaxed);
}

std::size_t bytes_committed() noexcept {
  return g_bytes_committed.load(std::memory_order_relaxed);
}

void set_purge_delay_ms(std::uint32_t ms) noexcept { set_purge_delay(ms); }

std::uint32_t purge_delay_ms() noexcept { return purge_delay(); }

std::uint64_t profile_refills() noexcept {
  ThreadState *t = thread_state_if_any();
  return t && t != &g_exited ? t->profile.refills : 0;
}

std::uint64_t objects_returned_to_spans() noexcept {
  return central_objects_returned();
}

std::uint64_t central_takes() noexcept { return sizespec::central_takes(); }

std::uint64_t process_counted_allocations() noexcept {
  std::uint64_t n = 0;
  for (const BinCounters &c : g_counters.bins)
    n += c.allocations.load(std::memory_order_relaxed);
  return n;
}

std::uintptr_t span_free_mark(const void *p) noexcept {
  const auto b = static_cast<unsigned>(bin_of_address(p));
  const Span *s =
      g_region.span(b, static_cast<std::uint32_t>(g_region.span_index(b, p)));
  return SpanMark::of(b).of_span(s);
}

} // namespace sizespec::test_hooks
