//===- SizespecConsumer.cpp - Find, redirect and report the sites ---------===//

#include "SizespecConsumer.h"
#include "SitePasses.h"
#include "Version.h"
#include "sizespec/model/Sidecar.h"
#include "sizespec/model/SiteSection.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace sizespec {
namespace {

/// CodeGen emits this function as soon as it sees it (see the header).
bool emittedEagerly(const FunctionDecl *FD) {
  if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext() ||
      FD->isConstexpr())
    return false;
  TemplateSpecializationKind TSK = FD->getTemplateSpecializationKind();
  if (TSK == TSK_ExplicitInstantiationDefinition)
    return true;
  if (TSK == TSK_ImplicitInstantiation)
    return false;
  return !FD->isInlined() || FD->hasAttr<UsedAttr>();
}

bool initializedEagerly(const VarDecl *VD) {
  return VD->hasGlobalStorage() && !VD->isStaticLocal() && VD->hasInit() &&
         !VD->isInline() && !VD->isConstexpr() &&
         !VD->getDeclContext()->isDependentContext() &&
         VD->getTemplateSpecializationKind() != TSK_ImplicitInstantiation;
}

/// How the object names \p FD: its mangled name (a constructor's or
/// destructor's complete-object variant; the report makes the variants one).
std::string objectName(MangleContext &MC, const FunctionDecl *FD) {
  if (!MC.shouldMangleDeclName(FD))
    return FD->getDeclName().getAsString();
  GlobalDecl GD(FD);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    GD = GlobalDecl(Ctor, Ctor_Complete);
  else if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(FD))
    GD = GlobalDecl(Dtor, Dtor_Complete);
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  MC.mangleName(GD, OS);
  return Name;
}

} // namespace

std::optional<SiteCode> SizespecConsumer::codeOf(const ListedSite &L) {
  const Expr *E = L.New             ? static_cast<const Expr *>(L.New)
                  : L.AllocatorCast ? L.AllocatorCast->getSubExpr()
                                    : nullptr;
  // A template's pattern is not compiled: its instantiations are.
  if (!E || !L.Function || L.Function->isDependentContext())
    return std::nullopt;
  // As CodeGen's debug info locates the call: the presumed location of the
  // expression's (in a macro, the expansion's).
  PresumedLoc P = CI.getSourceManager().getPresumedLoc(E->getExprLoc());
  if (P.isInvalid())
    return std::nullopt;
  if (!Mangler)
    Mangler.reset(CI.getASTContext().createMangleContext());
  return SiteCode{objectName(*Mangler, L.Function), P.getFilename(),
                  P.getLine(), P.getColumn()};
}

SizespecConsumer::SizespecConsumer(CompilerInstance &CI, PluginOptions O)
    : CI(CI), Opts(std::move(O)) {
  Analysis.MaxSize = Opts.Max;
  Analysis.Off = Opts.Off;
  ShouldRedirect = !Opts.Off && !Opts.Sanitizer && CI.getLangOpts().CPlusPlus;
}

SizespecConsumer::~SizespecConsumer() = default;

void SizespecConsumer::InitializeSema(clang::Sema &S) {
  SemaRef = &S;
  Redir = std::make_unique<Redirector>(S);
  Collector = std::make_unique<SiteCollector>(S.getASTContext(), Analysis);
}

void SizespecConsumer::ForgetSema() {
  SemaRef = nullptr;
  Redir.reset();
}

bool SizespecConsumer::HandleTopLevelDecl(DeclGroupRef DG) {
  if (Finishing)
    return true;
  for (Decl *D : DG)
    handleEarly(D);
  return true;
}

