//===- Site.cpp - Names and descriptions of sites -------------------------===//

#include "Site.h"

#include "llvm/ADT/StringSwitch.h"

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
  return "new";
}

llvm::StringRef reasonCode(Reason R) {
  switch (R) {
  case Reason::None:
    return "";
#define SIZESPEC_REASON(Enumerator, Code, Message)                             \
  case Reason::Enumerator:                                                     \
    return Code;
#include "Reason.def"
  }
  return "";
}

llvm::StringRef reasonMessage(Reason R) {
  switch (R) {
  case Reason::None:
    return "";
#define SIZESPEC_REASON(Enumerator, Code, Message)                             \
  case Reason::Enumerator:                                                     \
    return Message;
#include "Reason.def"
  }
  return "";
}

std::optional<Reason> reasonFromCode(llvm::StringRef Code) {
#define SIZESPEC_REASON(Enumerator, C, Message)                                \
  if (Code == C)                                                               \
    return Reason::Enumerator;
#include "Reason.def"
  return std::nullopt;
}

void Site::refuse(Reason R) { refuse(R, reasonMessage(R).str()); }

void Site::refuse(Reason R, std::string Msg) {
  Why = R;
  Message = std::move(Msg);
}

std::string Site::routineBaseName() const {
  if (!Scan)
    return "";
  std::string Name = *Scan ? "alloc_scan" : "alloc_noscan";
  if (RuntimeSize)
    return Name;
  if (Class == 0)
    return "";
  return Name + "_sc" + std::to_string(Class);
}

std::string Site::routineName() const {
  std::string Base = routineBaseName();
  if (Base.empty())
    return "";
  return Base + "<" + RoutineTypeName + ">";
}

std::string Site::describe() const {
  switch (Form) {
  case SiteForm::New:
  case SiteForm::NewArray:
    return Nothrow ? "new (std::nothrow) " + TypeName : "new " + TypeName;
  case SiteForm::MakeUnique:
  case SiteForm::MakeShared:
  case SiteForm::AllocateShared:
  case SiteForm::Allocator:
    return formName(Form).str() + "<" + TypeName + ">";
  }
  return TypeName;
}

} // namespace sizespec
