//===- sizespec/analysis/StdLibrary.h - What the analysis knows of std -*- C++
//-*-===//
//
// Everything the site analysis knows of the standard libraries (libstdc++
// 12 and libc++ 19/22), in one place: the functions and class templates it
// recognizes by name, and how each library allocates.
//
//   std::make_unique<T>, make_unique_for_overwrite   a new-expression inside
//   std::make_shared<T>                              one allocation of its
//                                                    control block:
//     libstdc++  std::_Sp_counted_ptr_inplace<T, Alloc, Lp>
//     libc++     std::__shared_ptr_emplace<T, Alloc>
//   std::allocator<T>::allocate(n)
//     libstdc++  static_cast<T *>(__builtin_operator_new(n))
//     libc++     static_cast<T *>(std::__libcpp_allocate(n, alignof(T)))
//   std::is_constant_evaluated(), __is_constant_evaluated()
//   std::nothrow_t
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_ANALYSIS_STDLIBRARY_H
#define SIZESPEC_ANALYSIS_STDLIBRARY_H

#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace clang {
class CallExpr;
class CastExpr;
class Expr;
class FunctionDecl;
class NamedDecl;
} // namespace clang

namespace sizespec {

/// True if \p D is `std::Name` (in any inline namespace of std).
bool isStdNamed(const clang::NamedDecl *D, llvm::StringRef Name);

/// True if \p Arg is of type std::nothrow_t (the placement argument of
/// `new (std::nothrow) T`).
bool isNothrowTag(const clang::Expr *Arg);

/// True if \p Cond tests whether evaluation is constant:
/// `std::is_constant_evaluated()`, libstdc++'s
/// `std::__is_constant_evaluated()` or the builtin, possibly negated
/// (\p Negated then).
bool isConstantEvaluatedTest(const clang::Expr *Cond, bool &Negated);

/// True if \p FD is std::make_unique or std::make_unique_for_overwrite.
bool isMakeUnique(const clang::FunctionDecl *FD);

/// Which smart-pointer factory \p FD is, of those a site is reported at the
/// caller of (make_unique's new, make_shared's control block).
enum class Factory { None, MakeUnique, MakeShared };
Factory factoryOf(const clang::FunctionDecl *FD);

/// If \p Cast is the allocation of std::allocator<T>::allocate, the call
/// whose first argument is the size in bytes, else null (\p Function: the
/// function around it).
const clang::CallExpr *matchAllocatorCall(const clang::CastExpr *Cast,
                                          const clang::FunctionDecl *Function);

/// make_shared's or allocate_shared's in-place control block.
struct ControlBlock {
  clang::QualType Object; ///< the T of make_shared<T>
  bool StdAllocator; ///< make_shared (std::allocator), else allocate_shared
};
/// \p T as a control block, or nothing.
std::optional<ControlBlock> controlBlock(clang::QualType T);

} // namespace sizespec

#endif // SIZESPEC_ANALYSIS_STDLIBRARY_H
