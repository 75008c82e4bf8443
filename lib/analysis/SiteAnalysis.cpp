//===- SiteAnalysis.cpp - Analyze one allocation site ---------------------===//

#include "sizespec/analysis/SiteAnalysis.h"
#include "sizespec/analysis/ScanRule.h"
#include "sizespec/analysis/StdLibrary.h"

#include "sizespec/size_classes.h"
#include "sizespec/tiny_path.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/Sanitizers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"

using namespace clang;

namespace sizespec {
namespace {

/// A standard library's private alias (`_Fun` in libc++'s std::function,
/// `_Node`): a name the user never wrote and cannot look up.
bool isPrivateLibraryAlias(const TypedefType *TT, const ASTContext &Ctx) {
  const TypedefNameDecl *D = TT->getDecl();
  return D->isReserved(Ctx.getLangOpts()) !=
             ReservedIdentifierStatus::NotReserved &&
         Ctx.getSourceManager().isInSystemHeader(D->getLocation());
}

std::string printType(QualType T, const ASTContext &Ctx) {
  // `new decltype(V)` says more as the type it names, and a library's private
  // alias as the type it stands for, fully qualified.
  while (const auto *DT = dyn_cast<DecltypeType>(T.getTypePtr()))
    T = DT->getUnderlyingType();
  if (const auto *TT = T->getAs<TypedefType>();
      TT && isPrivateLibraryAlias(TT, Ctx))
    T = T.getCanonicalType();
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  Policy.SuppressUnwrittenScope = true;
  return T.getAsString(Policy);
}

/// Itanium ABI array cookie: none unless the elements need destruction or the
/// usual operator delete[] takes a size; then max(sizeof(size_t), alignof(T))
/// (ARM: two size_t). Mirrors CodeGen's ItaniumCXXABI::GetArrayCookieSize.
uint64_t arrayCookieSize(const CXXNewExpr *E, QualType Elem,
                         const ASTContext &Ctx) {
  if (!E->doesUsualArrayDeleteWantSize() && !Elem.isDestructedType())
    return 0;
  uint64_t SizeT = Ctx.getTypeSizeInChars(Ctx.getSizeType()).getQuantity();
  uint64_t Align = Ctx.getTypeAlignInChars(Elem).getQuantity();
  TargetCXXABI::Kind K = Ctx.getTargetInfo().getCXXABI().getKind();
  bool ARM = K == TargetCXXABI::GenericARM || K == TargetCXXABI::iOS ||
             K == TargetCXXABI::WatchOS || K == TargetCXXABI::GenericAArch64 ||
             K == TargetCXXABI::AppleARM64;
  return std::max(ARM ? 2 * SizeT : SizeT, Align);
}

/// Size, alignment, class and scan kind from RoutineType and Size.
void classify(Site &S, const ASTContext &Ctx) {
  S.Align = Ctx.getTypeAlignInChars(S.RoutineType).getQuantity();
  S.Scan = holdsPointers(S.RoutineType, Ctx);
  if (S.Size)
    S.Class = class_of(*S.Size);
}

/// The size, alignment and setting checks every form shares, in the order a
/// user can act on them.
void checkLimits(Site &S, const AnalysisOptions &Opts, const ASTContext &Ctx) {
  if (!S.eligible())
    return;
  if (S.Size && (*S.Size > Opts.MaxSize || !is_specialized_class(S.Class))) {
    S.refuse(Reason::SizeAboveLimit,
             "size above " + std::to_string(Opts.MaxSize) + " B limit by " +
                 std::to_string(*S.Size - Opts.MaxSize) + " B");
    return;
  }
  if (S.Size && S.Align && *S.Align > class_align(S.Class)) {
    S.refuse(Reason::OverAligned,
             "alignment " + std::to_string(*S.Align) + " B beyond class " +
                 std::to_string(S.Class) + " alignment " +
                 std::to_string(class_align(S.Class)) + " B");
    return;
  }
}

void checkSettings(Site &S, const AnalysisOptions &Opts,
                   const ASTContext &Ctx) {
  if (!S.eligible())
    return;
  if (Opts.Off)
    S.refuse(Reason::Off);
  else if (auto San = blockingSanitizer(Ctx.getLangOpts()))
    S.refuse(Reason::Sanitizer, "a sanitizer is enabled (" + San->str() + ")");
}

/// An eligible pointer-free site of 1..15 bytes but 8 (detail::is_tiny_size)
/// takes the tiny path, as the pass lowers it (plugin/pass/LowerSites.cpp):
/// it packs the object into a shared 16-byte block, aligned by
/// detail::tiny_align, which gives any such type (and an array's cookie) its
/// alignment.
void markTiny(Site &S) {
  S.Tiny = S.eligible() && !S.RuntimeSize && S.Size &&
           detail::is_tiny_size(*S.Size) && S.Scan && !*S.Scan &&
           !S.PassesAlignment;
}

bool inConstantEvaluatedContext(const SiteContext &Where) {
  return Where.ConstantEvaluated ||
         (Where.Function && Where.Function->isConsteval());
}

} // namespace

uint64_t maxSpecializedSize() { return class_size(kNumSpecializedClasses); }

std::optional<llvm::StringRef> blockingSanitizer(const LangOptions &LangOpts) {
  const SanitizerSet &S = LangOpts.Sanitize;
  if (S.hasOneOf(SanitizerKind::Address | SanitizerKind::KernelAddress))
    return llvm::StringRef("address");
  if (S.hasOneOf(SanitizerKind::HWAddress | SanitizerKind::KernelHWAddress))
    return llvm::StringRef("hwaddress");
  if (S.hasOneOf(SanitizerKind::Memory | SanitizerKind::KernelMemory))
    return llvm::StringRef("memory");
  if (S.has(SanitizerKind::Thread))
    return llvm::StringRef("thread");
  return std::nullopt;
}

Site analyzeNewExpr(const CXXNewExpr *E, ASTContext &Ctx,
                    const AnalysisOptions &Opts, const SiteContext &Where) {
  Site S;
  S.Form = E->isArray() ? SiteForm::NewArray : SiteForm::New;
  S.Loc = E->getBeginLoc();
  if (isMakeUnique(Where.Function)) {
    S.Form = SiteForm::MakeUnique;
    SourceLocation POI = Where.Function->getPointOfInstantiation();
    if (POI.isValid())
      S.Loc = POI;
  }
  QualType Elem = E->getAllocatedType();
  S.RoutineType = Elem;
  S.TypeName = printType(Elem, Ctx);
  if (E->isArray())
    S.TypeName += "[]";
  const FunctionDecl *OpNew = E->getOperatorNew();
  S.Nothrow = OpNew && OpNew->isReplaceableGlobalAllocationFunction() &&
              E->getNumPlacementArgs() == 1 &&
              isNothrowTag(E->getPlacementArg(0));

  if (E->isTypeDependent() || Elem->isDependentType() ||
      (E->isArray() && (*E->getArraySize())->isValueDependent())) {
    S.refuse(Reason::DependentType);
    return S;
  }
  if (Elem->isIncompleteType()) {
    S.refuse(Reason::IncompleteType);
    return S;
  }

  std::optional<uint64_t> Count = 1;
  if (E->isArray()) {
    Expr::EvalResult R;
    const Expr *N = *E->getArraySize();
    if (N->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects) &&
        !R.Val.getInt().isNegative())
      Count = R.Val.getInt().getZExtValue();
    else
      Count = std::nullopt;
  }
  if (Count) {
    uint64_t ElemSize = Ctx.getTypeSizeInChars(Elem).getQuantity();
    uint64_t Cookie = E->isArray() ? arrayCookieSize(E, Elem, Ctx) : 0;
    S.Size = *Count * ElemSize + Cookie;
    if (E->isArray()) {
      S.RoutineType = Ctx.getConstantArrayType(
          Elem, llvm::APInt(64, *Count), nullptr, ArraySizeModifier::Normal, 0);
      S.TypeName = printType(S.RoutineType, Ctx);
    }
  }
  S.RoutineTypeName = printType(S.RoutineType, Ctx);
  classify(S, Ctx);

