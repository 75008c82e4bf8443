//===- LeftAlone.h - Why an eligible site stays as written ------*- C++ -*-===//

#ifndef SIZESPEC_REWRITER_LEFTALONE_H
#define SIZESPEC_REWRITER_LEFTALONE_H

#include "llvm/ADT/StringRef.h"

namespace sizespec::rewriter {

enum class LeftAlone {
#define SIZESPEC_LEFT_ALONE(Enumerator, Code, Message) Enumerator,
#include "LeftAlone.def"
};

/// The stable code of \p R ("macro_body").
llvm::StringRef leftAloneCode(LeftAlone R);
/// The message of the reason whose code is \p Code; empty if unknown.
llvm::StringRef leftAloneMessage(llvm::StringRef Code);

} // namespace sizespec::rewriter

#endif // SIZESPEC_REWRITER_LEFTALONE_H
