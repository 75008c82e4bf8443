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
constexpr unsigned kFields = 7;
} // namespace

std::uint64_t SiteLedger::add(const CallBase &Call, bool Scan,
                              const NewForm &Form) {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  const DebugLoc &DL = Call.getDebugLoc();
  auto *Size = dyn_cast<ConstantInt>(Call.getArgOperand(0));
  unsigned Bits =
      (Form.Array ? 1 : 0) | (Form.Aligned ? 2 : 0) | (Form.Nothrow ? 4 : 0);
  auto Int = [&](Type *Ty, std::uint64_t V) {
    return ConstantAsMetadata::get(ConstantInt::get(Ty, V));
  };
  Metadata *Fields[kFields] = {
      MDString::get(Ctx, Call.getFunction()->getName()),
      DL ? cast<Metadata>(DL->getScope()) : nullptr,
      Int(I32, DL ? DL.getLine() : 0),
      Int(I32, DL ? DL.getCol() : 0),
      Int(Type::getInt1Ty(Ctx), Scan),
      Int(I32, Bits),
      Int(Type::getInt64Ty(Ctx), Size ? Size->getZExtValue() : ~0ull)};
  NamedMDNode *List = M.getOrInsertNamedMetadata(kSitesList);
  List->addOperand(MDNode::get(Ctx, Fields));
  return List->getNumOperands() - 1;
}

std::vector<SiteLedger::Recorded> SiteLedger::sites() const {
  std::vector<Recorded> Out;
  NamedMDNode *List = M.getNamedMetadata(kSitesList);
  if (!List)
    return Out;
  auto Int = [&](MDNode *Site, unsigned I) -> std::optional<std::uint64_t> {
    if (auto *C =
            mdconst::dyn_extract_or_null<ConstantInt>(Site->getOperand(I)))
      return C->getZExtValue();
    return std::nullopt;
  };
  for (MDNode *Site : List->operands()) {
    Recorded R;
    // Index i is site i: a malformed node (hand-written IR) is kept, empty.
    if (Site->getNumOperands() == kFields) {
      if (auto *Name = dyn_cast_or_null<MDString>(Site->getOperand(0)))
        R.Function = Name->getString();
      auto *Scope = dyn_cast_or_null<DILocalScope>(Site->getOperand(1).get());
      std::optional<std::uint64_t> Line = Int(Site, 2), Col = Int(Site, 3);
      if (Scope && Line && Col)
        R.Loc = DILocation::get(M.getContext(), *Line, *Col, Scope);
      R.Scan = Int(Site, 4).value_or(0);
      unsigned Bits = Int(Site, 5).value_or(0);
      R.Form = NewForm{(Bits & 1) != 0, (Bits & 2) != 0, (Bits & 4) != 0};
      if (std::optional<std::uint64_t> Size = Int(Site, 6); Size != ~0ull)
        R.Size = Size;
    }
    Out.push_back(R);
  }
  return Out;
}

void SiteLedger::clear() {
  if (NamedMDNode *List = M.getNamedMetadata(kSitesList))
    M.eraseNamedMetadata(List);
}

} // namespace sizespec
