//===- SiteRewrite.h - Turn an eligible site into a routine call -*- C++
//-*-===//
//
// The rewrite keeps the initializer text verbatim and only adds a placement
// argument naming the routine, so every form of initialization keeps its
// exact meaning. Names are fully qualified (a user namespace `sizespec`
// must not capture them):
//
// - `new Point(1, 2)` becomes
//   `new (::sizespec::alloc_noscan_sc3<Point>) Point(1, 2)`;
// - `::new Node{}` becomes `::new (::sizespec::alloc_scan_sc2<Node>) Node{}`;
// - `new (std::nothrow) Point` becomes
//   `new (::sizespec::alloc_noscan_sc3<Point>, std::nothrow) Point`;
// - `new int[4]` becomes `new (::sizespec::alloc_noscan_sc2<int[4]>) int[4]`;
// - `std::make_unique<Point>(1)` becomes
//   `::sizespec::make_unique<Point>(::sizespec::alloc_noscan_sc3<Point>, 1)`;
// - `std::make_shared<Point>(1)` becomes `::sizespec::make_shared<Point>(1)`.
//
// <sizespec/rewrite.h> declares the placement operator new taking a routine
// (with its matching placement operator delete, so memory is freed when a
// constructor throws) and the smart-pointer helpers.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_REWRITER_SITEREWRITE_H
#define SIZESPEC_REWRITER_SITEREWRITE_H

#include "Results.h"
#include "sizespec/model/Codes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

namespace sizespec::rewriter {

/// The source edit for one eligible site, or why there is none.
struct SiteEdit {
  std::optional<Edit> Change;
  std::optional<LeftAlone> Reason;
};

/// The routine the analysis chose: class 1..32, scan or noscan, or the
/// tiny routine (alloc_noscan_tiny).
struct RoutineChoice {
  unsigned Class;
  bool Scan;
  bool Tiny = false;
};

/// Rewrites `new T...` (throwing or nothrow, with or without `::`).
SiteEdit rewriteNew(const clang::CXXNewExpr &New, RoutineChoice Routine,
                    clang::ASTContext &Ctx);

/// Rewrites `std::make_unique<T>(args)` (routine given) or
/// `std::make_shared<T>(args)` (the helper picks the class itself).
SiteEdit rewriteMakeSmartPtr(const clang::CallExpr &Call, bool Shared,
                             std::optional<RoutineChoice> Routine,
                             clang::ASTContext &Ctx);

} // namespace sizespec::rewriter

#endif // SIZESPEC_REWRITER_SITEREWRITE_H
