//===- platform.h - What the runtime needs from the OS ---------*- C++ -*-===//
//
// Bottom layer: virtual memory (reserve, commit, give back), the process
// environment, and the tools the runtime must step aside for.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_RUNTIME_PLATFORM_H
#define SIZESPEC_RUNTIME_PLATFORM_H

#include <cstddef>
#include <cstdint>

namespace sizespec::platform {

/// Reserves \p size bytes of address space aligned to \p align (a power of
/// two), inaccessible and not committed. Null on failure.
void *reserve(std::size_t size, std::size_t align) noexcept;
/// Maps \p size bytes (rounded up to pages) readable, writable and zero,
/// committed as they are touched. Null on failure. Give them back
/// with release.
void *map(std::size_t size) noexcept;
/// Gives a reservation or a mapping back to the OS (munmap).
void release(void *p, std::size_t size) noexcept;
/// Makes [P, P+Size) readable and writable (page-aligned). False on ENOMEM.
bool commit(void *p, std::size_t size) noexcept;
/// Gives the pages of [P, P+Size) back to the OS; they read as zero after.
void decommit(void *p, std::size_t size) noexcept;

/// A coarse monotonic clock in milliseconds (a few ms of resolution; read
/// from the vDSO, no system call). It wraps after 49 days: compare times by
/// unsigned difference only.
std::uint32_t now_ms() noexcept;

/// The most CPUs the runtime tells apart (glibc's CPU_SETSIZE).
inline constexpr unsigned kMaxCpus = 1024;

/// The CPUs the process may run on (its affinity mask): sets allowed[c]
/// for each, and returns how many. If the mask cannot be read, CPU 0 alone.
unsigned allowed_cpus(bool (&allowed)[kMaxCpus]) noexcept;

/// The CPU the calling thread runs on now, or 0 if unknown. glibc reads it
/// from the thread's rseq area or the vDSO, with no system call (valgrind
/// makes it one); the thread may move to another CPU right after.
unsigned current_cpu() noexcept;

/// The largest address space the process may still map, or SIZE_MAX.
std::size_t address_space_limit() noexcept;

/// True if environment variable \p name is set to something other than
/// empty or "0".
bool env_flag(const char *name) noexcept;

/// Why the runtime must hand everything to the system allocator, or null:
/// this library built with a sanitizer, a sanitizer runtime in the process,
/// a valgrind tool that replaces malloc (memcheck, helgrind, drd, massif,
/// dhat; callgrind and cachegrind do not), or SIZESPEC_SYSTEM=1.
const char *reason_to_stand_aside() noexcept;

/// 64 random bits from the kernel (getrandom), or, if it has none to give
/// without blocking, a mix of addresses, the clock and the pid.
std::uint64_t random_word() noexcept;

/// Prints "sizespec: <Msg>" to stderr and aborts.
[[noreturn]] void fatal(const char *msg) noexcept;

} // namespace sizespec::platform

#endif // SIZESPEC_RUNTIME_PLATFORM_H
