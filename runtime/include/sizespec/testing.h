//===- sizespec/testing.h - Hooks for the runtime's tests ------*- C++ -*-===//
//
// Not for production code: lets a test make memory unobtainable without
// exhausting the machine, and set when empty spans go back to the OS.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TESTING_H
#define SIZESPEC_TESTING_H

#include <sizespec/config.h>

#include <cstddef>
#include <cstdint>

namespace sizespec {
namespace test_hooks {

/// Span memory the runtime may commit in all; past it, a refill fails as if
/// the OS had refused (nothrow forms return null, the others throw
/// std::bad_alloc). SIZE_MAX (the default) means no limit.
SIZESPEC_API void set_commit_limit(std::size_t bytes) noexcept;

/// Span memory committed so far.
SIZESPEC_API std::size_t bytes_committed() noexcept;

/// Sets how long an empty span stays committed, as SIZESPEC_PURGE_DELAY_MS
/// does at start-up (0: its pages go back at once, in batches).
SIZESPEC_API void set_purge_delay_ms(std::uint32_t ms) noexcept;
/// The delay in force.
SIZESPEC_API std::uint32_t purge_delay_ms() noexcept;

/// With the sampled profile on (SIZESPEC_PROFILE), how many times the
/// calling thread's class allocations have come to the refill slow path;
/// 0 with it off.
SIZESPEC_API std::uint64_t profile_refills() noexcept;

/// Objects the central bins have put back on their spans, all bins, since
/// start.
SIZESPEC_API std::uint64_t objects_returned_to_spans() noexcept;

/// Refills the central bins have served (each under a bin's lock), all
/// bins, since start.
SIZESPEC_API std::uint64_t central_takes() noexcept;

/// Class allocations on the process-wide counters, which every thread may
/// write: those of the threads that have exited, folded in at their exit,
/// and those of threads past their exit. A live thread counts on its own.
SIZESPEC_API std::uint64_t process_counted_allocations() noexcept;

/// The word free objects of 16 bytes and more hold after their link while
/// they are on the list of \p p's span (hardening: the check of a double
/// free that comes back to its span), \p p an object of a bin; it changes
/// when a refill takes the span's whole list. In the debug build, the
/// span's epoch alone.
SIZESPEC_API std::uintptr_t span_free_mark(const void *p) noexcept;

} // namespace test_hooks
} // namespace sizespec

#endif // SIZESPEC_TESTING_H
