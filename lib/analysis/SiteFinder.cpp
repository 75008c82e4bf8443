//===- SiteFinder.cpp - Find the allocation sites in a declaration --------===//

#include "sizespec/analysis/SiteFinder.h"
#include "sizespec/analysis/StdLibrary.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprConcepts.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"

using namespace clang;

namespace sizespec {
namespace {

class Walker : public RecursiveASTVisitor<Walker> {
  using Base = RecursiveASTVisitor<Walker>;

public:
  Walker(ASTContext &Ctx, const AnalysisOptions &Opts, bool Instantiations,
         llvm::function_ref<void(FoundSite &)> OnSite,
         llvm::function_ref<void(const FoundCall &)> OnCall,
         llvm::function_ref<void(const FoundReference &)> OnReference)
      : Ctx(Ctx), Opts(Opts), Instantiations(Instantiations), OnSite(OnSite),
        OnCall(OnCall), OnReference(OnReference) {}

  bool shouldVisitTemplateInstantiations() const { return Instantiations; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseNamespaceDecl(NamespaceDecl *D) {
    // The runtime's own code allocates on purpose with what it means.
    if (isRuntimeCode(D))
      return true;
    return Base::TraverseNamespaceDecl(D);
  }

  bool TraverseDecl(Decl *D) {
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD) {
      // A class template's pattern in a system header holds only dependent
      // code; the walk visits its instantiations apart.
      if (auto *RD = dyn_cast_or_null<CXXRecordDecl>(D))
        if (RD->isDependentContext() &&
            Ctx.getSourceManager().isInSystemHeader(RD->getLocation()))
          return true;
      return Base::TraverseDecl(D);
    }
    // Most of a translation unit is system headers; only the functions it
    // uses can hold a site worth reporting (see report()). Skipping the rest
    // keeps the walk cheap.
    if (FD->isDependentContext() || !FD->isUsed())
      if (Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
        return true;
    const FunctionDecl *Saved = Function;
    unsigned SavedCE = ConstantEvaluatedDepth;
    Function = FD;
    ConstantEvaluatedDepth = 0;
    bool Result = Base::TraverseDecl(D);
    // Default member initializers run in every constructor that does not
    // name the member; the traversal skips those implicit initializers.
    if (auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      if (Result && Ctor->doesThisDeclarationHaveABody())
        for (CXXCtorInitializer *Init : Ctor->inits())
          if (!Init->isWritten())
            if (auto *DI =
                    dyn_cast_or_null<CXXDefaultInitExpr>(Init->getInit()))
              Result = TraverseStmt(DI->getExpr());
    Function = Saved;
    ConstantEvaluatedDepth = SavedCE;
    return Result;
  }

  bool TraverseLambdaExpr(LambdaExpr *E) {
    const FunctionDecl *Saved = Function;
    Function = E->getCallOperator();
    bool Result = Base::TraverseLambdaExpr(E);
    Function = Saved;
    // A generic lambda's specializations are not children of the
    // expression; walk them so each is decided on its concrete types.
    if (Instantiations)
      if (FunctionTemplateDecl *FTD = E->getDependentCallOperator())
        for (FunctionDecl *Spec : FTD->specializations())
          TraverseDecl(Spec);
    return Result;
  }

  bool TraverseIfStmt(IfStmt *S) {
    Stmt *ConstantBranch = nullptr;
    bool Negated = false;
    if (S->isConsteval())
      ConstantBranch = S->isNegatedConsteval() ? S->getElse() : S->getThen();
    else if (S->getCond() && isConstantEvaluatedTest(S->getCond(), Negated))
      ConstantBranch = Negated ? S->getElse() : S->getThen();
    if (!ConstantBranch)
      return Base::TraverseIfStmt(S);
    for (Stmt *Child : S->children()) {
      if (!Child)
        continue;
      if (Child == ConstantBranch)
        ++ConstantEvaluatedDepth;
      bool Ok = TraverseStmt(Child);
      if (Child == ConstantBranch)
        --ConstantEvaluatedDepth;
      if (!Ok)
        return false;
    }
    return true;
  }

  bool TraverseCXXDefaultInitExpr(CXXDefaultInitExpr *E) {
    return TraverseStmt(E->getExpr());
  }

  /// A default argument is compiled into each caller, which may be emitted
  /// before the callee's declaration is walked.
  bool TraverseCXXDefaultArgExpr(CXXDefaultArgExpr *E) {
    return TraverseStmt(E->getExpr());
  }

  // Unevaluated operands allocate nothing.
#if CLANG_VERSION_MAJOR >= 22
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc, bool) { return true; }
  bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc, bool) { return true; }
#else
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }
  bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc) { return true; }
#endif
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    return true;
  }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) { return true; }
  bool TraverseRequiresExpr(RequiresExpr *) { return true; }

  bool VisitCXXNewExpr(CXXNewExpr *E) {
    FoundSite F;
    F.S = analyzeNewExpr(E, Ctx, Opts, context());
    F.New = E;
    return report(F);
  }

  bool VisitCastExpr(CastExpr *E) {
    if (!matchAllocatorCall(E, Function))
      return true;
    FoundSite F;
    F.S = analyzeAllocatorCall(E, Ctx, Opts, context());
    F.AllocatorCast = E;
    return report(F);
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    reference(dyn_cast<FunctionDecl>(E->getDecl()), E->getLocation());
    return true;
  }

  bool VisitMemberExpr(MemberExpr *E) {
    reference(dyn_cast<FunctionDecl>(E->getMemberDecl()), E->getMemberLoc());
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    reference(E->getConstructor(), E->getLocation());
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    Factory Kind = factoryOf(FD);
    if (Kind == Factory::None || !FD->getTemplateSpecializationArgs())
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    if (SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc())))
      return true;
    FoundCall C;
    C.Call = Call;
    C.Callee = FD;
    C.Shared = Kind == Factory::MakeShared;
    C.NameLoc = Call->getBeginLoc();
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreImplicit()))
      C.NameLoc = DRE->getLocation();
    OnCall(C);
    return true;
  }