void SizespecConsumer::handleEarly(Decl *D) {
  if (isRuntimeCode(D->getDeclContext()))
    return;
  if (auto *FD = dyn_cast<FunctionDecl>(D)) {
    if (emittedEagerly(FD))
      process(FD, /*Instantiations=*/false);
    return;
  }
  if (auto *VD = dyn_cast<VarDecl>(D)) {
    if (initializedEagerly(VD))
      process(VD, /*Instantiations=*/false);
    return;
  }
  if (auto *NS = dyn_cast<NamespaceDecl>(D)) {
    if (isRuntimeCode(NS))
      return;
    for (Decl *Child : NS->decls())
      handleEarly(Child);
    return;
  }
  if (isa<LinkageSpecDecl, ExportDecl>(D))
    for (Decl *Child : cast<DeclContext>(D)->decls())
      handleEarly(Child);
}

void SizespecConsumer::process(Decl *D, bool Instantiations) {
  if (Collector)
    Collector->collect(D, Instantiations, [&](FoundSite &F) { act(F); });
}

void SizespecConsumer::act(FoundSite &F) {
  if (F.S.eligible() && Opts.NoPass) {
    F.S.refuse(Reason::NoPass);
  } else if (F.S.eligible() && ShouldRedirect && Redir) {
    bool Done = F.New ? Redir->redirectNew(F.New, F.S)
                      : Redir->redirectAllocator(F.AllocatorCast, F.S);
    if (!Done) {
      F.S.refuse(Reason::NoRuntime);
      warnNoRuntimeOnce();
    }
  } else if (F.S.eligible()) {
    F.S.refuse(Reason::NoRuntime);
  }
}

void SizespecConsumer::warnNoRuntimeOnce() {
  if (!Opts.Preprocessed || WarnedNoRuntime)
    return;
  WarnedNoRuntime = true;
  DiagnosticsEngine &D = CI.getDiagnostics();
  D.Report(D.getCustomDiagID(
      DiagnosticsEngine::Warning,
      "sizespec: this preprocessed input was made without the sizespec "
      "header, so no site is specialized; preprocess with the flags of "
      "`sizespec-config --cxxflags` (they -include it)"));
}

/// The source file a translation unit was compiled from. A preprocessed
/// input names it in its line markers: the end of a .ii is the end of its
/// main source file, which the last marker returns to.
std::string SizespecConsumer::mainFileName() const {
  const FrontendOptions &FE = CI.getFrontendOpts();
  if (FE.Inputs.empty() || !FE.Inputs[0].isFile())
    return "";
  if (!Opts.Preprocessed)
    return FE.Inputs[0].getFile().str();
  const SourceManager &SM = CI.getSourceManager();
  PresumedLoc End =
      SM.getPresumedLoc(SM.getLocForEndOfFile(SM.getMainFileID()));
  return End.isValid() ? End.getFilename() : FE.Inputs[0].getFile().str();
}

void SizespecConsumer::HandleTranslationUnit(ASTContext &Ctx) {
  if (CI.getDiagnostics().hasErrorOccurred() || !Collector)
    return;
  Finishing = true;
  process(Ctx.getTranslationUnitDecl(), /*Instantiations=*/true);
  Finishing = false;
  std::vector<SiteRecord> Records;
  // Every site's code, whatever its verdict: a profile joins the samples of
  // its copies (inlined anywhere) to it.
  for (ListedSite &L : Collector->finish()) {
    L.Record.Code = codeOf(L);
    Records.push_back(std::move(L.Record));
  }
  emitOutputs(Records);
}

/// Whether CodeGen follows the front end in this compile (not -E,
/// -fsyntax-only, a precompiled header, ...).
bool SizespecConsumer::codeGenFollows() const {
  switch (CI.getFrontendOpts().ProgramAction) {
  case frontend::EmitAssembly:
  case frontend::EmitBC:
  case frontend::EmitLLVM:
  case frontend::EmitLLVMOnly:
  case frontend::EmitCodeGenOnly:
  case frontend::EmitObj:
    return true;
  default:
    return false;
  }
}

