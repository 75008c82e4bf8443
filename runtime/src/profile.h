//===- profile.h - The sampled allocation profile ---------------*- C++ -*-===//
//
// Off unless SIZESPEC_PROFILE=FILE says where to write it (at exit, and on
// demand: sizespec::write_profile). It samples by bytes allocated, as
// tcmalloc does, with a mean interval of SIZESPEC_PROFILE_RATE bytes
// (default 512 KiB, Go's MemProfileRate and jemalloc's lg_prof_sample=19):
// the bytes to the next sample are drawn from an exponential distribution,
// so every byte is equally likely to be sampled and an allocation of U
// bytes is with probability 1 - exp(-U / rate). SIZESPEC_PROFILE_SEED=N
// draws them the same way in every run (the n-th thread to sample from
// seed N + n), for a profile to be taken again.
//
// The inline fast path does not change; the slow paths arrange for the
// sampled allocation to reach them:
//   - A bin counts its bytes at each refill: the objects the last refill
//     let the fast path pop, and this one, at the class size. The list a
//     refill hands over ends just before the allocation that crosses the
//     next sample point (the rest goes back to the central bin), so that
//     allocation comes to the next refill, which records it. The next swap
//     of the thread's lists tops the list up from the central bin again
//     (thread_refill), so a steady loop keeps its objects.
//   - The tiny path counts 16 bytes each time a thread starts a block, and
//     records the allocation that starts it (its estimate is in bytes: a
//     sample stands for rate / 16 blocks' worth of that site's size).
//   - A large allocation (the system allocator's) counts its own size.
// A sample keeps the call stack, taken with the unwinder (_Unwind_Backtrace,
// .eh_frame: no frame pointers needed), the requested size, class, kind,
// and whether a specialized routine or the generic path asked. Samples of
// one stack and kind are counted together in a table the runtime maps for
// itself, so sampling allocates nothing.
//
// The file's format is docs/interfaces.md's "The allocation profile";
// sizespec-report --profile reads it.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_PROFILE_H
#define SIZESPEC_RUNTIME_PROFILE_H

#include <sizespec/bins.h>
#include <sizespec/config.h>
#include <sizespec/mode.h>
#include <sizespec/thread_cache.h>

#include <cstddef>
#include <cstdint>

namespace sizespec {

using detail::FreeObject;

/// The default mean interval between samples, in bytes.
inline constexpr std::uint64_t kDefaultProfileRate = 512 * 1024;

/// A thread's sampling state (in its ThreadState).
struct ProfileThread {
  /// Bytes to the next sample, per bin, in the tiny path, and for large
  /// allocations.
  std::int64_t until[kNumBins];
  std::int64_t until_tiny;
  std::int64_t until_large;
  /// Objects the last refill of each bin let the fast path pop: all of them
  /// are gone when the next refill comes.
  std::uint32_t handed[kNumBins];
  /// Refills seen, all bins (test_hooks::profile_refills).
  std::uint64_t refills;
  std::uint64_t rng;
  bool ready;
};

/// Set once, at the runtime's start, if the profile is on.
SIZESPEC_INTERNAL extern bool g_profile_on;
inline bool profile_on() noexcept { return SIZESPEC_UNLIKELY(g_profile_on); }

/// Reads SIZESPEC_PROFILE and SIZESPEC_PROFILE_RATE; with \p mode active,
/// turns sampling on. With a file named, the profile is written at exit,
/// naming the mode (\p mode_name), with no samples, saying why, when the
/// runtime stands aside for \p reason.
void profile_init(Mode mode, const char *mode_name,
                  const char *reason) noexcept;

/// A refill of bin \p b hands out a list of \p len objects, the first of
/// them for this allocation of \p size bytes: counts the bin's bytes and
/// records this allocation if it crossed a sample point. Returns how many
/// objects the list may keep (at least the first): those up to the next
/// point. The caller gives back the rest.
std::uint32_t profile_refill(ProfileThread &t, unsigned b, std::uint32_t len,
                             std::size_t size, bool generic) noexcept;
/// A thread starts a tiny block for this allocation of \p size bytes.
void profile_tiny(ProfileThread &t, std::size_t size, bool generic) noexcept;
/// A large allocation of \p size bytes (the system allocator's), by the
/// thread whose intervals are \p t.
void profile_large(ProfileThread &t, std::size_t size) noexcept;

/// Writes the profile to \p path ("%p": the process id); null: the file
/// SIZESPEC_PROFILE names. False if it could not be written.
bool profile_write(const char *path) noexcept;

/// Around fork: the table's lock is held, so the child's is not left taken.
void profile_before_fork() noexcept;
void profile_after_fork() noexcept;

} // namespace sizespec

#endif // SIZESPEC_RUNTIME_PROFILE_H
