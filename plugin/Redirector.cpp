//===- Redirector.cpp - Point an allocation site at a sizespec routine ----===//

#include "Redirector.h"

#include "sizespec/abi/RuntimeABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace sizespec {

NamespaceDecl *Redirector::runtimeNamespace() {
  if (LookedUp)
    return Namespace;
  LookedUp = true;
  ASTContext &Ctx = S.getASTContext();
  for (NamedDecl *D :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("sizespec")))
    if (auto *NS = dyn_cast<NamespaceDecl>(D))
      Namespace = NS;
  return Namespace;
}

/// The overload of a marker: (size_t [, align_val_t] [, const nothrow_t &]).
static bool hasSignature(const FunctionDecl *FD, bool Aligned, bool Nothrow) {
  unsigned N = FD->getNumParams();
  if (N != 1u + Aligned + Nothrow)
    return false;
  return N == 1 || FD->getParamDecl(1)->getType()->isEnumeralType() == Aligned;
}

/// "site_new_noscan", "site_array_scan", ... (<sizespec/site_markers.h>).
static const char *markerName(const Site &Info) {
  return abi::marker(Info.Form == SiteForm::NewArray, *Info.Scan).Name;
}

FunctionDecl *Redirector::marker(const Site &Info, bool Aligned, bool Nothrow,
                                 SourceLocation Loc) {
  NamespaceDecl *NS = runtimeNamespace();
  if (!NS || !Info.Scan)
    return nullptr;
  ASTContext &Ctx = S.getASTContext();
  NamespaceDecl *Detail = nullptr;
  for (NamedDecl *D :
       NS->getPrimaryContext()->lookup(&Ctx.Idents.get("detail")))
    if (auto *ND = dyn_cast<NamespaceDecl>(D))
      Detail = ND;
  if (!Detail)
    return nullptr;
  FunctionDecl *Marker = nullptr;
  for (NamedDecl *D :
       Detail->getPrimaryContext()->lookup(&Ctx.Idents.get(markerName(Info))))
    if (auto *FD = dyn_cast<FunctionDecl>(D))
      if (hasSignature(FD, Aligned, Nothrow))
        Marker = FD;
  if (Marker)
    S.MarkFunctionReferenced(Loc, Marker);
  return Marker;
}

bool Redirector::redirectNew(CXXNewExpr *E, const Site &Info) {
  FunctionDecl *Marker =
      marker(Info, Info.PassesAlignment, Info.Nothrow, E->getBeginLoc());
  if (!Marker)
    return false;
  E->setOperatorNew(Marker);
  return true;
}

bool Redirector::redirectAllocator(CastExpr *Cast, const Site &Info) {
  auto *Builtin = cast<CallExpr>(Cast->getSubExpr());
  SourceLocation Loc = Builtin->getBeginLoc();
  FunctionDecl *Spec = marker(Info, false, false, Loc);
  if (!Spec)
    return false;
  // Swapping the callee of the builtin call in place breaks CodeGen (its
  // callee is a BuiltinFnToFnPtr cast); build an ordinary call instead.
  ASTContext &Ctx = S.getASTContext();
  auto *Ref =
      DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(), Spec,
                          /*RefersToEnclosingVariableOrCapture=*/false, Loc,
                          Spec->getType(), VK_LValue);
  auto *Callee = ImplicitCastExpr::Create(
      Ctx, Ctx.getPointerType(Spec->getType()), CK_FunctionToPointerDecay, Ref,
      nullptr, VK_PRValue, FPOptionsOverride());
  Expr *Arg = Builtin->getArg(0);
  auto *Call =
      CallExpr::Create(Ctx, Callee, {Arg}, Spec->getReturnType(), VK_PRValue,
                       Builtin->getRParenLoc(), FPOptionsOverride());
  Cast->setSubExpr(Call);
  return true;
}

} // namespace sizespec
