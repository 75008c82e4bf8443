//===- LeftAlone.cpp - Why an eligible site stays as written --------------===//

#include "LeftAlone.h"

#include "llvm/Support/ErrorHandling.h"

namespace sizespec::rewriter {

llvm::StringRef leftAloneCode(LeftAlone R) {
  switch (R) {
#define SIZESPEC_LEFT_ALONE(Enumerator, Code, Message)                         \
  case LeftAlone::Enumerator:                                                  \
    return Code;
#include "LeftAlone.def"
  }
  llvm_unreachable("covered switch");
}

llvm::StringRef leftAloneMessage(llvm::StringRef Code) {
#define SIZESPEC_LEFT_ALONE(Enumerator, C, Message)                            \
  if (Code == C)                                                               \
    return Message;
#include "LeftAlone.def"
  return {};
}

} // namespace sizespec::rewriter
