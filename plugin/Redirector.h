//===- Redirector.h - Point an allocation site at a sizespec routine -*- C++
//-*-===//
//
// Build mode's one AST change per site: point it at the marker of its kind
// (<sizespec/site_markers.h>), which the plugin's pass turns back into the
// operator new call before the optimizer runs and specializes after it
// (pass/SitePasses.h).
//
//   new Point               ->  CXXNewExpr whose operator new is
//                               sizespec::detail::site_new_noscan
//   static_cast<T *>(__builtin_operator_new(n))
//                           ->  static_cast<T *>(
//                                   sizespec::detail::site_new_noscan(n))
//
// The CXXNewExpr keeps its operator delete (the global one, which frees
// runtime memory), so a throwing constructor behaves as before.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_REDIRECTOR_H
#define SIZESPEC_PLUGIN_REDIRECTOR_H

#include "sizespec/analysis/Site.h"

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

  /// Redirects an eligible new-expression; false if the marker is not
  /// visible (the runtime header was not included).
  bool redirectNew(clang::CXXNewExpr *E, const Site &Info);
  /// Redirects an eligible allocator-form site (see SiteFinder).
  bool redirectAllocator(clang::CastExpr *Cast, const Site &Info);

private:
  /// The marker overload for \p Info's kind and form; null if the runtime
  /// header is not there.
  clang::FunctionDecl *marker(const Site &Info, bool Aligned, bool Nothrow,
                              clang::SourceLocation Loc);
  clang::NamespaceDecl *runtimeNamespace();

  clang::Sema &S;
  clang::NamespaceDecl *Namespace = nullptr;
  bool LookedUp = false;
};

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_REDIRECTOR_H
