//===- OperatorNew.cpp - The replaceable operator new/delete forms --------===//

#include "OperatorNew.h"

#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace sizespec {
namespace {

/// The eight replaceable forms, mangled for a 64-bit size_t.
constexpr struct {
  StringLiteral Name;
  NewForm Form;
} kNewForms[] = {
    {"_Znwm", {false, false, false}},
    {"_Znam", {true, false, false}},
    {"_ZnwmSt11align_val_t", {false, true, false}},
    {"_ZnamSt11align_val_t", {true, true, false}},
    {"_ZnwmRKSt9nothrow_t", {false, false, true}},
    {"_ZnamRKSt9nothrow_t", {true, false, true}},
    {"_ZnwmSt11align_val_tRKSt9nothrow_t", {false, true, true}},
    {"_ZnamSt11align_val_tRKSt9nothrow_t", {true, true, true}},
};

} // namespace

std::optional<NewForm> operatorNewForm(StringRef Name) {
  for (const auto &Entry : kNewForms)
    if (Entry.Name == Name)
      return Entry.Form;
  return std::nullopt;
}

StringRef operatorNewName(const NewForm &Form) {
  for (const auto &Entry : kNewForms)
    if (Entry.Form.Array == Form.Array && Entry.Form.Aligned == Form.Aligned &&
        Entry.Form.Nothrow == Form.Nothrow)
      return Entry.Name;
  llvm_unreachable("every form is in the table");
}

StringRef sizedDeleteName() { return "_ZdlPvm"; }

} // namespace sizespec
