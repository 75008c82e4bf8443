//===- SiteRewrite.cpp - Turn an eligible site into a routine call --------===//

#include "SiteRewrite.h"
#include "sizespec/model/SiteRecord.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;
using llvm::StringRef;

namespace sizespec::rewriter {

namespace {

/// The real path of the file \p FID: how edits and content hashes name a
/// file, so that every translation unit names a header the same way.
std::string filePath(FileID FID, const SourceManager &SM) {
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return {};
  StringRef Real = FE->getFileEntry().tryGetRealPathName();
  if (!Real.empty())
    return Real.str();
  llvm::SmallString<256> Path;
  if (llvm::sys::fs::real_path(FE->getName(), Path))
    return FE->getName().str();
  return Path.str().str();
}

/// The function whose body holds \p S (a lambda's call operator for a
/// site in a lambda), or null at namespace or class scope.
const FunctionDecl *enclosingFunction(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (const auto *FD = P.get<FunctionDecl>())
      return FD;
    if (const auto *L = P.get<LambdaExpr>())
      return L->getCallOperator();
    if (P.get<Decl>() && !P.get<VarDecl>())
      return nullptr;
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

SiteEdit leave(LeftAlone R) { return SiteEdit{std::nullopt, R}; }

std::string routineName(RoutineChoice R, StringRef Type) {
  // The tiny path is pointer-free only.
  return "::sizespec::" + sizespec::routineName(R.Scan && !R.Tiny,
                                                /*RuntimeSize=*/false, R.Tiny,
                                                R.Class, Type);
}

/// Finds the expression of class \p Class that begins at \p Loc in a body.
class TwinFinder : public RecursiveASTVisitor<TwinFinder> {
public:
  TwinFinder(SourceLocation Loc, Stmt::StmtClass Class)
      : Loc(Loc), Class(Class) {}
  bool VisitStmt(Stmt *S) {
    if (S->getStmtClass() == Class && S->getBeginLoc() == Loc) {
      Found = S;
      return false;
    }
    return true;
  }
  const Stmt *Found = nullptr;

private:
  SourceLocation Loc;
  Stmt::StmtClass Class;
};

/// For a site in a template instantiation, the same site in the template
/// as written; the site itself elsewhere. Null if the template's site cannot
/// be found.
const Stmt *asWritten(const Stmt &S, ASTContext &Ctx) {
  const FunctionDecl *FD = enclosingFunction(S, Ctx);
  if (!FD)
    return &S;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  if (!Pattern || Pattern == FD)
    return &S;
  TwinFinder Finder(S.getBeginLoc(), S.getStmtClass());
  Finder.TraverseDecl(const_cast<FunctionDecl *>(Pattern));
  return Finder.Found;
}

/// Checks shared by every form; the file range of the site when it may be
/// edited.
std::optional<LeftAlone> checkPlace(const Expr &E, ASTContext &Ctx,
                                    CharSourceRange &FileRange) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(E.getBeginLoc())))
    return LeftAlone::SystemHeader;
  for (SourceLocation L : {E.getBeginLoc(), E.getEndLoc()})
    if (L.isMacroID() && !SM.isMacroArgExpansion(L))
      return LeftAlone::MacroBody;
  FileRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E.getSourceRange()), SM,
      Ctx.getLangOpts());
  if (FileRange.isInvalid())
    return LeftAlone::MacroBody;
  return std::nullopt;
}

/// True if \p E is in a function declared constexpr or consteval, which
/// constant evaluation may run: it cannot call the routine. A lambda is
/// constexpr implicitly whenever it can be; rewriting only makes it not so.
bool inConstexprFunction(const Expr &E, ASTContext &Ctx) {
  const FunctionDecl *FD = enclosingFunction(E, Ctx);
  if (!FD || isLambdaCallOperator(FD))
    return false;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  return FD->isConstexpr();
}

/// The source text of \p R, mapped to the file; empty if it is not there.
std::string fileText(SourceRange R, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange FR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (FR.isInvalid())
    return {};
  return Lexer::getSourceText(FR, SM, Ctx.getLangOpts()).str();
}

/// An insertion of \p Text at the file location \p Loc.
Edit insertAt(SourceLocation Loc, std::string Text, const SourceManager &SM) {
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  return Edit{filePath(FID, SM), Offset, 0, std::move(Text)};
}

