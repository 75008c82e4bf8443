//===- ScanRule.cpp - Does a type hold pointers? --------------------------===//

#include "sizespec/analysis/ScanRule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace sizespec {
namespace {

/// intptr_t and uintptr_t (and the glibc names they are made of) commonly
/// carry addresses; count them as pointers, looking through sugar.
bool isAddressSizedIntegerTypedef(QualType T) {
  while (const auto *TT = T->getAs<TypedefType>()) {
    llvm::StringRef Name = TT->getDecl()->getName();
    if (llvm::StringSwitch<bool>(Name)
            .Cases("intptr_t", "uintptr_t", "__intptr_t", "__uintptr_t", true)
            .Default(false))
      return true;
    T = TT->desugar();
  }
  return false;
}

class ScanRule {
public:
  explicit ScanRule(const ASTContext &Ctx) : Ctx(Ctx) {}

  bool holds(QualType T) {
    if (T.isNull() || T->isDependentType())
      return true;
    if (isAddressSizedIntegerTypedef(T))
      return true;
    // Look through arrays; the element type may carry the typedef.
    if (const ArrayType *AT = Ctx.getAsArrayType(T))
      return holds(AT->getElementType());
    QualType C = T.getCanonicalType();
    if (const auto *AT = C->getAs<AtomicType>())
      return holds(AT->getValueType());
    if (C->isNullPtrType())
      return false;
    if (C->isAnyPointerType() || C->isBlockPointerType() ||
        C->isReferenceType() || C->isMemberPointerType() || C->isFunctionType())
      return true;
    if (C->isBuiltinType() || C->isAnyComplexType())
      return false;
    // An enumeration is an integer: what it holds is its underlying type's,
    // known for an opaque declaration with a fixed type (libstdc++ declares
    // `enum class byte : unsigned char;` in headers that do not define it)
    // as for a definition. Only uintptr_t and intptr_t count as pointers.
    if (const auto *ET = C->getAs<EnumType>()) {
      QualType Underlying = ET->getDecl()->getIntegerType();
      return !Underlying.isNull() && isAddressSizedIntegerTypedef(Underlying);
    }
    if (const auto *VT = C->getAs<VectorType>())
      return holds(VT->getElementType());
    if (const auto *RT = C->getAs<RecordType>())
      return holdsRecord(RT->getDecl());
    // Anything else (Objective-C objects, ...) cannot be proved pointer-free.
    return true;
  }

private:
  bool holdsRecord(const RecordDecl *RD) {
    RD = RD->getDefinition();
    if (!RD || RD->isInvalidDecl())
      return true;
    auto [It, Inserted] = Memo.try_emplace(RD, true);
    if (!Inserted)
      return It->second; // A cycle can only go through a pointer: scan.
    bool Result = computeRecord(RD);
    Memo[RD] = Result;
    return Result;
  }

  bool computeRecord(const RecordDecl *RD) {
    if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD)) {
      if (CRD->isDynamicClass() || CRD->getNumVBases() != 0)
        return true;
      for (const CXXBaseSpecifier &B : CRD->bases())
        if (holds(B.getType()))
          return true;
    }
    for (const FieldDecl *F : RD->fields())
      if (holds(F->getType()))
        return true;
    return false;
  }

  const ASTContext &Ctx;
  llvm::DenseMap<const RecordDecl *, bool> Memo;
};

} // namespace

bool holdsPointers(QualType T, const ASTContext &Ctx) {
  return ScanRule(Ctx).holds(T);
}

} // namespace sizespec
