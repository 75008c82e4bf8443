//===- purge_signal.cc - The purge delay, and the purge's flag ------------===//

#include "purge_signal.h"

namespace sizespec {

constinit std::atomic<std::uint32_t> g_purge_delay_ms{kDefaultPurgeDelayMs};
constinit std::atomic<bool> g_purge_pending{false};
constinit std::atomic<bool> g_purge_running{false};
constinit std::atomic<bool> g_purge_enabled{false};
constinit void (*g_purge_wake)() noexcept = nullptr;

} // namespace sizespec
