//===- SiteLedger.cpp - The specialized sites, from marking to lowering ---===//

#include "SiteLedger.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace sizespec {
namespace {
constexpr const char *kSitesList = "sizespec.sites";
constexpr const char *kSiteAttachment = "sizespec.site";
} // namespace

void SiteLedger::add(CallBase &Call) {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  const DebugLoc &DL = Call.getDebugLoc();
  Metadata *Fields[] = {
      MDString::get(Ctx, Call.getFunction()->getName()),
      DL ? cast<Metadata>(DL->getScope()) : nullptr,
      ConstantAsMetadata::get(ConstantInt::get(I32, DL ? DL.getLine() : 0)),
      ConstantAsMetadata::get(ConstantInt::get(I32, DL ? DL.getCol() : 0))};
  MDNode *Site = MDNode::getDistinct(Ctx, Fields);
  M.getOrInsertNamedMetadata(kSitesList)->addOperand(Site);
  Call.setMetadata(kSiteAttachment, Site);
}

MDNode *SiteLedger::siteOf(const CallBase &Call) {
  return Call.getMetadata(kSiteAttachment);
}

std::vector<SiteLedger::Recorded> SiteLedger::sites() const {
  std::vector<Recorded> Out;
  NamedMDNode *List = M.getNamedMetadata(kSitesList);
  if (!List)
    return Out;
  for (MDNode *Site : List->operands()) {
    if (Site->getNumOperands() != 4)
      continue;
    Recorded R{Site, {}, {}};
    if (auto *Name = dyn_cast_or_null<MDString>(Site->getOperand(0)))
      R.Function = Name->getString();
    auto *Scope = dyn_cast_or_null<DILocalScope>(Site->getOperand(1).get());
    auto *Line = mdconst::dyn_extract_or_null<ConstantInt>(Site->getOperand(2));
    auto *Col = mdconst::dyn_extract_or_null<ConstantInt>(Site->getOperand(3));
    if (Scope && Line && Col)
      R.Loc = DILocation::get(M.getContext(), Line->getZExtValue(),
                              Col->getZExtValue(), Scope);
    Out.push_back(R);
  }
  return Out;
}

void SiteLedger::clear() {
  if (NamedMDNode *List = M.getNamedMetadata(kSitesList))
    M.eraseNamedMetadata(List);
}

void SiteLedger::detach(CallBase &Call) {
  Call.setMetadata(kSiteAttachment, nullptr);
}

} // namespace sizespec
