//===- SiteFinder.h - Find the allocation sites in a declaration -*- C++
//-*-===//
//
// Walks a declaration (a function, a variable, a namespace, the whole
// translation unit) and hands every allocation site to a callback, with the
// expression to act on. Sites in template instantiations are found on their
// concrete types; sites in uninstantiated templates come back with
// Reason::DependentType (only outside system headers). The runtime's own
// namespace `sizespec` is skipped.
//
//   SiteFinder Finder(Ctx, Opts);
//   Finder.find(TU, /*Instantiations=*/true, [&](FoundSite &F) { ... });
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_ANALYSIS_SITEFINDER_H
#define SIZESPEC_ANALYSIS_SITEFINDER_H

#include "SiteAnalysis.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class Decl;
} // namespace clang

namespace sizespec {

struct FoundSite {
  Site S;
  /// Set for the New, NewArray and MakeUnique forms.
  clang::CXXNewExpr *New = nullptr;
  /// Set for the allocator forms: the cast around the builtin call, whose
  /// operand a redirect replaces.
  clang::CastExpr *AllocatorCast = nullptr;
  /// True if the site sits in a dependent context (a template pattern).
  bool InTemplatePattern = false;
};

class SiteFinder {
public:
  SiteFinder(clang::ASTContext &Ctx, const AnalysisOptions &Opts)
      : Ctx(Ctx), Opts(Opts) {}

  /// Calls \p OnSite for each site in \p D. With \p Instantiations, also
  /// walks implicit template instantiations (and generic lambda
  /// specializations). A site reachable twice may be reported twice; callers
  /// deduplicate on the expression.
  void find(clang::Decl *D, bool Instantiations,
            llvm::function_ref<void(FoundSite &)> OnSite);

private:
  clang::ASTContext &Ctx;
  AnalysisOptions Opts;
};

} // namespace sizespec

#endif // SIZESPEC_ANALYSIS_SITEFINDER_H
