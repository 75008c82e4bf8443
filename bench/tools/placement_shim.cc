//===- placement_shim.cc - Where consecutive allocations land -------------===//
//
// LD_PRELOAD'ed in front of a program linked with any allocator: forwards
// every form of operator new to the next definition (the allocator's, or
// libstdc++'s over malloc) and counts, for each pair of consecutive
// allocations of a thread in one of sizespec's size classes, whether the
// second object shares a cache line or a page with the first. At exit it
// prints one line to stderr:
//
//   placement: {"pairs": N, "same_line": N, "same_page": N}
//
// sizespec's own runtime counts the same pairs itself (SIZESPEC_PLACEMENT=1;
// a shim that defines operator new would make it stand aside).
// bench/tools/placement runs both.
//
//===----------------------------------------------------------------------===//

#include <sizespec/size_classes.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <dlfcn.h>
#include <new>

namespace {

std::atomic<std::uint64_t> Pairs{0}, SameLine{0}, SamePage{0};

/// Each class's last object handed out to this thread.
__attribute__((tls_model("initial-exec"))) thread_local std::uintptr_t
    Last[sizespec::kNumClasses + 1];

void *count(void *P, std::size_t Size) {
  if (!P || Size > sizespec::kMaxSmallSize)
    return P;
  auto A = reinterpret_cast<std::uintptr_t>(P);
  std::uintptr_t &L = Last[sizespec::class_of(Size)];
  if (L) {
    Pairs.fetch_add(1, std::memory_order_relaxed);
    if (A >> 6 == L >> 6)
      SameLine.fetch_add(1, std::memory_order_relaxed);
    if (A >> 12 == L >> 12)
      SamePage.fetch_add(1, std::memory_order_relaxed);
  }
  L = A;
  return P;
}

template <class Fn> Fn next(Fn &Slot, const char *Name) {
  if (!Slot)
    Slot = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, Name));
  return Slot;
}

__attribute__((destructor)) void report() {
  std::fprintf(stderr,
               "placement: {\"pairs\": %llu, \"same_line\": %llu, "
               "\"same_page\": %llu}\n",
               (unsigned long long)Pairs.load(),
               (unsigned long long)SameLine.load(),
               (unsigned long long)SamePage.load());
}

} // namespace

// Each form looks up the next definition of itself once.
#define SIZESPEC_FORWARD(Name, Params, Args, Size)                             \
  extern "C" void *Name Params {                                               \
    static void *(*Next)Params;                                                \
    return count(next(Next, #Name) Args, Size);                                \
  }

SIZESPEC_FORWARD(_Znwm, (std::size_t N), (N), N)
SIZESPEC_FORWARD(_Znam, (std::size_t N), (N), N)
SIZESPEC_FORWARD(_ZnwmRKSt9nothrow_t, (std::size_t N, const std::nothrow_t &T),
                 (N, T), N)
SIZESPEC_FORWARD(_ZnamRKSt9nothrow_t, (std::size_t N, const std::nothrow_t &T),
                 (N, T), N)
SIZESPEC_FORWARD(_ZnwmSt11align_val_t, (std::size_t N, std::align_val_t A),
                 (N, A), N)
SIZESPEC_FORWARD(_ZnamSt11align_val_t, (std::size_t N, std::align_val_t A),
                 (N, A), N)
SIZESPEC_FORWARD(_ZnwmSt11align_val_tRKSt9nothrow_t,
                 (std::size_t N, std::align_val_t A, const std::nothrow_t &T),
                 (N, A, T), N)
SIZESPEC_FORWARD(_ZnamSt11align_val_tRKSt9nothrow_t,
                 (std::size_t N, std::align_val_t A, const std::nothrow_t &T),
                 (N, A, T), N)
