//===- Codes.cpp - The closed sets of codes a site record carries ---------===//

#include "sizespec/model/Codes.h"

#include "llvm/Support/ErrorHandling.h"

namespace sizespec {

llvm::StringRef formName(SiteForm F) {
  switch (F) {
  case SiteForm::New:
    return "new";
  case SiteForm::NewArray:
    return "new[]";
  case SiteForm::MakeUnique:
    return "make_unique";
  case SiteForm::MakeShared:
    return "make_shared";
  case SiteForm::AllocateShared:
    return "allocate_shared";
  case SiteForm::Allocator:
    return "allocator";
  }
  llvm_unreachable("covered switch");
}

llvm::StringRef reasonCode(Reason R) {
  switch (R) {
  case Reason::None:
    return "";
#define SIZESPEC_REASON(Enumerator, Code, Message, Eligible)                   \
  case Reason::Enumerator:                                                     \
    return Code;
#include "sizespec/model/Reason.def"
  }
  llvm_unreachable("covered switch");
}

llvm::StringRef reasonMessage(Reason R) {
  switch (R) {
  case Reason::None:
    return "";
#define SIZESPEC_REASON(Enumerator, Code, Message, Eligible)                   \
  case Reason::Enumerator:                                                     \
    return Message;
#include "sizespec/model/Reason.def"
  }
  llvm_unreachable("covered switch");
}

bool reasonEligible(Reason R) {
  switch (R) {
  case Reason::None:
    return true;
#define SIZESPEC_REASON(Enumerator, Code, Message, Eligible)                   \
  case Reason::Enumerator:                                                     \
    return Eligible;
#include "sizespec/model/Reason.def"
  }
  llvm_unreachable("covered switch");
}

llvm::ArrayRef<llvm::StringRef> reasonCodes() {
  static const llvm::StringRef Codes[] = {
#define SIZESPEC_REASON(Enumerator, Code, Message, Eligible) Code,
#include "sizespec/model/Reason.def"
  };
  return Codes;
}

std::optional<Reason> reasonFromCode(llvm::StringRef Code) {
#define SIZESPEC_REASON(Enumerator, C, Message, Eligible)                      \
  if (Code == C)                                                               \
    return Reason::Enumerator;
#include "sizespec/model/Reason.def"
  return std::nullopt;
}

llvm::StringRef reasonMessage(llvm::StringRef Code) {
  std::optional<Reason> R = reasonFromCode(Code);
  return R ? reasonMessage(*R) : llvm::StringRef();
}

llvm::StringRef leftAloneCode(LeftAlone L) {
  switch (L) {
#define SIZESPEC_LEFT_ALONE(Enumerator, Code, Message)                         \
  case LeftAlone::Enumerator:                                                  \
    return Code;
#include "sizespec/model/LeftAlone.def"
  }
  llvm_unreachable("covered switch");
}

llvm::StringRef leftAloneMessage(llvm::StringRef Code) {
#define SIZESPEC_LEFT_ALONE(Enumerator, C, Message)                            \
  if (Code == C)                                                               \
    return Message;
#include "sizespec/model/LeftAlone.def"
  return {};
}

} // namespace sizespec
