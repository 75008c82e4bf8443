//===- testing.cc - Hooks for the runtime's tests -------------------------===//

#include "region.h"

#include <sizespec/testing.h>

namespace sizespec::test_hooks {

void set_commit_limit(std::size_t bytes) noexcept {
  g_commit_limit.store(bytes, std::memory_order_relaxed);
}

std::size_t bytes_committed() noexcept {
  return g_bytes_committed.load(std::memory_order_relaxed);
}

} // namespace sizespec::test_hooks
