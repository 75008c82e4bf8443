//===- LowerDeletes.cpp - The local free inline, at each sized delete -----===//
//
// After the optimizer, `operator delete(p, 24)` (Clang passes the size of a
// complete type by default, and so does std::allocator<T>::deallocate once
// inlined) becomes what sizespec::detail::free_inline is inline
// (<sizespec/free_path.h>), with the call behind it:
//
//     C = sized_delete_class_min(24), Bins = 2 * (1 + ..._max(24) - C)
//     k = (p >> inline_free_region.shift) - inline_free_region.class_base[C-1]
//     if (k < Bins) {                      // a bin's object of that size
//       bin = k + bin_of(C, noscan)        // folds into the addresses
//       p->link = tls_cache.__freed[bin];
//       tls_cache.__freed[bin] = p * tls_cache.__link_key;
//       if (--tls_cache.__free_budget[bin] < 0) free_flush(bin);   // cold
//     } else {
//       operator delete(p, 24)             // tiny, large, foreign, null,
//     }                                    // a size the bin disagrees with
//
// The bin comes from the address, not from the size: an object of a
// pointer-free type allocated where the plugin did not run is in a scan
// bin. The size only bounds it: the compare that finds the bin also checks
// that its class is one an object of that size can be in (24 bytes: class
// 3, or class 4 from operator new). An object of another class goes to
// operator delete, which stops the program with hardening on (a delete
// through the wrong type). Below 16 bytes the object may be tiny, and the
// tiny path's local free (detail::free_tiny_inline) comes first.
//
// Only in modules the plugin stamped (off=0, no sanitizer): a program built
// with the plugin links the runtime, whose operator delete this is. When
// the runtime stands aside it hands out nothing, and its debug build never
// sets inline_free_region: every pointer then takes the call.
//
//===----------------------------------------------------------------------===//

#include "OperatorNew.h"
#include "SitePasses.h"
#include "Statistics.h"
#include "ThreadCacheIR.h"

#include "sizespec/abi/RuntimeABI.h"

#include <sizespec/bins.h>
#include <sizespec/free_path.h>
#include <sizespec/size_classes.h>
#include <sizespec/thread_cache.h>
#include <sizespec/tiny_path.h>

#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

#include <cstddef>

#define DEBUG_TYPE "sizespec"

using namespace llvm;

static cl::opt<bool>
    InlineDelete("sizespec-inline-delete", cl::init(true),
                 cl::desc("sizespec: give each sized operator delete of a "
                          "constant small size the runtime's free inline"));

static cl::opt<unsigned> ColdDeleteRatio(
    "sizespec-cold-delete-ratio", cl::init(1000),
    cl::desc("sizespec: leave a sized delete as a call where its block runs "
             "less than 1/N as often as its function's entry, by the block "
             "frequencies (0: every site inline)"));

SIZESPEC_STATISTIC(NumInlineFrees,
                   "Sized operator delete calls given the free inline");
SIZESPEC_STATISTIC(NumDeletesLeft,
                   "Sized operator delete calls of a constant size "
                   "left as calls");

namespace sizespec {
namespace {

class DeleteLowering {
public:
  /// \p Hardened: the push encodes the link (the module's stamp).
  DeleteLowering(Module &M, bool Hardened)
      : M(M), Hardened(Hardened), Ctx(M.getContext()),
        PtrTy(PointerType::getUnqual(Ctx)), I16(Type::getInt16Ty(Ctx)),
        I32(Type::getInt32Ty(Ctx)), I64(Type::getInt64Ty(Ctx)) {}

  void lower(CallInst *CI, std::uint64_t Size);

private:
  /// The tiny path's local free, in \p B's block: counts and branches to
  /// \p Done when \p P is in the thread's current block, else branches to
  /// \p NotTiny.
  void emitTinyLocal(IRBuilder<> &B, Value *Cache, Value *P,
                     BasicBlock *NotTiny, BasicBlock *Done);
  GlobalVariable *inlineFreeRegion();
  FunctionCallee freeFlush();

