//===- StdLibrary.cpp - What the analysis knows of the standard library ---===//

#include "sizespec/analysis/StdLibrary.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace sizespec {

bool isStdNamed(const NamedDecl *D, llvm::StringRef Name) {
  return D && D->isInStdNamespace() && D->getIdentifier() &&
         D->getName() == Name;
}

bool isNothrowTag(const Expr *Arg) {
  return isStdNamed(Arg->getType()->getAsCXXRecordDecl(), "nothrow_t");
}

bool isConstantEvaluatedTest(const Expr *Cond, bool &Negated) {
  Negated = false;
  Cond = Cond->IgnoreParenImpCasts();
  while (const auto *U = dyn_cast<UnaryOperator>(Cond)) {
    if (U->getOpcode() != UO_LNot)
      return false;
    Negated = !Negated;
    Cond = U->getSubExpr()->IgnoreParenImpCasts();
  }
  const auto *Call = dyn_cast<CallExpr>(Cond);
  if (!Call)
    return false;
  if (Call->getBuiltinCallee() == Builtin::BI__builtin_is_constant_evaluated)
    return true;
  const FunctionDecl *FD = Call->getDirectCallee();
  return isStdNamed(FD, "is_constant_evaluated") ||
         isStdNamed(FD, "__is_constant_evaluated");
}

bool isMakeUnique(const FunctionDecl *FD) {
  return isStdNamed(FD, "make_unique") ||
         isStdNamed(FD, "make_unique_for_overwrite");
}

Factory factoryOf(const FunctionDecl *FD) {
  if (isStdNamed(FD, "make_unique"))
    return Factory::MakeUnique;
  if (isStdNamed(FD, "make_shared"))
    return Factory::MakeShared;
  return Factory::None;
}

namespace {
/// libc++'s `std::allocator<T>::allocate`: the only caller of
/// `__libcpp_allocate` whose cast names the type the memory holds.
bool isLibcxxAllocate(const CallExpr *Call, const FunctionDecl *Function) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Call->getNumArgs() != 2 ||
      !isStdNamed(Callee, "__libcpp_allocate"))
    return false;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  return Method && Method->getIdentifier() && Method->getName() == "allocate" &&
         isStdNamed(Method->getParent(), "allocator");
}
} // namespace

const CallExpr *matchAllocatorCall(const CastExpr *Cast,
                                   const FunctionDecl *Function) {
  const auto *Call = dyn_cast<CallExpr>(Cast->getSubExpr());
  if (!Call)
    return nullptr;
  bool Libstdcxx =
      Call->getBuiltinCallee() == Builtin::BI__builtin_operator_new &&
      Call->getNumArgs() == 1;
  if (!Libstdcxx && !isLibcxxAllocate(Call, Function))
    return nullptr;
  QualType T = Cast->getType();
  if (!T->isPointerType() || !T->getPointeeType()->isObjectType())
    return nullptr;
  return Call;
}

std::optional<ControlBlock> controlBlock(QualType T) {
  const auto *CB =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsRecordDecl());
  if (!(isStdNamed(CB, "_Sp_counted_ptr_inplace") ||
        isStdNamed(CB, "__shared_ptr_emplace")) ||
      CB->getTemplateArgs().size() < 2 ||
      CB->getTemplateArgs()[0].getKind() != TemplateArgument::Type ||
      CB->getTemplateArgs()[1].getKind() != TemplateArgument::Type)
    return std::nullopt;
  const TemplateArgumentList &Args = CB->getTemplateArgs();
  return ControlBlock{
      Args[0].getAsType(),
      isStdNamed(Args[1].getAsType()->getAsCXXRecordDecl(), "allocator")};
}

} // namespace sizespec
