//===- abi_test.cc - The plugin's names for the runtime are the runtime's -===//
//
// The passes emit calls and loads of runtime symbols by mangled name, and
// the front end points sites at markers by name (sizespec/abi/RuntimeABI.h).
// Each name is declared here under its mangled spelling (an asm label) and
// its address compared with that of the runtime header's own declaration:
// a function renamed, or given other parameters, in runtime/include leaves
// the mangled name undefined, and this test no longer links.
//
//===----------------------------------------------------------------------===//

#include "sizespec/abi/RuntimeABI.h"

#include <sizespec/sizespec.h>

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace rt = sizespec::abi; // ::abi is <cxxabi.h>'s
namespace detail = sizespec::detail;

// Every runtime symbol and marker overload, by its mangled name only (the
// type is immaterial: only the address is taken).
#define SIZESPEC_STORAGE_fn
#define SIZESPEC_STORAGE_var
#define SIZESPEC_STORAGE_tls __thread
#define SIZESPEC_DECLARE_SYMBOL(Id, Mangled, Declaration, Storage)             \
  extern "C" SIZESPEC_STORAGE_##Storage char abi_##Id __asm__(Mangled);
SIZESPEC_RUNTIME_SYMBOLS(SIZESPEC_DECLARE_SYMBOL)
#undef SIZESPEC_DECLARE_SYMBOL

#define SIZESPEC_DECLARE_MARKER(Id, Name, Mangled, Array, Scan)                \
  SIZESPEC_MARKER_PARAMS(SIZESPEC_DECLARE_OVERLOAD, Id, Mangled)
#define SIZESPEC_DECLARE_OVERLOAD(P, PMangled, Aligned, Nothrow, Id, Mangled)  \
  extern "C" char abi_##Id##_##P __asm__(Mangled PMangled);
SIZESPEC_RUNTIME_MARKERS(SIZESPEC_DECLARE_MARKER)
#undef SIZESPEC_DECLARE_OVERLOAD
#undef SIZESPEC_DECLARE_MARKER

namespace {

template <class Fn> const void *address(Fn *F) {
  return reinterpret_cast<const void *>(F);
}

/// The runtime header's entity each symbol names.
const void *entity(rt::Symbol S) {
  switch (S) {
  case rt::Symbol::AllocRefill:
    return address(&detail::alloc_refill);
  case rt::Symbol::AllocRefillNothrow:
    return address(&detail::alloc_refill_nothrow);
  case rt::Symbol::AllocRefillAligned:
    return address(&detail::alloc_refill_aligned);
  case rt::Symbol::AllocRefillAlignedNothrow:
    return address(&detail::alloc_refill_aligned_nothrow);
  case rt::Symbol::AllocTinyRefill:
    return address(&detail::alloc_tiny_refill);
  case rt::Symbol::AllocTinyRefillNothrow:
    return address(&detail::alloc_tiny_refill_nothrow);
  case rt::Symbol::AllocGenericScan:
    return address(&detail::alloc_generic_scan);
  case rt::Symbol::AllocGenericNoscan:
    return address(&detail::alloc_generic_noscan);
  case rt::Symbol::AllocGenericAligned:
    return address(&detail::alloc_generic_aligned);
  case rt::Symbol::FreeFlush:
    return address(&detail::free_flush);
  case rt::Symbol::ThreadCache:
    return &detail::tls_cache;
  case rt::Symbol::InlineFreeRegion:
    return &detail::inline_free_region;
  }
  return nullptr;
}

TEST(RuntimeABI, EverySymbolIsTheHeadersDeclaration) {
#define SIZESPEC_CHECK_SYMBOL(Id, Mangled, Declaration, Storage)               \
  EXPECT_EQ(static_cast<const void *>(&abi_##Id), entity(rt::Symbol::Id))      \
      << Mangled << " is not " << Declaration;                                 \
  EXPECT_STREQ(rt::mangledName(rt::Symbol::Id), Mangled);
  SIZESPEC_RUNTIME_SYMBOLS(SIZESPEC_CHECK_SYMBOL)
#undef SIZESPEC_CHECK_SYMBOL
}

// The C++ type of each marker overload, named as its parameter list is.
using Plain = void *(std::size_t);
using Aligned = void *(std::size_t, std::align_val_t);
using Nothrow = void *(std::size_t, const std::nothrow_t &) noexcept;
using AlignedNothrow = void *(std::size_t, std::align_val_t,
                              const std::nothrow_t &) noexcept;

TEST(RuntimeABI, EveryMarkerOverloadIsTheHeadersMarker) {
  int Checked = 0;
  auto Check = [&](const void *ByName, const void *Entity,
                   const std::string &Mangled, const char *Name) {
    EXPECT_EQ(ByName, Entity) << Mangled << " is not detail::" << Name;
    // And the pass's parser reads it back as that marker.
    std::optional<rt::MarkerCall> Parsed = rt::parseMarker(Mangled);
    ASSERT_TRUE(Parsed) << Mangled;
    EXPECT_STREQ(Parsed->Marker->Name, Name);
    ++Checked;
  };
#define SIZESPEC_CHECK_MARKER(Id, Name, Mangled, Array, Scan)                  \
  SIZESPEC_MARKER_PARAMS(SIZESPEC_CHECK_OVERLOAD, Id, Name, Mangled)
#define SIZESPEC_CHECK_OVERLOAD(P, PMangled, Aligned, Nothrow, Id, Name,       \
                                Mangled)                                       \
  Check(&abi_##Id##_##P, address(static_cast<P *>(&detail::Name)),             \
        std::string(Mangled) + PMangled, #Name);
  SIZESPEC_RUNTIME_MARKERS(SIZESPEC_CHECK_MARKER)
#undef SIZESPEC_CHECK_OVERLOAD
#undef SIZESPEC_CHECK_MARKER
  EXPECT_EQ(Checked, 16);
}

} // namespace
