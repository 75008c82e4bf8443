//===- sizespec/abi/RuntimeABI.h - The runtime, as the plugin names it -*- C++
//-*-===//
//
// Every symbol of the runtime that the plugin's code refers to by name: the
// functions and variables its LLVM passes emit calls and loads of, and the
// site markers its front end points sites at (<sizespec/site_markers.h>).
// Spelled once, here, mangled as the Itanium C++ ABI mangles the runtime's
// declarations (LP64). test/runtime/abi_test.cc declares each under its
// name here and compares its address with the runtime header's entity: a
// rename or a new signature in runtime/include breaks that test's link.
//
// No LLVM, no Clang: the runtime's tests include it beside the runtime's
// headers.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_ABI_RUNTIMEABI_H
#define SIZESPEC_ABI_RUNTIMEABI_H

#include <optional>
#include <string_view>

namespace sizespec::abi {

// X(Id, mangled name, the runtime's declaration, storage): the functions
// (fn), variables (var) and thread-local variables (tls) the passes emit
// calls and loads of.
#define SIZESPEC_RUNTIME_SYMBOLS(X)                                            \
  X(AllocRefill, "_ZN8sizespec6detail12alloc_refillEjm",                       \
    "detail::alloc_refill(unsigned, size_t)", fn)                              \
  X(AllocRefillNothrow, "_ZN8sizespec6detail20alloc_refill_nothrowEjm",        \
    "detail::alloc_refill_nothrow(unsigned, size_t)", fn)                      \
  X(AllocRefillAligned, "_ZN8sizespec6detail20alloc_refill_alignedEjmm",       \
    "detail::alloc_refill_aligned(unsigned, size_t, size_t)", fn)              \
  X(AllocRefillAlignedNothrow,                                                 \
    "_ZN8sizespec6detail28alloc_refill_aligned_nothrowEjmm",                   \
    "detail::alloc_refill_aligned_nothrow(unsigned, size_t, size_t)", fn)      \
  X(AllocTinyRefill, "_ZN8sizespec6detail17alloc_tiny_refillEjm",              \
    "detail::alloc_tiny_refill(unsigned, size_t)", fn)                         \
  X(AllocTinyRefillNothrow,                                                    \
    "_ZN8sizespec6detail25alloc_tiny_refill_nothrowEjm",                       \
    "detail::alloc_tiny_refill_nothrow(unsigned, size_t)", fn)                 \
  X(AllocGenericScan, "_ZN8sizespec6detail18alloc_generic_scanEm",             \
    "detail::alloc_generic_scan(size_t)", fn)                                  \
  X(AllocGenericNoscan, "_ZN8sizespec6detail20alloc_generic_noscanEm",         \
    "detail::alloc_generic_noscan(size_t)", fn)                                \
  X(AllocGenericAligned, "_ZN8sizespec6detail21alloc_generic_alignedEmm",      \
    "detail::alloc_generic_aligned(size_t, size_t)", fn)                       \
  X(FreeFlush, "_ZN8sizespec6detail10free_flushEj",                            \
    "detail::free_flush(unsigned)", fn)                                        \
  X(ThreadCache, "_ZN8sizespec6detail9tls_cacheE", "detail::tls_cache", tls)   \
  X(InlineFreeRegion, "_ZN8sizespec6detail18inline_free_regionE",              \
    "detail::inline_free_region", var)

/// A runtime symbol the plugin refers to.
enum class Symbol {
#define SIZESPEC_SYMBOL_ENUM(Id, Mangled, Declaration, Storage) Id,
  SIZESPEC_RUNTIME_SYMBOLS(SIZESPEC_SYMBOL_ENUM)
#undef SIZESPEC_SYMBOL_ENUM
};

/// The symbol's mangled name: what the passes call or load.
constexpr const char *mangledName(Symbol S) {
  switch (S) {
#define SIZESPEC_SYMBOL_NAME(Id, Mangled, Declaration, Storage)                \
  case Symbol::Id:                                                             \
    return Mangled;
    SIZESPEC_RUNTIME_SYMBOLS(SIZESPEC_SYMBOL_NAME)
#undef SIZESPEC_SYMBOL_NAME
  }
  return "";
}

// --- The site markers (<sizespec/site_markers.h>) --------------------------

// X(Id, name in sizespec::detail, mangled name up to its parameters, Array,
//   Scan). Each marker has the four overloads of operator new,
// (size_t [, align_val_t] [, const nothrow_t &]).
#define SIZESPEC_RUNTIME_MARKERS(X, ...)                                       \
  X(NewScan, site_new_scan, "_ZN8sizespec6detail13site_new_scanE", false,      \
    true __VA_OPT__(, ) __VA_ARGS__)                                           \
  X(NewNoscan, site_new_noscan, "_ZN8sizespec6detail15site_new_noscanE",       \
    false, false __VA_OPT__(, ) __VA_ARGS__)                                   \
  X(ArrayScan, site_array_scan, "_ZN8sizespec6detail15site_array_scanE", true, \
    true __VA_OPT__(, ) __VA_ARGS__)                                           \
  X(ArrayNoscan, site_array_noscan, "_ZN8sizespec6detail17site_array_noscanE", \
    true, false __VA_OPT__(, ) __VA_ARGS__)

// X(Id, mangled parameter list, Aligned, Nothrow): what a marker shares with
// the operator new it stands for (64-bit size_t).
#define SIZESPEC_MARKER_PARAMS(X, ...)                                         \
  X(Plain, "m", false, false __VA_OPT__(, ) __VA_ARGS__)                       \
  X(Aligned, "mSt11align_val_t", true, false __VA_OPT__(, ) __VA_ARGS__)       \
  X(Nothrow, "mRKSt9nothrow_t", false, true __VA_OPT__(, ) __VA_ARGS__)        \
  X(AlignedNothrow, "mSt11align_val_tRKSt9nothrow_t", true,                    \
    true __VA_OPT__(, ) __VA_ARGS__)

/// One marker function: what the front end points a site at, and what
/// MarkSitesPass turns back into operator new.
struct MarkerName {
  const char *Name;    ///< as declared in sizespec::detail
  const char *Mangled; ///< the mangled name up to its parameters
  bool Array;          ///< stands for operator new[]
  bool Scan;
};
inline constexpr MarkerName kMarkers[] = {
#define SIZESPEC_MARKER_ENTRY(Id, Name, Mangled, Array, Scan)                  \
  {#Name, Mangled, Array, Scan},
    SIZESPEC_RUNTIME_MARKERS(SIZESPEC_MARKER_ENTRY)
#undef SIZESPEC_MARKER_ENTRY
};

/// The marker of a site of kind \p Scan, for new[] if \p Array.
constexpr const MarkerName &marker(bool Array, bool Scan) {
  for (const MarkerName &M : kMarkers)
    if (M.Array == Array && M.Scan == Scan)
      return M;
  return kMarkers[0];
}

/// A marker's parameter list.
struct MarkerParams {
  const char *Mangled;
  bool Aligned;
  bool Nothrow;
};
inline constexpr MarkerParams kMarkerParams[] = {
#define SIZESPEC_PARAMS_ENTRY(Id, Mangled, Aligned, Nothrow)                   \
  {Mangled, Aligned, Nothrow},
    SIZESPEC_MARKER_PARAMS(SIZESPEC_PARAMS_ENTRY)
#undef SIZESPEC_PARAMS_ENTRY
};

/// A call of a marker, from the callee's mangled name.
struct MarkerCall {
  const MarkerName *Marker;
  const MarkerParams *Params;
};

/// The marker overload \p Mangled names, or nothing: a 32-bit size_t, or
/// not a marker.
constexpr std::optional<MarkerCall> parseMarker(std::string_view Mangled) {
  for (const MarkerName &M : kMarkers) {
    std::string_view Prefix = M.Mangled;
    if (Mangled.substr(0, Prefix.size()) != Prefix)
      continue;
    std::string_view Rest = Mangled.substr(Prefix.size());
    for (const MarkerParams &P : kMarkerParams)
      if (Rest == P.Mangled)
        return MarkerCall{&M, &P};
    return std::nullopt;
  }
  return std::nullopt;
}

static_assert(parseMarker("_ZN8sizespec6detail15site_new_noscanEm")->Marker ==
                  &kMarkers[1],
              "the marker parser reads its own names");
static_assert(!parseMarker("_ZN8sizespec6detail15site_new_noscanEj"),
              "only 64-bit size_t");

} // namespace sizespec::abi

#endif // SIZESPEC_ABI_RUNTIMEABI_H