/// True if \p RD or a base declares \p Op, hiding the global one.
bool declaresOperator(const CXXRecordDecl *RD, OverloadedOperatorKind Op) {
  if (!RD || !RD->hasDefinition())
    return false;
  RD = RD->getDefinition();
  DeclarationName Name =
      RD->getASTContext().DeclarationNames.getCXXOperatorName(Op);
  if (!RD->lookup(Name).empty())
    return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (declaresOperator(B.getType()->getAsCXXRecordDecl(), Op))
      return true;
  return false;
}

bool isDependentNew(const CXXNewExpr &N) {
  if (N.getAllocatedType()->isDependentType())
    return true;
  std::optional<const Expr *> Count = N.getArraySize();
  return Count && *Count && (*Count)->isValueDependent();
}

/// The type the routine is named with: `Point`, or `Point[3]` for an array.
std::optional<std::string> routineType(const CXXNewExpr &New, ASTContext &Ctx) {
  const TypeSourceInfo *TSI = New.getAllocatedTypeSourceInfo();
  if (!TSI || New.getAllocatedType()->getContainedDeducedType())
    return std::nullopt;
  std::string Text = fileText(TSI->getTypeLoc().getSourceRange(), Ctx);
  if (Text.empty())
    return std::nullopt;
  if (!New.isArray())
    return Text;
  // A multi-dimensional or function-pointer element type would need the
  // bound spliced into the declarator; such sites are rare enough to keep.
  if (New.getAllocatedType()->isArrayType() || StringRef(Text).contains('('))
    return std::nullopt;
  std::optional<const Expr *> Count = New.getArraySize();
  if (!Count || !*Count)
    return std::nullopt;
  std::optional<llvm::APSInt> N = (*Count)->getIntegerConstantExpr(Ctx);
  if (!N)
    return std::nullopt;
  return Text + "[" + std::to_string(N->getExtValue()) + "]";
}

} // namespace

SiteEdit rewriteNew(const CXXNewExpr &New, RoutineChoice Routine,
                    ASTContext &Ctx) {
  CharSourceRange FileRange;
  if (std::optional<LeftAlone> R = checkPlace(New, Ctx, FileRange))
    return leave(*R);
  const auto *Written = dyn_cast_or_null<CXXNewExpr>(asWritten(New, Ctx));
  if (!Written || isDependentNew(*Written))
    return leave(LeftAlone::Dependent);
  if (inConstexprFunction(New, Ctx))
    return leave(LeftAlone::ConstexprFunction);
  if (!New.isGlobalNew() &&
      declaresOperator(New.getAllocatedType()
                           ->getBaseElementTypeUnsafe()
                           ->getAsCXXRecordDecl(),
                       New.isArray() ? OO_Array_Delete : OO_Delete))
    return leave(LeftAlone::ClassOperatorDelete);
  std::optional<std::string> Type = routineType(New, Ctx);
  if (!Type)
    return leave(LeftAlone::TypeNotSpellable);

  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // Find the `new` keyword (after `::` for a global new) and, for the
  // nothrow form, the parenthesis that opens its placement arguments.
  SourceLocation Loc = FileRange.getBegin();
  Token Tok;
  if (Lexer::getRawToken(Loc, Tok, SM, LO, /*IgnoreWhiteSpace=*/true))
    return leave(LeftAlone::MacroBody);
  if (Tok.is(tok::coloncolon)) {
    std::optional<Token> Next = Lexer::findNextToken(Loc, SM, LO);
    if (!Next)
      return leave(LeftAlone::MacroBody);
    Tok = *Next;
  }
  if (!Tok.is(tok::raw_identifier) || Tok.getRawIdentifier() != "new")
    return leave(LeftAlone::MacroBody);
  std::string Name = routineName(Routine, *Type);
  if (New.getNumPlacementArgs() == 0)
    return SiteEdit{insertAt(Tok.getEndLoc(), " (" + Name + ")", SM),
                    std::nullopt};
  std::optional<Token> Paren = Lexer::findNextToken(Tok.getLocation(), SM, LO);
  if (!Paren || !Paren->is(tok::l_paren))
    return leave(LeftAlone::MacroBody);
  return SiteEdit{insertAt(Paren->getEndLoc(), Name + ", ", SM), std::nullopt};
}