  Module &M;
  bool Hardened;
  LLVMContext &Ctx;
  PointerType *PtrTy;
  IntegerType *I16;
  IntegerType *I32;
  IntegerType *I64;
};

GlobalVariable *DeleteLowering::inlineFreeRegion() {
  const char *Name = abi::mangledName(abi::Symbol::InlineFreeRegion);
  if (GlobalVariable *GV = M.getNamedGlobal(Name))
    return GV;
  auto *GV = new GlobalVariable(
      M, ArrayType::get(Type::getInt8Ty(Ctx), sizeof(detail::InlineFreeRegion)),
      /*isConstant=*/false, GlobalValue::ExternalLinkage, nullptr, Name);
  GV->setAlignment(Align(alignof(detail::InlineFreeRegion)));
  return GV;
}

FunctionCallee DeleteLowering::freeFlush() {
  FunctionCallee FC =
      M.getOrInsertFunction(abi::mangledName(abi::Symbol::FreeFlush),
                            FunctionType::get(Type::getVoidTy(Ctx), {I32},
                                              /*isVarArg=*/false));
  if (auto *Fn = dyn_cast<Function>(FC.getCallee())) {
    Fn->addFnAttr(Attribute::Cold);
    Fn->addFnAttr(Attribute::NoUnwind);
  }
  return FC;
}

void DeleteLowering::lower(CallInst *CI, std::uint64_t Size) {
  using detail::InlineFreeRegion;
  using detail::ThreadCache;
  BasicBlock *Entry = CI->getParent();
  Function *Fn = Entry->getParent();
  Value *P = CI->getArgOperand(0);

  // Entry: ..., [the current tiny block's test | Local |] the bin's test |
  // Fast [Flush] | Call | Cont: the rest.
  BasicBlock *Cont = Entry->splitBasicBlock(CI, "sizespec.free.cont");
  Entry->getTerminator()->eraseFromParent();
  BasicBlock *Fast = BasicBlock::Create(Ctx, "sizespec.free", Fn, Cont);
  BasicBlock *Flush = BasicBlock::Create(Ctx, "sizespec.flush", Fn, Cont);
  BasicBlock *Call = BasicBlock::Create(Ctx, "sizespec.delete", Fn, Cont);
  IRBuilder<> B(Entry);
  B.SetCurrentDebugLocation(CI->getDebugLoc());
  Value *Cache = B.CreateThreadLocalAddress(threadCacheGlobal(M));
  if (detail::is_tiny_size(Size)) {
    // Under 16 bytes a pointer-free object is tiny: its test comes first.
    BasicBlock *Bins = BasicBlock::Create(Ctx, "sizespec.bins", Fn, Fast);
    emitTinyLocal(B, Cache, P, Bins, Cont);
    B.SetInsertPoint(Bins);
  }
  GlobalVariable *Region = inlineFreeRegion();
  Value *Shift = B.CreateAlignedLoad(
      I32,
      B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Region,
                                   offsetof(InlineFreeRegion, __shift)),
      Align(4), "sizespec.shift");
  Value *Index = B.CreateLShr(B.CreatePtrToInt(P, I64),
                              B.CreateZExt(Shift, I64), "sizespec.index");
  // The classes an object of this size may be in, and their bins.
  const unsigned First = sized_delete_class_min(Size);
  const unsigned Bins = 2 * (1 + sized_delete_class_max(Size) - First);
  Value *ClassBase = B.CreateAlignedLoad(
      I64,
      B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Region,
                                   offsetof(InlineFreeRegion, __class_base) +
                                       (First - 1) * sizeof(std::uintptr_t)),
      Align(8), "sizespec.class.base");
  Value *InClasses = B.CreateSub(Index, ClassBase, "sizespec.in.classes");
  B.CreateCondBr(B.CreateICmpUGE(InClasses, B.getInt64(Bins)), Call, Fast,
                 MDBuilder(Ctx).createBranchWeights(1, 2000));

