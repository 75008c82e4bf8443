//===- sizespec/site_markers.h - What the plugin points at ------*- C++ -*-===//
//
// Build mode specializes late (docs/interfaces.md, "Late specialization"):
// the plugin points each site it specialized at one of these markers, and
// its LLVM pass turns every marker call back into the operator new call
// Clang would have made, tagged with the site's kind, before the optimizer
// runs. What the optimizer leaves of those calls (it deletes unused
// new/delete pairs) gets the class's inline fast path at the end of the
// pipeline:
//
//   new Point           ->  site_new_noscan(24)      ->  operator new(24)
//                                    [optimizer]     ->  bin 4's free-list pop
//   new Point[3]        ->  site_array_noscan(72)    ->  operator new[](72)
//   allocator<long>(n)  ->  site_new_noscan(n * 8)   ->  operator new(n * 8)
//                           -> a constant n: its class; else the noscan
//                              generic path
//
// The signatures are those of the operator new each stands for. Defined in
// the library as that operator new, for IR that never meets the pass
// (-Xclang -disable-llvm-passes).
//
// The one header the plugin makes visible in every translation unit it
// compiles (docs/interfaces.md, "Plugin"): its code needs nothing else, and
// every unit parses it, so it declares the markers and includes only <new>
// (which declares std::size_t, std::align_val_t and std::nothrow_t).
// Included by <sizespec/sizespec.h>; valid C++11, reserved names only.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_SITE_MARKERS_H
#define SIZESPEC_SITE_MARKERS_H

#include <sizespec/config.h>

#include <new>

namespace sizespec {
namespace detail {

#if defined(__cpp_aligned_new)
#define SIZESPEC_ALIGNED_MARKERS(_Name)                                        \
  SIZESPEC_API void *_Name(std::size_t __size, std::align_val_t __al);         \
  SIZESPEC_API void *_Name(std::size_t __size, std::align_val_t __al,          \
                           const std::nothrow_t &) noexcept;
#else
#define SIZESPEC_ALIGNED_MARKERS(_Name)
#endif

#define SIZESPEC_MARKERS(_Name)                                                \
  SIZESPEC_API void *_Name(std::size_t __size);                                \
  SIZESPEC_API void *_Name(std::size_t __size,                                 \
                           const std::nothrow_t &) noexcept;                   \
  SIZESPEC_ALIGNED_MARKERS(_Name)

/// `new T`, `new (std::nothrow) T` and the allocator forms, by kind.
SIZESPEC_MARKERS(site_new_scan)
SIZESPEC_MARKERS(site_new_noscan)
/// `new T[N]`: they stand for operator new[].
SIZESPEC_MARKERS(site_array_scan)
SIZESPEC_MARKERS(site_array_noscan)

#undef SIZESPEC_MARKERS
#undef SIZESPEC_ALIGNED_MARKERS

} // namespace detail
} // namespace sizespec

#endif // SIZESPEC_SITE_MARKERS_H