SiteEdit rewriteMakeSmartPtr(const CallExpr &Call, bool Shared,
                             std::optional<RoutineChoice> Routine,
                             ASTContext &Ctx) {
  CharSourceRange FileRange;
  if (std::optional<LeftAlone> R = checkPlace(Call, Ctx, FileRange))
    return leave(*R);
  const auto *DRE = dyn_cast<DeclRefExpr>(Call.getCallee()->IgnoreImplicit());
  if (!DRE || DRE->getNumTemplateArgs() < 1)
    return leave(LeftAlone::TypeNotSpellable);
  const auto *Written = dyn_cast_or_null<CallExpr>(asWritten(Call, Ctx));
  if (!Written)
    return leave(LeftAlone::Dependent);
  if (Written != &Call) {
    const Expr *Callee = Written->getCallee()->IgnoreImplicit();
    ArrayRef<TemplateArgumentLoc> Args;
    if (const auto *WD = dyn_cast<DeclRefExpr>(Callee))
      Args = WD->template_arguments();
    else if (const auto *OE = dyn_cast<OverloadExpr>(Callee))
      Args = OE->template_arguments();
    if (Args.empty() || Args[0].getArgument().isDependent())
      return leave(LeftAlone::Dependent);
  }
  if (inConstexprFunction(Call, Ctx))
    return leave(LeftAlone::ConstexprFunction);
  const TemplateArgumentLoc &Arg = DRE->template_arguments()[0];
  if (Arg.getArgument().getKind() != TemplateArgument::Type)
    return leave(LeftAlone::TypeNotSpellable);
  QualType Allocated = Arg.getArgument().getAsType();
  if (Allocated->isArrayType())
    return leave(LeftAlone::ArraySmartPointer);
  // std::make_unique's `new T` frees through T::operator delete when the
  // constructor throws; the helper's placement form would not find it.
  if (!Shared && declaresOperator(Allocated->getAsCXXRecordDecl(), OO_Delete))
    return leave(LeftAlone::ClassOperatorDelete);
  std::string Type = fileText(Arg.getSourceRange(), Ctx);
  if (Type.empty())
    return leave(LeftAlone::TypeNotSpellable);

  // One edit from the start of the callee's name (qualifier included) to
  // the call's opening parenthesis: `std::make_unique<Point>(1)` becomes
  // `::sizespec::make_unique<Point>(::sizespec::alloc_noscan_sc3<Point>, 1)`.
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Callee = Lexer::makeFileCharRange(
      CharSourceRange::getCharRange(DRE->getBeginLoc(), DRE->getLAngleLoc()),
      SM, Ctx.getLangOpts());
  if (Callee.isInvalid())
    return leave(LeftAlone::MacroBody);
  // Fully qualified: a user namespace called `sizespec` must not capture it.
  std::string Text =
      Shared ? "::sizespec::make_shared" : "::sizespec::make_unique";
  Edit E = insertAt(Callee.getBegin(), Text, SM);
  E.Length = SM.getFileOffset(Callee.getEnd()) - E.Offset;
  if (Shared || !Routine)
    return SiteEdit{E, std::nullopt};
  // The routine is the first call argument, not a template argument: GCC
  // does not instantiate a function template named as a template argument
  // inside a template, and the link then fails.
  std::optional<Token> LParen = Lexer::findNextToken(
      SM.getFileLoc(DRE->getRAngleLoc()), SM, Ctx.getLangOpts());
  if (!LParen || !LParen->is(tok::l_paren) || LParen->getLocation().isMacroID())
    return leave(LeftAlone::MacroBody);
  unsigned ArgsOffset = SM.getFileOffset(LParen->getEndLoc());
  StringRef Buffer = SM.getBufferData(SM.getFileID(LParen->getLocation()));
  E.Text += Buffer.slice(E.Offset + E.Length, ArgsOffset);
  E.Text += routineName(*Routine, Type);
  bool HasArgs =
      Call.getNumArgs() > 0 && !isa<CXXDefaultArgExpr>(Call.getArg(0));
  if (HasArgs)
    E.Text += ", ";
  E.Length = ArgsOffset - E.Offset;
  return SiteEdit{E, std::nullopt};
}

} // namespace sizespec::rewriter