  // detail::free_push.
  B.SetInsertPoint(Fast);
  Value *Bin = B.CreateAdd(InClasses, B.getInt64(bin_of(First, false)),
                           "sizespec.bin", /*HasNUW=*/true, /*HasNSW=*/true);
  Value *Slot = B.CreateInBoundsGEP(
      I64,
      cacheField(B, Cache, offsetof(ThreadCache, __freed), "sizespec.freed"),
      Bin, "sizespec.slot");
  Value *Head = B.CreateAlignedLoad(I64, Slot, Align(8), "head");
  B.CreateAlignedStore(Head, P, Align(8));
  Value *Key = Hardened
                   ? B.CreateAlignedLoad(
                         I64,
                         cacheField(B, Cache, offsetof(ThreadCache, __link_key),
                                    "key.slot"),
                         Align(8), "key")
                   : nullptr;
  Value *Addr = B.CreatePtrToInt(P, I64);
  // With hardening off the keys are 1: the link is the address.
  B.CreateAlignedStore(Hardened ? B.CreateMul(Addr, Key, "link") : Addr, Slot,
                       Align(8));
  Value *BudgetSlot = B.CreateInBoundsGEP(
      I16,
      cacheField(B, Cache, offsetof(ThreadCache, __free_budget),
                 "sizespec.budgets"),
      Bin, "sizespec.budget");
  Value *Left = B.CreateSub(B.CreateAlignedLoad(I16, BudgetSlot, Align(2)),
                            B.getInt16(1), "left");
  B.CreateAlignedStore(Left, BudgetSlot, Align(2));
  B.CreateCondBr(B.CreateICmpSLT(Left, B.getInt16(0)), Flush, Cont,
                 MDBuilder(Ctx).createBranchWeights(1, 2000));

  B.SetInsertPoint(Flush);
  B.CreateCall(freeFlush(), {B.CreateTrunc(Bin, I32)});
  B.CreateBr(Cont);

  // The call as Clang emitted it, for everything else.
  CI->moveBefore(*Call, Call->end());
  B.SetInsertPoint(Call);
  B.CreateBr(Cont);
}

void DeleteLowering::emitTinyLocal(IRBuilder<> &B, Value *Cache, Value *P,
                                   BasicBlock *NotTiny, BasicBlock *Done) {
  using detail::ThreadCache;
  Function *Fn = B.GetInsertBlock()->getParent();
  Value *Blk = B.CreateAnd(B.CreatePtrToInt(P, I64),
                           B.getInt64(~(detail::kTinyBlock - 1)), "block");
  Value *End = B.CreateAlignedLoad(I64,
                                   cacheField(B, Cache,
                                              offsetof(ThreadCache, __tiny_end),
                                              "sizespec.tiny.end"),
                                   Align(8), "end");
  BasicBlock *Local = BasicBlock::Create(Ctx, "sizespec.tiny.free", Fn, Done);
  B.CreateCondBr(
      B.CreateICmpNE(B.CreateAdd(Blk, B.getInt64(detail::kTinyBlock)), End),
      NotTiny, Local);

  B.SetInsertPoint(Local);
  // As free_tiny_inline: the block's start from its end, through an empty
  // asm, so that no later pass replaces it with the freed pointer's block
  // (the next allocation would wait on this free's address).
  auto *Opaque = InlineAsm::get(FunctionType::get(I64, {I64}, false), "",
                                "=r,0", /*hasSideEffects=*/false);
  Value *Start = B.CreateSub(B.CreateCall(Opaque, {End}),
                             B.getInt64(detail::kTinyBlock), "start");
  Value *FreesSlot = cacheField(B, Cache, offsetof(ThreadCache, __tiny_frees),
                                "sizespec.tiny.frees");
  Value *Frees = B.CreateAdd(B.CreateAlignedLoad(I64, FreesSlot, Align(8)),
                             B.getInt64(1), "frees");
  B.CreateAlignedStore(Frees, FreesSlot, Align(8));
  Value *Allocs = B.CreateAlignedLoad(
      I64,
      cacheField(B, Cache, offsetof(ThreadCache, __tiny_allocs),
                 "sizespec.tiny.allocs"),
      Align(8), "allocs");
  BasicBlock *Reset = BasicBlock::Create(Ctx, "sizespec.tiny.reset", Fn, Done);
  B.CreateCondBr(B.CreateICmpEQ(Frees, Allocs), Reset, Done);
  B.SetInsertPoint(Reset);
  B.CreateAlignedStore(Start,
                       cacheField(B, Cache, offsetof(ThreadCache, __tiny_next),
                                  "sizespec.tiny.next"),
                       Align(8));
  B.CreateBr(Done);
}

