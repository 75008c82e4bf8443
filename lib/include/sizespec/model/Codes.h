//===- Codes.h - The closed sets of codes a site record carries -*- C++ -*-===//
//
// Part of the site model: plain data and text, nothing of Clang, so the
// plugin, the rewriter and sizespec-report share one definition of each
// code and its wording.
//
//   reasonCode(Reason::SizeAboveLimit) == "size_above_limit"
//   leftAloneMessage("macro_body") == "the site is written in a macro body"
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_MODEL_CODES_H
#define SIZESPEC_MODEL_CODES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace sizespec {

/// How the allocation is written.
enum class SiteForm {
  New,            ///< new T, new (std::nothrow) T
  NewArray,       ///< new T[N]
  MakeUnique,     ///< the new T inside std::make_unique<T>
  MakeShared,     ///< control block + object of std::make_shared<T>
  AllocateShared, ///< same, for std::allocate_shared<T>(custom allocator)
  Allocator,      ///< std::allocator<T>::allocate(n), runtime size
};

/// Why a site is not specialized. None means it is eligible.
enum class Reason : std::uint8_t {
  None,
#define SIZESPEC_REASON(Enumerator, Code, Message, Eligible) Enumerator,
#include "sizespec/model/Reason.def"
};

/// Why the rewriter keeps an eligible site as written.
enum class LeftAlone : std::uint8_t {
#define SIZESPEC_LEFT_ALONE(Enumerator, Code, Message) Enumerator,
#include "sizespec/model/LeftAlone.def"
};

/// Every form, in the order of the enum.
constexpr SiteForm kAllForms[] = {
    SiteForm::New,        SiteForm::NewArray,       SiteForm::MakeUnique,
    SiteForm::MakeShared, SiteForm::AllocateShared, SiteForm::Allocator};

/// Every reason code ("off", "sanitizer", ...), in Reason.def's order.
llvm::ArrayRef<llvm::StringRef> reasonCodes();

/// The form as records spell it: "new", "new[]", "make_unique", ...
llvm::StringRef formName(SiteForm F);
/// The stable code of \p R ("size_above_limit"); empty for Reason::None.
llvm::StringRef reasonCode(Reason R);
/// The fixed lowercase message of \p R, no trailing period.
llvm::StringRef reasonMessage(Reason R);
/// Whether a site refused for \p R is of a form that can be specialized
/// (Reason.def: Eligible): its size, alignment, count or the settings keep
/// it on the generic path. False for placement new, a class operator new,
/// dependent, incomplete and constant-evaluated sites.
bool reasonEligible(Reason R);
/// Parses a stable code back; std::nullopt if unknown.
std::optional<Reason> reasonFromCode(llvm::StringRef Code);
/// The message of the reason code \p Code; empty if unknown.
llvm::StringRef reasonMessage(llvm::StringRef Code);

/// The stable code of \p L ("macro_body").
llvm::StringRef leftAloneCode(LeftAlone L);
/// The message of the left-alone code \p Code; empty if unknown.
llvm::StringRef leftAloneMessage(llvm::StringRef Code);

} // namespace sizespec

#endif // SIZESPEC_MODEL_CODES_H
