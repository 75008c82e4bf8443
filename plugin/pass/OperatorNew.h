//===- OperatorNew.h - The replaceable operator new/delete forms -*- C++
//-*-===//
//
// What the passes recognize of the standard library, in one table
// (OperatorNew.cpp): the eight global operator new forms a tagged site may
// call, and the sized operator delete the inline free replaces.
//
// A table rather than TargetLibraryInfo's: its names are a static data
// member whose layout changes between LLVM versions, and a plugin that
// refers to it fails to load into another Clang before it can say which
// plugin that Clang needs (LoadCheck.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_PASS_OPERATORNEW_H
#define SIZESPEC_PLUGIN_PASS_OPERATORNEW_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace sizespec {

/// An operator new form: new or new[], with align_val_t, nothrow.
struct NewForm {
  bool Array = false;
  bool Aligned = false;
  bool Nothrow = false;
};

/// The form the function named \p Name is, if it is one of the eight
/// replaceable operator new forms (64-bit size_t).
std::optional<NewForm> operatorNewForm(llvm::StringRef Name);
/// The name of the operator new form \p Form: "_Znwm", "_ZnamRKSt9nothrow_t"...
llvm::StringRef operatorNewName(const NewForm &Form);
/// The name of `operator delete(void *, size_t)`.
llvm::StringRef sizedDeleteName();

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_PASS_OPERATORNEW_H
