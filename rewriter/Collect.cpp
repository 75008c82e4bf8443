//===- Collect.cpp - Sites and edits of one translation unit --------------===//
//
// Runs the shared site analysis (sizespecAnalysis) over a translation unit,
// then asks SiteRewrite for the edit of each eligible site. The analysis
// sees std::make_unique and std::make_shared inside their instantiations;
// the rewriter edits the calls, so it pairs each call in user code with the
// analysis of the instantiation it calls.
//
//===----------------------------------------------------------------------===//

#include "Collect.h"
#include "SiteRewrite.h"

#include "SiteFinder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/xxhash.h"

#include <set>

using namespace clang;

namespace sizespec::rewriter {

namespace {

/// The analysis's record of \p S, shown at the expansion of \p Loc.
SiteRecord makeRecord(const Site &S, SourceLocation Loc,
                      const SourceManager &SM) {
  SiteRecord R;
  static_cast<sizespec::SiteRecord &>(R) =
      recordOf(S, SM.getExpansionLoc(Loc), SM);
  return R;
}

/// The calls of std::make_unique and std::make_shared outside system
/// headers, template instantiations included.
class SmartPtrCalls : public RecursiveASTVisitor<SmartPtrCalls> {
public:
  explicit SmartPtrCalls(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
        !FD->getTemplateSpecializationArgs())
      return true;
    StringRef Name = FD->getName();
    if (Name != "make_unique" && Name != "make_shared")
      return true;
    if (SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc())))
      return true;
    Found.push_back({Call, FD, Name == "make_shared"});
    return true;
  }

  struct Found_ {
    const CallExpr *Call;
    const FunctionDecl *Callee;
    bool Shared;
  };
  std::vector<Found_> Found;

private:
  const SourceManager &SM;
};

class CollectConsumer : public ASTConsumer {
public:
  CollectConsumer(CompilerInstance &CI, const CollectOptions &Opts,
                  TUResult &Out)
      : CI(CI), Opts(Opts), Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (CI.getDiagnostics().hasErrorOccurred())
      return; // The runner reports the failed parse.
    const SourceManager &SM = Ctx.getSourceManager();
    AnalysisOptions AOpts;
    AOpts.MaxSize = Opts.MaxSize;

    std::vector<FoundSite> Sites;
    llvm::DenseSet<const void *> Seen;
    SiteFinder(Ctx, AOpts)
        .find(Ctx.getTranslationUnitDecl(), /*Instantiations=*/true,
              [&](FoundSite &F) {
                const void *Key =
                    F.New ? static_cast<const void *>(F.New) : F.AllocatorCast;
                if (Seen.insert(Key).second)
                  Sites.push_back(F);
              });

    // What the analysis found inside each make_unique instantiation, and
    // for each make_shared object type.
    llvm::DenseMap<const Decl *, const Site *> UniqueByCallee;
    llvm::DenseMap<const Type *, const Site *> SharedByType;
    for (const FoundSite &F : Sites) {
      if (F.S.Form == SiteForm::MakeUnique && F.New) {
        if (const FunctionDecl *FD = enclosingFunction(*F.New, Ctx))
          UniqueByCallee.try_emplace(FD->getCanonicalDecl(), &F.S);
      } else if (F.S.Form == SiteForm::MakeShared &&
                 !F.S.RoutineType.isNull()) {
        if (const auto *Block =
                dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                    F.S.RoutineType->getAsCXXRecordDecl());
            Block && Block->getTemplateArgs().size() > 0 &&
            Block->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
          SharedByType.try_emplace(Block->getTemplateArgs()[0]
                                       .getAsType()
                                       .getCanonicalType()
                                       .getUnqualifiedType()
                                       .getTypePtr(),
                                   &F.S);
      }
    }

