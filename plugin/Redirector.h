//===- Redirector.h - Point an allocation site at a sizespec routine -*- C++
//-*-===//
//
// Build mode's one AST change per site:
//
//   new Point               ->  CXXNewExpr whose operator new is
//                               sizespec::alloc_noscan_sc3<Point>
//   static_cast<T *>(__builtin_operator_new(n))
//                           ->  static_cast<T *>(sizespec::alloc_noscan<T>(n))
//
// The CXXNewExpr keeps its operator delete (the global one, which frees
// runtime memory), so a throwing constructor behaves as before.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_REDIRECTOR_H
#define SIZESPEC_PLUGIN_REDIRECTOR_H

#include "Site.h"

#include "llvm/ADT/DenseMap.h"

namespace clang {
class CastExpr;
class CXXNewExpr;
class FunctionDecl;
class NamespaceDecl;
class Sema;
} // namespace clang

namespace sizespec {

class Redirector {
public:
  explicit Redirector(clang::Sema &S) : S(S) {}

  /// Redirects an eligible new-expression; false if the routine is not
  /// visible (the runtime header was not included).
  bool redirectNew(clang::CXXNewExpr *E, const Site &Info);
  /// Redirects an eligible allocator-form site (see SiteFinder).
  bool redirectAllocator(clang::CastExpr *Cast, const Site &Info);
  /// Instantiates the routines referenced since the last call. Needed once
  /// Sema has finished the translation unit.
  void instantiatePending();

private:
  clang::FunctionDecl *specialization(llvm::StringRef Name, bool Aligned,
                                      bool Nothrow, clang::QualType T,
                                      clang::SourceLocation Loc);
  clang::NamespaceDecl *runtimeNamespace();

  clang::Sema &S;
  clang::NamespaceDecl *Namespace = nullptr;
  bool LookedUp = false;
};

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_REDIRECTOR_H
