//===- MarkSites.cpp - Marker calls back to tagged operator new calls -----===//
//
// Before the optimizer: `sizespec::detail::site_new_noscan(24)` becomes
// `operator new(24)`, with the attributes Clang gives a new-expression's
// call (`builtin`, so it may be deleted), tagged with the bundle
// "sizespec"(i1 false, i64 1024, i64 <site>): its kind, the size limit, and
// its site's index in the module's ledger (SiteLedger.h).
//
//===----------------------------------------------------------------------===//

#include "OperatorNew.h"
#include "SiteLedger.h"
#include "SitePasses.h"
#include "Statistics.h"

#include "sizespec/abi/RuntimeABI.h"
#include "sizespec/model/Stamp.h"

#include <sizespec/size_classes.h>

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#include <cstdint>
#include <optional>

#define DEBUG_TYPE "sizespec"

using namespace llvm;

SIZESPEC_STATISTIC(NumMarked,
                   "Marker calls turned back into tagged operator new calls");

namespace sizespec {

std::optional<ModuleStamp> readStamp(const Module &Mod) {
  for (const GlobalVariable &GV : Mod.globals()) {
    if (GV.getSection() != kStampSection || !GV.hasInitializer())
      continue;
    auto *Text = dyn_cast<ConstantDataArray>(GV.getInitializer());
    if (!Text || !Text->isCString())
      continue;
    const StampSettings S = parseStamp(Text->getAsCString()).Settings;
    return ModuleStamp{S.Max, S.Off, S.Sanitizer.has_value(), S.Hardened};
  }
  return std::nullopt;
}

namespace {

/// The operator new a marker stands for, declared as Clang declares it:
/// `nobuiltin allocsize(0)`, and nonnull where it throws.
Function *operatorNewFor(Module &Mod, Function &MarkerFn,
                         const abi::MarkerCall &M) {
  NewForm Form{M.Marker->Array, M.Params->Aligned, M.Params->Nothrow};
  StringRef Name = operatorNewName(Form);
  if (Function *F = Mod.getFunction(Name))
    return F->getFunctionType() == MarkerFn.getFunctionType() ? F : nullptr;
  Function *F = Function::Create(MarkerFn.getFunctionType(),
                                 GlobalValue::ExternalLinkage, Name, Mod);
  F->copyAttributesFrom(&MarkerFn);
  F->addFnAttr(Attribute::NoBuiltin);
  F->addFnAttr(
      Attribute::getWithAllocSizeArgs(Mod.getContext(), 0, std::nullopt));
  if (!Form.Nothrow)
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
  SiteLedger Ledger(Mod);
  bool Changed = false;
  for (Function &MarkerFn : make_early_inc_range(Mod)) {
    std::optional<abi::MarkerCall> M = abi::parseMarker(MarkerFn.getName());
    if (!M || !MarkerFn.isDeclaration())
      continue;
    Function *New = operatorNewFor(Mod, MarkerFn, *M);
    if (!New)
      continue;
    NewForm Form{M->Marker->Array, M->Params->Aligned, M->Params->Nothrow};
    for (User *U : make_early_inc_range(MarkerFn.users())) {
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledOperand() != &MarkerFn)
        continue;
      LLVM_DEBUG(dbgs() << "sizespec: marking " << *CB << " in "
                        << CB->getFunction()->getName() << "\n");
      CB->setCalledFunction(New);
      // What Clang puts on a new-expression's call of a replaceable
      // operator new ([expr.new]: the call may be omitted).
      CB->addFnAttr(Attribute::Builtin);
      CB->addFnAttr(Attribute::getWithAllocSizeArgs(Ctx, 0, std::nullopt));
      CB->addRetAttr(Attribute::NoAlias);
      Value *TagInputs[] = {
          ConstantInt::getBool(Ctx, M->Marker->Scan),
          ConstantInt::get(I64, Max),
          ConstantInt::get(I64, Ledger.add(*CB, M->Marker->Scan, Form))};
      OperandBundleDef Tag(kSiteBundle, TagInputs);
      CallBase *Tagged =
          CallBase::addOperandBundle(CB, TagID, Tag, CB->getIterator());
      Tagged->copyMetadata(*CB);
      Tagged->takeName(CB);
      CB->replaceAllUsesWith(Tagged);
      CB->eraseFromParent();
      ++NumMarked;
      Changed = true;
    }
    if (MarkerFn.use_empty())
      MarkerFn.eraseFromParent();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace sizespec
