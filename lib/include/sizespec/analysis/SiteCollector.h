//===- SiteCollector.h - The listed sites of a translation unit -*- C++ -*-===//
//
// The one listing policy of the plugin and the rewriter: it finds the sites
// of a translation unit, each once, and hands back finished records with the
// expressions behind them. It owns
//   - de-duplication: a site reachable twice (an eager function walked
//     early and again with the whole unit) is acted on and listed once;
//   - template patterns: a dependent site is listed only when no
//     instantiation of it was found at its place;
//   - the shown location: the file location (a site in a macro argument is
//     shown where its text is, one in a macro body at the expansion), as
//     Clang's own diagnostics show it;
//   - std::make_unique and std::make_shared: the allocation inside the
//     standard library is listed at each call in user code that reaches it;
//   - every other site inside a system header (containers, std::string,
//     std::function): listed once, at the first place in user code that
//     reaches it through calls, constructions and functions whose address
//     is taken (the push_back, the container's declaration), and not at
//     all when no user code does (allocator<char32_t> in every unit that
//     includes <string>).
//
//   SiteCollector Collector(Ctx, Opts);
//   Collector.collect(TU, /*Instantiations=*/true, [&](FoundSite &F) {
//     ... redirect F, or F.S.refuse(...) ...
//   });
//   for (ListedSite &L : Collector.finish()) ... L.Record ...
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_ANALYSIS_SITECOLLECTOR_H
#define SIZESPEC_ANALYSIS_SITECOLLECTOR_H

#include "sizespec/analysis/SiteFinder.h"
#include "sizespec/model/SiteRecord.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace sizespec {

/// One listed site: its record, the analysis behind it, and the expression
/// a front end acts on.
struct ListedSite {
  SiteRecord Record;
  Site S;
  /// The site's own expression (see FoundSite).
  clang::CXXNewExpr *New = nullptr;
  clang::CastExpr *AllocatorCast = nullptr;
  /// The function whose body holds the expression (see FoundSite).
  const clang::FunctionDecl *Function = nullptr;
  /// Set when the record stands for a call of std::make_unique or
  /// std::make_shared in user code: the call, and which of the two.
  const clang::CallExpr *SmartPtrCall = nullptr;
  bool Shared = false;
};

/// The record of site \p S, shown at \p Where (a file location).
SiteRecord recordOf(const Site &S, clang::SourceLocation Where,
                    const clang::SourceManager &SM);

class SiteCollector {
public:
  SiteCollector(clang::ASTContext &Ctx, const AnalysisOptions &Opts)
      : Ctx(Ctx), Finder(Ctx, Opts) {}

  /// Finds the sites of \p D (with \p Instantiations, inside template
  /// instantiations too). \p Act sees each site of compiled code once, the
  /// first time it is found, and may refuse it (the plugin redirects there);
  /// sites of template patterns are only kept.
  void collect(clang::Decl *D, bool Instantiations,
               llvm::function_ref<void(FoundSite &)> Act);

  /// Every site collected, listed by the policy above, sorted by file,
  /// line, column and what it allocates, each record once.
  std::vector<ListedSite> finish() const;

private:
  /// The first place in user code, in translation-unit order, that reaches
  /// \p From (a function in a system header) through references; invalid
  /// if none does.
  clang::SourceLocation userOrigin(const clang::FunctionDecl *From) const;

  clang::ASTContext &Ctx;
  SiteFinder Finder;
  llvm::DenseSet<const void *> Seen;
  std::vector<FoundSite> Sites;
  std::vector<FoundSite> Patterns;
  std::vector<FoundCall> Calls;
  /// For each function in a system header (canonical), who refers to it.
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<FoundReference, 2>>
      Callers;
};

} // namespace sizespec

#endif // SIZESPEC_ANALYSIS_SITECOLLECTOR_H
