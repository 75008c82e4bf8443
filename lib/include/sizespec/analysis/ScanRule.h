//===- ScanRule.h - Does a type hold pointers? ------------------*- C++ -*-===//
//
// The scan rule (docs/architecture.md): a type is "scan" when an object or
// function pointer, a reference, a pointer to member, a vtable pointer (dynamic
// class, virtual base) or an intptr_t/uintptr_t is in it, through fields,
// bases, array elements and union members. std::nullptr_t holds no address.
// Anything not provably pointer-free is scan: noscan is a promise.
//
//   holdsPointers(struct { int X; double Y; })  == false   // noscan
//   holdsPointers(struct { int *P; })           == true    // scan
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_ANALYSIS_SCANRULE_H
#define SIZESPEC_ANALYSIS_SCANRULE_H

#include "clang/AST/Type.h"

namespace clang {
class ASTContext;
} // namespace clang

namespace sizespec {

/// True if an object of type \p T may hold an address (see above). \p T may
/// carry sugar: `uintptr_t` is recognized through typedefs and using
/// declarations. Incomplete and dependent types answer true.
bool holdsPointers(clang::QualType T, const clang::ASTContext &Ctx);

} // namespace sizespec

#endif // SIZESPEC_ANALYSIS_SCANRULE_H
