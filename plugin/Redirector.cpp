//===- Redirector.cpp - Point an allocation site at a sizespec routine ----===//

#include "Redirector.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Version.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/TemplateDeduction.h"

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

/// The overload of a routine: (size_t [, align_val_t] [, const nothrow_t &]).
static bool hasSignature(const FunctionDecl *FD, bool Aligned, bool Nothrow) {
  unsigned N = FD->getNumParams();
  if (N != 1u + Aligned + Nothrow)
    return false;
  return N == 1 || FD->getParamDecl(1)->getType()->isEnumeralType() == Aligned;
}

FunctionDecl *Redirector::specialization(llvm::StringRef Name, bool Aligned,
                                         bool Nothrow, QualType T,
                                         SourceLocation Loc) {
  NamespaceDecl *NS = runtimeNamespace();
  if (!NS)
    return nullptr;
  ASTContext &Ctx = S.getASTContext();
  FunctionTemplateDecl *Template = nullptr;
  for (NamedDecl *D : NS->getPrimaryContext()->lookup(&Ctx.Idents.get(Name)))
    if (auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      if (hasSignature(FTD->getTemplatedDecl(), Aligned, Nothrow))
        Template = FTD;
  if (!Template)
    return nullptr;

  // Name the specialization with an explicit template argument, as
  // `sizespec::alloc_noscan_sc3<T>` would in source.
  TemplateArgumentListInfo Args(Loc, Loc);
  Args.addArgument(TemplateArgumentLoc(TemplateArgument(T),
                                       Ctx.getTrivialTypeSourceInfo(T, Loc)));
  sema::TemplateDeductionInfo Info(Loc);
  FunctionDecl *Spec = nullptr;
  Sema::SFINAETrap Trap(S);
  if (S.DeduceTemplateArguments(Template, &Args, Spec, Info) !=
          TemplateDeductionResult::Success ||
      !Spec)
    return nullptr;
  // Instantiates the body (now, or with the pending instantiations).
  S.MarkFunctionReferenced(Loc, Spec);
  return Spec;
}

bool Redirector::redirectNew(CXXNewExpr *E, const Site &Info) {
  // The aligned overloads forward to the plain routine: it must exist.
  if (Info.PassesAlignment &&
      !specialization(Info.routineBaseName(), false, false, Info.RoutineType,
                      E->getBeginLoc()))
    return false;
  FunctionDecl *Spec =
      specialization(Info.routineBaseName(), Info.PassesAlignment, Info.Nothrow,
                     Info.RoutineType, E->getBeginLoc());
  if (!Spec)
    return false;
  E->setOperatorNew(Spec);
  return true;
}

bool Redirector::redirectAllocator(CastExpr *Cast, const Site &Info) {
  auto *Builtin = cast<CallExpr>(Cast->getSubExpr());
  SourceLocation Loc = Builtin->getBeginLoc();
  FunctionDecl *Spec = specialization(Info.routineBaseName(), false, false,
                                      Info.RoutineType, Loc);
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

void Redirector::instantiatePending() { S.PerformPendingInstantiations(); }

} // namespace sizespec
