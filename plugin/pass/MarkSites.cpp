//===- MarkSites.cpp - Marker calls back to tagged operator new calls -----===//
//
// Before the optimizer: `sizespec::detail::site_new_noscan(24)` becomes
// `operator new(24)`, with the attributes Clang gives a new-expression's
// call (`builtin`, so it may be deleted), tagged with the bundle
// "sizespec"(i1 false, i64 1024).
//
//===----------------------------------------------------------------------===//

#include "SitePasses.h"

#include <sizespec/size_classes.h>

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <optional>

using namespace llvm;

namespace sizespec {

std::optional<ModuleStamp> readStamp(const Module &Mod) {
  for (const GlobalVariable &GV : Mod.globals()) {
    if (GV.getSection() != ".sizespec.stamp" || !GV.hasInitializer())
      continue;
    auto *Text = dyn_cast<ConstantDataArray>(GV.getInitializer());
    if (!Text || !Text->isCString())
      continue;
    ModuleStamp Stamp;
    SmallVector<StringRef, 8> Fields;
    Text->getAsCString().split(Fields, ' ');
    for (StringRef Field : Fields) {
      auto [Key, Value] = Field.split('=');
      std::uint64_t N;
      if (Key == "max" && !Value.getAsInteger(10, N))
        Stamp.Max = N;
      else if (Key == "off")
        Stamp.Off = Value == "1";
      else if (Key == "sanitizer")
        Stamp.Sanitized = Value != "none";
    }
    return Stamp;
  }
  return std::nullopt;
}

namespace {

struct Marker {
  bool Array;
  bool Scan;
  /// The mangled parameter list, shared with the operator new it stands
  /// for: "m", "mSt11align_val_t", "mRKSt9nothrow_t", ...
  StringRef Params;
};

/// The marker a mangled name denotes (<sizespec/site_markers.h>). Only
/// 64-bit size_t ("m"): elsewhere markers stay calls of the library's
/// definitions.
std::optional<Marker> parseMarker(StringRef Name) {
  if (!Name.consume_front("_ZN8sizespec6detail"))
    return std::nullopt;
  static const struct {
    StringRef Mangled;
    bool Array, Scan;
  } Names[] = {{"13site_new_scanE", false, true},
               {"15site_new_noscanE", false, false},
               {"15site_array_scanE", true, true},
               {"17site_array_noscanE", true, false}};
  for (const auto &N : Names) {
    StringRef Params = Name;
    if (!Params.consume_front(N.Mangled))
      continue;
    if (Params != "m" && Params != "mSt11align_val_t" &&
        Params != "mRKSt9nothrow_t" &&
        Params != "mSt11align_val_tRKSt9nothrow_t")
      return std::nullopt;
    return Marker{N.Array, N.Scan, Params};
  }
  return std::nullopt;
}

/// The operator new \p M stands for, declared as Clang declares it:
/// `nobuiltin allocsize(0)`, and nonnull where it throws.
Function *operatorNewFor(Module &Mod, Function &MarkerFn, const Marker &M) {
  std::string Name = (Twine(M.Array ? "_Zna" : "_Znw") + M.Params).str();
  if (Function *F = Mod.getFunction(Name))
    return F->getFunctionType() == MarkerFn.getFunctionType() ? F : nullptr;
  Function *F = Function::Create(MarkerFn.getFunctionType(),
                                 GlobalValue::ExternalLinkage, Name, Mod);
  F->copyAttributesFrom(&MarkerFn);
  F->addFnAttr(Attribute::NoBuiltin);
  F->addFnAttr(
      Attribute::getWithAllocSizeArgs(Mod.getContext(), 0, std::nullopt));
  if (!M.Params.ends_with("nothrow_t"))
    F->addRetAttr(Attribute::NonNull);
  return F;
}

} // namespace

PreservedAnalyses MarkSitesPass::run(Module &Mod, ModuleAnalysisManager &) {
  LLVMContext &Ctx = Mod.getContext();
  std::uint32_t TagID = Ctx.getOrInsertBundleTag(kSiteBundle)->getValue();
  Type *I64 = Type::getInt64Ty(Ctx);
  std::optional<ModuleStamp> Stamp = readStamp(Mod);
  std::uint64_t Max = Stamp ? Stamp->Max : kDefaultSpecializeMax;
  bool Changed = false;
  for (Function &MarkerFn : make_early_inc_range(Mod)) {
    std::optional<Marker> M = parseMarker(MarkerFn.getName());
    if (!M || !MarkerFn.isDeclaration())
      continue;
    Function *New = operatorNewFor(Mod, MarkerFn, *M);
    if (!New)
      continue;
    Value *TagInputs[] = {ConstantInt::getBool(Ctx, M->Scan),
                          ConstantInt::get(I64, Max)};
    OperandBundleDef Tag(kSiteBundle, TagInputs);
    for (User *U : make_early_inc_range(MarkerFn.users())) {
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledOperand() != &MarkerFn)
        continue;
      CB->setCalledFunction(New);
      // What Clang puts on a new-expression's call of a replaceable
      // operator new ([expr.new]: the call may be omitted).
      CB->addFnAttr(Attribute::Builtin);
      CB->addFnAttr(Attribute::getWithAllocSizeArgs(Ctx, 0, std::nullopt));
      CB->addRetAttr(Attribute::NoAlias);
      CallBase *Tagged =
          CallBase::addOperandBundle(CB, TagID, Tag, CB->getIterator());
      Tagged->copyMetadata(*CB);
      Tagged->takeName(CB);
      CB->replaceAllUsesWith(Tagged);
      CB->eraseFromParent();
      Changed = true;
    }
    if (MarkerFn.use_empty())
      MarkerFn.eraseFromParent();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace sizespec