void SizespecConsumer::emitOutputs(llvm::ArrayRef<SiteRecord> Records) {
  // The listing says what runs: where the passes lower the sites in this
  // compile, the last of them prints it, each site once with its final
  // verdict (removed by the optimizer, left as a call). Elsewhere the front
  // end's verdicts are final: no pipeline follows, or the sites are not
  // specialized (off, a sanitizer, the passes not loaded: Reason::NoPass).
  if (Opts.Report) {
    if (codeGenFollows() && !CI.getCodeGenOpts().DisableLLVMPasses &&
        !Opts.Off && !Opts.Sanitizer && !Opts.NoPass)
      pendingListing() = PendingListing{true, Records.vec()};
    else
      for (const SiteRecord &R : Records)
        llvm::errs() << siteLine(R) << '\n';
  }

  Sidecar SC;
  SC.PluginVersion = kPluginVersion;
  SC.ClangVersion = kClangVersion;
  SC.Settings = llvm::json::Object{
      {"off", Opts.Off},
      {"max", Opts.Max},
      {"sanitizer", Opts.Sanitizer ? llvm::json::Value(*Opts.Sanitizer)
                                   : llvm::json::Value(nullptr)}};
  SC.MainFile = mainFileName();
  // The directory the build ran the compile in: -working-directory, else
  // the one the driver names for debug info (its own, or a compile farm's
  // client's: icecream compiles elsewhere and passes the client's), else
  // this process's.
  SC.Directory = CI.getFileSystemOpts().WorkingDir;
  if (SC.Directory.empty() &&
      llvm::sys::path::is_absolute(CI.getCodeGenOpts().DebugCompilationDir))
    SC.Directory = CI.getCodeGenOpts().DebugCompilationDir;
  if (SC.Directory.empty()) {
    llvm::SmallString<256> Cwd;
    if (!llvm::sys::fs::current_path(Cwd))
      SC.Directory = std::string(Cwd);
  }
  SC.Sites.assign(Records.begin(), Records.end());
  emitSiteSection(sidecarText(SC, /*Pretty=*/false));

  if (Opts.Sidecar.empty())
    return;
  if (llvm::Error E = writeSidecar(Opts.Sidecar, SC)) {
    DiagnosticsEngine &D = CI.getDiagnostics();
    unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Error,
                                    "sizespec: cannot write sidecar '%0': %1");
    D.Report(ID) << Opts.Sidecar << llvm::toString(std::move(E));
  }
}

void SizespecConsumer::emitSiteSection(llvm::StringRef SidecarJson) {
  ASTContext &Ctx = CI.getASTContext();
  if (!Ctx.getTargetInfo().getTriple().isOSBinFormatELF())
    return;
  // Only where CodeGen follows: a declaration added to a precompiled header
  // would reach every translation unit that includes it.
  if (!codeGenFollows())
    return;
  // A file-scope asm block, handed to CodeGen (the next consumer) as any
  // top-level declaration is: a variable would be an allocated section.
  std::string Asm =
      siteSectionAsm(encodeSectionRecord(SectionRecord::Sites, SidecarJson));
  QualType Ty = Ctx.getConstantArrayType(Ctx.CharTy.withConst(),
                                         llvm::APInt(64, Asm.size() + 1),
                                         nullptr, ArraySizeModifier::Normal, 0);
  auto *Str = StringLiteral::Create(Ctx, Asm, StringLiteralKind::Ordinary,
                                    /*Pascal=*/false, Ty, SourceLocation());
  auto *D = FileScopeAsmDecl::Create(Ctx, Ctx.getTranslationUnitDecl(), Str,
                                     SourceLocation(), SourceLocation());
  Ctx.getTranslationUnitDecl()->addDecl(D);
  Finishing = true; // our own HandleTopLevelDecl ignores it
  CI.getASTConsumer().HandleTopLevelDecl(DeclGroupRef(D));
  Finishing = false;
}

} // namespace sizespec