private:
  /// Only references into the standard library (system headers) matter:
  /// they are what leads from a site there back to user code.
  void reference(const FunctionDecl *Callee, SourceLocation Loc) {
    if (Function && Callee &&
        Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
      OnReference({Function, Callee, Loc});
  }

  SiteContext context() const {
    SiteContext C;
    C.Function = Function;
    C.ConstantEvaluated = ConstantEvaluatedDepth != 0;
    return C;
  }

  bool report(FoundSite &F) {
    F.Function = Function;
    F.InTemplatePattern = Function && Function->isDependentContext();
    if (F.InTemplatePattern) {
      // A pattern is never compiled; its instantiations are. Keep only the
      // dependent sites of user code, so a template nobody instantiates
      // still shows up in the report.
      if (F.S.Why != Reason::DependentType ||
          Ctx.getSourceManager().isInSystemHeader(F.S.Loc))
        return true;
    }
    // System headers define many inline functions a program never calls,
    // and construct objects in place all over; report their sites only when
    // used, and only those of a form that can be specialized (a user could
    // act on them).
    SourceLocation ExprLoc =
        F.New ? F.New->getBeginLoc() : F.AllocatorCast->getBeginLoc();
    if (Ctx.getSourceManager().isInSystemHeader(ExprLoc) &&
        (!(Function && Function->isUsed()) || !reasonEligible(F.S.Why)))
      return true;
    OnSite(F);
    return true;
  }

  ASTContext &Ctx;
  const AnalysisOptions &Opts;
  bool Instantiations;
  llvm::function_ref<void(FoundSite &)> OnSite;
  llvm::function_ref<void(const FoundCall &)> OnCall;
  llvm::function_ref<void(const FoundReference &)> OnReference;
  const FunctionDecl *Function = nullptr;
  unsigned ConstantEvaluatedDepth = 0;
};

} // namespace

bool isRuntimeCode(const DeclContext *DC) {
  for (; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getIdentifier() && NS->getName() == "sizespec" &&
          NS->getParent()->getRedeclContext()->isTranslationUnit())
        return true;
  return false;
}

void SiteFinder::find(
    Decl *D, bool Instantiations, llvm::function_ref<void(FoundSite &)> OnSite,
    llvm::function_ref<void(const FoundCall &)> OnCall,
    llvm::function_ref<void(const FoundReference &)> OnReference) {
  Walker(Ctx, Opts, Instantiations, OnSite, OnCall, OnReference)
      .TraverseDecl(D);
}

} // namespace sizespec