/// True if \p CI's function is cold, or its block runs less than
/// 1/ColdDeleteRatio as often as the function's entry. With no profile,
/// that is an unwind path or a block that ends in a call that does not
/// return (a throw): the block frequencies put them far below the entry.
/// The free there stays a call: its inline copy would only add code.
bool inColdBlock(CallInst *CI, FunctionAnalysisManager &FAM) {
  if (ColdDeleteRatio == 0)
    return false;
  Function &Fn = *CI->getFunction();
  if (Fn.hasFnAttribute(Attribute::Cold))
    return true;
  auto &BFI = FAM.getResult<BlockFrequencyAnalysis>(Fn);
  const std::uint64_t Block = BFI.getBlockFreq(CI->getParent()).getFrequency();
  const std::uint64_t Entry = BFI.getEntryFreq().getFrequency();
  return Block < Entry / ColdDeleteRatio;
}

/// A module whose stamp says the plugin specialized its sites: off=0, no
/// sanitizer. The stamp is in every translation unit the plugin compiled.
bool pluginCompiled(const std::optional<ModuleStamp> &Stamp) {
  return Stamp && !Stamp->Off && !Stamp->Sanitized;
}

} // namespace

PreservedAnalyses LowerDeletesPass::run(Module &M, ModuleAnalysisManager &MAM) {
  const std::optional<ModuleStamp> Stamp = readStamp(M);
  if (!InlineDelete || !pluginCompiled(Stamp))
    return PreservedAnalyses::all();
  Function *Delete = M.getFunction(sizedDeleteName());
  if (!Delete)
    return PreservedAnalyses::all();
  struct Sized {
    CallInst *Call;
    std::uint64_t Size;
  };
  SmallVector<Sized, 16> Sites;
  // Remark emitters from the analysis manager, so remarks carry hotness when
  // the compile asks for it.
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (User *U : Delete->users()) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI || CI->getCalledOperand() != Delete || CI->arg_size() != 2)
      continue;
    auto *SizeC = dyn_cast<ConstantInt>(CI->getArgOperand(1));
    if (!SizeC || SizeC->isZero())
      continue;
    OptimizationRemarkEmitter &ORE =
        FAM.getResult<OptimizationRemarkEmitterAnalysis>(*CI->getFunction());
    std::uint64_t Size = SizeC->getZExtValue();
    // Above the classes, where -O0 and -Oz ask for no inline code, and at
    // cold sites.
    Function *Fn = CI->getFunction();
    const bool Small = Size <= kMaxSmallSize;
    const bool NoInline = Fn->hasOptNone() || Fn->hasMinSize();
    if (!Small || NoInline || inColdBlock(CI, FAM)) {
      ORE.emit([&] {
        OptimizationRemarkMissed R(DEBUG_TYPE, "DeleteLeftAsCall", CI);
        R << "operator delete of " << ore::NV("Size", Size)
          << " B left as a call: ";
        if (!Small)
          R << "above the classes";
        else if (NoInline)
          R << "the function asks for no inline code (optnone, minsize)";
        else
          R << "a cold block (an unwind path, a block that ends in a call "
               "that does not return, or a cold function)";
        return R;
      });
      ++NumDeletesLeft;
      continue;
    }
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "InlineFree", CI)
             << "operator delete of " << ore::NV("Size", Size)
             << " B given the runtime's free inline";
    });
    Sites.push_back({CI, Size});
  }
  DeleteLowering L(M, Stamp->Hardened);
  for (Sized &S : Sites) {
    LLVM_DEBUG(dbgs() << "sizespec: inline free of " << *S.Call << " in "
                      << S.Call->getFunction()->getName() << "\n");
    L.lower(S.Call, S.Size);
    ++NumInlineFrees;
  }
  return Sites.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace sizespec