  if (inConstantEvaluatedContext(Where))
    S.refuse(Reason::ConstantEvaluated);
  else if (!OpNew || isa<CXXMethodDecl>(OpNew))
    S.refuse(Reason::ClassOperatorNew);
  else if (!OpNew->isReplaceableGlobalAllocationFunction() ||
           (E->getNumPlacementArgs() != 0 && !S.Nothrow))
    S.refuse(Reason::PlacementNew);
  else if (!Count)
    S.refuse(Reason::RuntimeCount);
  S.PassesAlignment = E->passAlignment();
  checkLimits(S, Opts, Ctx);
  checkSettings(S, Opts, Ctx);
  markTiny(S);
  return S;
}

Site analyzeAllocatorCall(const CastExpr *Cast, ASTContext &Ctx,
                          const AnalysisOptions &Opts,
                          const SiteContext &Where) {
  Site S;
  S.Form = SiteForm::Allocator;
  S.Loc = Cast->getSubExpr()->getBeginLoc();
  QualType T = Cast->getType()->getPointeeType().getUnqualifiedType();
  S.RoutineType = T;
  S.RoutineTypeName = printType(T, Ctx);
  S.TypeName = S.RoutineTypeName;
  if (T->isDependentType()) {
    S.refuse(Reason::DependentType);
    return S;
  }
  if (T->isIncompleteType()) {
    S.refuse(Reason::IncompleteType);
    return S;
  }
  // make_shared/allocate_shared allocate one in-place control block holding
  // the object.
  if (std::optional<ControlBlock> CB = controlBlock(T)) {
    S.TypeName = printType(CB->Object, Ctx);
    S.Form = CB->StdAllocator ? SiteForm::MakeShared : SiteForm::AllocateShared;
    S.Size = Ctx.getTypeSizeInChars(T).getQuantity();
  } else {
    S.RuntimeSize = true;
    S.ElementSize = Ctx.getTypeSizeInChars(T).getQuantity();
  }
  classify(S, Ctx);
  if (inConstantEvaluatedContext(Where))
    S.refuse(Reason::ConstantEvaluated);
  checkLimits(S, Opts, Ctx);
  // The site is redirected to the plain marker, which stands for
  // operator new(size): the runtime's class aligns the object, but the
  // runtime standing aside (a sanitizer, valgrind, a program that replaces
  // operator new) calls operator new(size), aligned to the default new
  // alignment only. libc++'s __libcpp_allocate(size, align) would have
  // called the aligned form: an over-aligned T is not specialized.
  uint64_t NewAlign = Ctx.getTargetInfo().getNewAlign() / 8;
  if (S.eligible() && S.Align && *S.Align > NewAlign)
    S.refuse(Reason::OverAligned, "alignment " + std::to_string(*S.Align) +
                                      " B beyond the default new alignment " +
                                      std::to_string(NewAlign) + " B");
  checkSettings(S, Opts, Ctx);
  return S;
}

} // namespace sizespec
