//===- site_markers.cc - The plugin's site markers, as plain calls --------===//
//
// The plugin's pass replaces every call of a marker before the optimizer
// runs (<sizespec/site_markers.h>). These definitions are for IR that
// skipped the pass: each marker is the operator new it stands for, as the
// process binds it. The kind is not used: without the pass, nothing is
// specialized.
//
//===----------------------------------------------------------------------===//

#include <sizespec/site_markers.h>

namespace sizespec {
namespace detail {

#define SIZESPEC_DEFINE_MARKERS(_Name, _New)                                   \
  void *_Name(std::size_t size) { return _New(size); }                         \
  void *_Name(std::size_t size, const std::nothrow_t &nothrow_tag) noexcept {  \
    return _New(size, nothrow_tag);                                            \
  }                                                                            \
  void *_Name(std::size_t size, std::align_val_t al) {                         \
    return _New(size, al);                                                     \
  }                                                                            \
  void *_Name(std::size_t size, std::align_val_t al,                           \
              const std::nothrow_t &nothrow_tag) noexcept {                    \
    return _New(size, al, nothrow_tag);                                        \
  }

SIZESPEC_DEFINE_MARKERS(site_new_scan, ::operator new)
SIZESPEC_DEFINE_MARKERS(site_new_noscan, ::operator new)
SIZESPEC_DEFINE_MARKERS(site_array_scan, ::operator new[])
SIZESPEC_DEFINE_MARKERS(site_array_noscan, ::operator new[])

#undef SIZESPEC_DEFINE_MARKERS

} // namespace detail
} // namespace sizespec