    SmartPtrCalls Calls(SM);
    Calls.TraverseDecl(Ctx.getTranslationUnitDecl());
    // Forms and types the call records stand for.
    std::set<std::pair<std::string, std::string>> Called;
    for (const auto &C : Calls.Found) {
      const Site *S = nullptr;
      if (!C.Shared) {
        S = UniqueByCallee.lookup(C.Callee->getCanonicalDecl());
      } else {
        QualType T =
            C.Callee->getTemplateSpecializationArgs()->get(0).getAsType();
        if (!T.isNull())
          S = SharedByType.lookup(
              T.getCanonicalType().getUnqualifiedType().getTypePtr());
      }
      if (!S)
        continue;
      // Where the plugin puts a make_unique site: the function's name.
      SourceLocation Loc = C.Call->getBeginLoc();
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(C.Call->getCallee()->IgnoreImplicit()))
        Loc = DRE->getLocation();
      SiteRecord R = makeRecord(*S, Loc, SM);
      Called.insert({R.Form, R.Type});
      if (S->eligible()) {
        std::optional<RoutineChoice> Choice;
        if (S->Scan && S->Class)
          Choice = RoutineChoice{S->Class, *S->Scan};
        apply(R, rewriteMakeSmartPtr(*C.Call, C.Shared, Choice, Ctx));
      }
      Out.Sites.push_back(std::move(R));
    }

    for (const FoundSite &F : Sites) {
      SiteRecord R = makeRecord(F.S, F.S.Loc, SM);
      bool SmartPtr = F.S.Form == SiteForm::MakeUnique ||
                      F.S.Form == SiteForm::MakeShared ||
                      F.S.Form == SiteForm::AllocateShared;
      if (SmartPtr && Called.count({R.Form, R.Type}))
        continue; // The records of the calls stand for it.
      if (F.S.eligible()) {
        if ((F.S.Form == SiteForm::New || F.S.Form == SiteForm::NewArray) &&
            F.New && F.S.Scan)
          apply(R,
                rewriteNew(*F.New, RoutineChoice{F.S.Class, *F.S.Scan}, Ctx));
        else if (SM.isInSystemHeader(SM.getExpansionLoc(F.S.Loc)))
          R.LeftAlone = leftAloneCode(LeftAlone::SystemHeader).str();
        else
          R.LeftAlone = leftAloneCode(LeftAlone::NoSourceForm).str();
      }
      Out.Sites.push_back(std::move(R));
    }

    // Hash each file as this parse saw it, to catch a later change.
    for (const Edit &E : Out.Edits) {
      if (Out.ParsedHash.count(E.File))
        continue;
      if (auto FE = SM.getFileManager().getOptionalFileRef(E.File)) {
        FileID FID = SM.translateFile(*FE);
        if (FID.isValid())
          Out.ParsedHash[E.File] = llvm::xxh3_64bits(SM.getBufferData(FID));
      }
    }
  }

private:
  void apply(SiteRecord &R, SiteEdit E) {
    if (E.Reason)
      R.LeftAlone = leftAloneCode(*E.Reason).str();
    else if (E.Change)
      Out.Edits.push_back(std::move(*E.Change));
  }

  CompilerInstance &CI;
  const CollectOptions &Opts;
  TUResult &Out;
};

class CollectAction : public ASTFrontendAction {
public:
  CollectAction(const CollectOptions &Opts, TUResult &Out)
      : Opts(Opts), Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<CollectConsumer>(CI, Opts, Out);
  }

private:
  const CollectOptions &Opts;
  TUResult &Out;
};

class CollectFactory : public tooling::FrontendActionFactory {
public:
  CollectFactory(const CollectOptions &Opts, TUResult &Out)
      : Opts(Opts), Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CollectAction>(Opts, Out);
  }

private:
  CollectOptions Opts;
  TUResult &Out;
};

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
newCollectActionFactory(const CollectOptions &Opts, TUResult &Out) {
  return std::make_unique<CollectFactory>(Opts, Out);
}

} // namespace sizespec::rewriter
