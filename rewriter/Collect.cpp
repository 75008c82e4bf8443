//===- Collect.cpp - Sites and edits of one translation unit --------------===//
//
// Lists the sites of a translation unit with the shared analysis
// (SiteCollector), then asks SiteRewrite for the edit of each eligible one:
// a `new` expression, or the std::make_unique/make_shared call a record
// stands for.
//
//===----------------------------------------------------------------------===//

#include "Collect.h"
#include "SiteRewrite.h"

#include "sizespec/analysis/SiteCollector.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "llvm/Support/xxhash.h"

using namespace clang;

namespace sizespec::rewriter {

namespace {

/// The edit of one listed site, or why there is none.
SiteEdit editOf(const ListedSite &L, ASTContext &Ctx) {
  const Site &S = L.S;
  if (L.SmartPtrCall) {
    std::optional<RoutineChoice> Choice;
    if (S.Scan && S.Class)
      Choice = RoutineChoice{S.Class, *S.Scan, S.Tiny};
    return rewriteMakeSmartPtr(*L.SmartPtrCall, L.Shared, Choice, Ctx);
  }
  if ((S.Form == SiteForm::New || S.Form == SiteForm::NewArray) && L.New &&
      S.Scan)
    return rewriteNew(*L.New, RoutineChoice{S.Class, *S.Scan, S.Tiny}, Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(S.Loc)))
    return SiteEdit{std::nullopt, LeftAlone::SystemHeader};
  return SiteEdit{std::nullopt, LeftAlone::NoSourceForm};
}

class CollectConsumer : public ASTConsumer {
public:
  CollectConsumer(CompilerInstance &CI, const CollectOptions &Opts,
                  TUResult &Out)
      : CI(CI), Opts(Opts), Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (CI.getDiagnostics().hasErrorOccurred())
      return; // The runner reports the failed parse.
    AnalysisOptions AOpts;
    AOpts.MaxSize = Opts.MaxSize;
    SiteCollector Collector(Ctx, AOpts);
    Collector.collect(Ctx.getTranslationUnitDecl(), /*Instantiations=*/true,
                      [](FoundSite &) {});
    for (ListedSite &L : Collector.finish()) {
      if (L.S.eligible()) {
        SiteEdit E = editOf(L, Ctx);
        if (E.Reason)
          L.Record.LeftAlone = leftAloneCode(*E.Reason).str();
        else if (E.Change)
          Out.Edits.push_back(std::move(*E.Change));
      }
      Out.Sites.push_back(std::move(L.Record));
    }
    hashEditedFiles(Ctx.getSourceManager());
  }

private:
  /// Hashes each file as this parse saw it, to catch a later change.
  void hashEditedFiles(SourceManager &SM) {
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
