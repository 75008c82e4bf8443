//===- SiteAnalysis.h - Analyze one allocation site -------------*- C++ -*-===//
//
// Given one allocation expression, compute the Site record: form, type, size
// (array cookie included), alignment, size class, scan/noscan and
// eligibility with a reason. Pure: looks at the AST, changes nothing.
//
//   Site S = analyzeNewExpr(E, Ctx, Opts, Context);
//   if (S.eligible()) ... S.routineName() == "alloc_noscan_sc3<Point>"
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_ANALYSIS_SITEANALYSIS_H
#define SIZESPEC_ANALYSIS_SITEANALYSIS_H

#include "sizespec/analysis/Site.h"

#include <sizespec/size_classes.h>

#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class CallExpr;
class CastExpr;
class CXXNewExpr;
class FunctionDecl;
class LangOptions;
} // namespace clang

namespace sizespec {

struct AnalysisOptions {
  /// Sites larger than this (bytes) are not specialized; at most
  /// maxSpecializedSize(), the largest class with specialized routines.
  std::uint64_t MaxSize = kDefaultSpecializeMax;
  /// The opt-out: every site is reported with Reason::Off.
  bool Off = false;
};

/// Where a site sits, as the traversal that found it knows.
struct SiteContext {
  /// The innermost function (or lambda call operator) around the site.
  const clang::FunctionDecl *Function = nullptr;
  /// Inside `if consteval`, `if (std::is_constant_evaluated())` or a
  /// consteval function: the site only ever runs in the constant evaluator.
  bool ConstantEvaluated = false;
};

/// Largest value accepted for AnalysisOptions::MaxSize.
std::uint64_t maxSpecializedSize();

/// The name of the sanitizer that turns specialization off in this
/// translation unit ("address", ...), or std::nullopt.
std::optional<llvm::StringRef>
blockingSanitizer(const clang::LangOptions &LangOpts);

/// Analyzes `new T`, `new T[N]`, `new (std::nothrow) T`, placement forms and
/// the `new` inside std::make_unique.
Site analyzeNewExpr(const clang::CXXNewExpr *E, clang::ASTContext &Ctx,
                    const AnalysisOptions &Opts, const SiteContext &Where);

/// Analyzes a cast matched by matchAllocatorCall (StdLibrary.h: the
/// allocation of std::allocator<T>::allocate, and so of every container,
/// make_shared and allocate_shared). The form is MakeShared or
/// AllocateShared when T is the standard library's in-place control block
/// (one object, size known), else Allocator (size known only at run time).
Site analyzeAllocatorCall(const clang::CastExpr *Cast, clang::ASTContext &Ctx,
                          const AnalysisOptions &Opts,
                          const SiteContext &Where);

} // namespace sizespec

#endif // SIZESPEC_ANALYSIS_SITEANALYSIS_H
