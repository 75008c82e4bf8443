//===- SiteFinder.h - The allocation sites of a declaration ---*- C++ -*-===//
//
// Walks a declaration (a function, a variable, a namespace, the whole
// translation unit) and hands every allocation site to a callback, with the
// expression to act on. Sites in template instantiations are found on their
// concrete types; sites in uninstantiated templates come back with
// Reason::DependentType (only outside system headers). The runtime's own
// namespace `sizespec` is skipped. It also hands over the calls of
// std::make_unique and std::make_shared in user code, which SiteCollector
// pairs with the allocation inside the function they call, and every
// reference to a standard-library function (a call, a construction, its
// address taken), which SiteCollector follows from a site inside the
// library out to the user code that reaches it.
//
//   SiteFinder Finder(Ctx, Opts);
//   Finder.find(TU, /*Instantiations=*/true, [&](FoundSite &F) { ... },
//               [&](const FoundCall &C) { ... },
//               [&](const FoundReference &R) { ... });
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_ANALYSIS_SITEFINDER_H
#define SIZESPEC_ANALYSIS_SITEFINDER_H

#include "sizespec/analysis/SiteAnalysis.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class CallExpr;
class Decl;
class DeclContext;
} // namespace clang

namespace sizespec {

/// True inside the top-level `namespace sizespec` (the runtime's own
/// headers): its code allocates on purpose with what it means, and is
/// neither listed nor redirected.
bool isRuntimeCode(const clang::DeclContext *DC);

struct FoundSite {
  Site S;
  /// Set for the New, NewArray and MakeUnique forms.
  clang::CXXNewExpr *New = nullptr;
  /// Set for the allocator forms: the cast around the builtin call, whose
  /// operand a redirect replaces.
  clang::CastExpr *AllocatorCast = nullptr;
  /// The innermost function (or lambda call operator) around the site.
  const clang::FunctionDecl *Function = nullptr;
  /// True if the site sits in a dependent context (a template pattern).
  bool InTemplatePattern = false;
};

/// A call of std::make_unique or std::make_shared outside system headers.
struct FoundCall {
  const clang::CallExpr *Call = nullptr;
  /// The specialization it calls.
  const clang::FunctionDecl *Callee = nullptr;
  /// Where a user looks: the name of the function called.
  clang::SourceLocation NameLoc;
  bool Shared = false;
};

/// A function in a system header that another function refers to: calls,
/// constructs with, or takes the address of (std::function keeps its
/// manager so).
struct FoundReference {
  const clang::FunctionDecl *Caller = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
  /// Where a user looks: the name of the function (or the member, or the
  /// constructed variable).
  clang::SourceLocation Loc;
};

class SiteFinder {
public:
  SiteFinder(clang::ASTContext &Ctx, const AnalysisOptions &Opts)
      : Ctx(Ctx), Opts(Opts) {}

  /// Calls \p OnSite for each site in \p D, \p OnCall for each smart
  /// pointer call and \p OnReference for each reference to a function in a
  /// system header. With \p Instantiations, also walks implicit template
  /// instantiations (and generic lambda specializations). A site reachable
  /// twice may be reported twice; SiteCollector deduplicates.
  void find(clang::Decl *D, bool Instantiations,
            llvm::function_ref<void(FoundSite &)> OnSite,
            llvm::function_ref<void(const FoundCall &)> OnCall,
            llvm::function_ref<void(const FoundReference &)> OnReference);

private:
  clang::ASTContext &Ctx;
  AnalysisOptions Opts;
};

} // namespace sizespec

#endif // SIZESPEC_ANALYSIS_SITEFINDER_H
