//===- LowerSites.cpp - The fast path for each tagged call left -----------===//
//
// After the optimizer, a tagged `operator new(24)` of a pointer-free type
// becomes what sizespec::detail::alloc_small<4, false> is inline
// (<sizespec/thread_cache.h>):
//
//     head = tls_cache.__alloc[4]
//     if (head == null) p = alloc_refill(4, 24)   // cold
//     else { tls_cache.__alloc[4] = head->next; p = head; }
//
// and one of 1..15 bytes what detail::alloc_tiny is (Go's tiny allocator):
//
//     next = tls_cache.__tiny_next; p = align(next, tiny_align(size))
//     if (p + size > tls_cache.__tiny_end) p = alloc_tiny_refill(0, size)
//     else { tls_cache.__tiny_next = p + size; ++tls_cache.__tiny_allocs;
//            if (p != next) tls_cache.__tiny_pad += p - next; }
//
// The layout comes from the runtime's own header; the functions are named
// as the runtime exports them (the lit tests link and run what this emits).
//
//===----------------------------------------------------------------------===//

#include "SitePasses.h"
#include "ThreadCacheIR.h"

#include <sizespec/bins.h>
#include <sizespec/size_classes.h>
#include <sizespec/thread_cache.h>

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"

#include <cstddef>
#include <functional>
#include <optional>

using namespace llvm;

namespace sizespec {
namespace {

/// An operator new form, from its mangled name.
struct NewForm {
  bool Array = false;
  bool Aligned = false;
  bool Nothrow = false;
};

std::optional<NewForm> parseOperatorNew(StringRef Name) {
  NewForm F;
  if (Name.consume_front("_Zna"))
    F.Array = true;
  else if (!Name.consume_front("_Znw"))
    return std::nullopt;
  if (!Name.consume_front("m"))
    return std::nullopt;
  F.Aligned = Name.consume_front("St11align_val_t");
  F.Nothrow = Name.consume_front("RKSt9nothrow_t");
  if (!Name.empty())
    return std::nullopt;
  return F;
}

/// The alignment a plain (not align_val_t) operator new of \p Size bytes
/// must give its type: the type's alignment divides its size and is at
/// most the default new alignment.
std::uint64_t requiredAlign(std::uint64_t Size) {
  std::uint64_t Low = Size & (~Size + 1);
  return Size == 0 || Low > 16 ? 16 : Low;
}

class Lowering {
public:
  explicit Lowering(Module &M)
      : M(M), Ctx(M.getContext()), PtrTy(PointerType::getUnqual(Ctx)),
        I32(Type::getInt32Ty(Ctx)), I64(Type::getInt64Ty(Ctx)) {}

  /// Lowers one tagged call; \p Scan and \p Max come from its tag.
  void lower(CallBase *CB, const NewForm &F, bool Scan, std::uint64_t Max);

private:
  /// The two halves of a fast path: the test, in the block before the
  /// branch (true: take the slow path), and what the fast block computes
  /// (it may branch, and end in another block).
  struct FastPath {
    std::function<Value *(IRBuilder<> &)> Test;
    std::function<Value *(IRBuilder<> &)> Take;
  };
  /// Replaces \p CB by the branch to \p Path or the call of \p Slow
  /// (an invoke to CB's landing pad if CB is one), joined in a phi.
  void replaceWithFastPath(CallBase *CB, const FastPath &Path,
                           FunctionCallee Slow, ArrayRef<Value *> SlowArgs,
                           std::uint32_t SlowWeight);
  void emitFastPath(CallBase *CB, const NewForm &F, unsigned Bin);
  void emitTinyPath(CallBase *CB, const NewForm &F, std::uint64_t Size);
  FunctionCallee runtimeFunction(StringRef Name, ArrayRef<Type *> Params,
                                 bool Cold, bool NoUnwind);

  Module &M;
  LLVMContext &Ctx;
  PointerType *PtrTy;
  IntegerType *I32;
  IntegerType *I64;
};

void Lowering::lower(CallBase *CB, const NewForm &F, bool Scan,
                     std::uint64_t Max) {
  if (auto *SizeC = dyn_cast<ConstantInt>(CB->getArgOperand(0))) {
    std::uint64_t Size = SizeC->getZExtValue();
    std::optional<std::uint64_t> Align = requiredAlign(Size);
    if (F.Aligned) {
      auto *AlignC = dyn_cast<ConstantInt>(CB->getArgOperand(1));
      Align = AlignC ? std::optional(AlignC->getZExtValue()) : std::nullopt;
    }
    if (!Scan && !F.Aligned && Size <= Max && detail::is_tiny_size(Size)) {
      emitTinyPath(CB, F, Size);
      return;
    }
    unsigned Class = Size <= Max ? class_of(Size) : 0;
    if (Class && Align && *Align <= class_align(Class))
      emitFastPath(CB, F, bin_of(Class, Scan));
    // Else above the limit: operator new, as Clang emitted it.
    return;
  }
  // A runtime size (the allocator forms): the generic path of the kind.
  if (F.Array || F.Nothrow)
    return;
  FunctionCallee Generic =
      F.Aligned
          ? runtimeFunction("_ZN8sizespec6detail21alloc_generic_alignedEmm",
                            {I64, I64}, false, false)
      : Scan ? runtimeFunction("_ZN8sizespec6detail18alloc_generic_scanEm",
                               {I64}, false, false)
             : runtimeFunction("_ZN8sizespec6detail20alloc_generic_noscanEm",
                               {I64}, false, false);
  CB->setCalledFunction(Generic);
  CB->removeFnAttr(Attribute::Builtin);
}

FunctionCallee Lowering::runtimeFunction(StringRef Name,
                                         ArrayRef<Type *> Params, bool Cold,
                                         bool NoUnwind) {
  FunctionCallee FC =
      M.getOrInsertFunction(Name, FunctionType::get(PtrTy, Params, false));
  if (auto *Fn = dyn_cast<Function>(FC.getCallee())) {
    if (Cold)
      Fn->addFnAttr(Attribute::Cold);
    if (NoUnwind)
      Fn->addFnAttr(Attribute::NoUnwind);
  }
  return FC;
}

void Lowering::replaceWithFastPath(CallBase *CB, const FastPath &Path,
                                   FunctionCallee Slow,
                                   ArrayRef<Value *> SlowArgs,
                                   std::uint32_t SlowWeight) {
  BasicBlock *Entry = CB->getParent();
  Function *Fn = Entry->getParent();
  DebugLoc DL = CB->getDebugLoc();

  IRBuilder<> B(CB);
  B.SetCurrentDebugLocation(DL);
  Value *TakeSlow = Path.Test(B);

  // Entry: ..., branch | Fast / Refill | Cont: the phi, then the rest.
  BasicBlock *Cont = Entry->splitBasicBlock(CB, "sizespec.cont");
  Entry->getTerminator()->eraseFromParent();
  BasicBlock *Fast = BasicBlock::Create(Ctx, "sizespec.fast", Fn, Cont);
  BasicBlock *Refill = BasicBlock::Create(Ctx, "sizespec.refill", Fn, Cont);
  B.SetInsertPoint(Entry);
  B.CreateCondBr(TakeSlow, Refill, Fast,
                 MDBuilder(Ctx).createBranchWeights(1, SlowWeight));

  B.SetInsertPoint(Fast);
  Value *Got = Path.Take(B);
  BasicBlock *FastEnd = B.GetInsertBlock(); // Take may add blocks
  B.CreateBr(Cont);

  B.SetInsertPoint(Refill);
  Value *Refilled;
  if (auto *II = dyn_cast<InvokeInst>(CB)) {
    // The refill may throw where operator new could: same landing pad,
    // which now is entered from here.
    BasicBlock *Unwind = II->getUnwindDest();
    Refilled = B.CreateInvoke(Slow, Cont, Unwind, SlowArgs);
    for (PHINode &Phi : Unwind->phis())
      Phi.replaceIncomingBlockWith(Cont, Refill);
  } else {
    Refilled = B.CreateCall(Slow, SlowArgs);
    B.CreateBr(Cont);
  }
  cast<CallBase>(Refilled)->setDebugLoc(DL);

  B.SetInsertPoint(Cont, Cont->begin());
  PHINode *P = B.CreatePHI(PtrTy, 2);
  P->addIncoming(Got, FastEnd);
  P->addIncoming(Refilled, Refill);
  CB->replaceAllUsesWith(P);
  if (auto *II = dyn_cast<InvokeInst>(CB)) {
    BasicBlock *Normal = II->getNormalDest();
    CB->eraseFromParent();
    B.SetInsertPoint(Cont);
    B.CreateBr(Normal);
  } else {
    CB->eraseFromParent();
  }
}

void Lowering::emitFastPath(CallBase *CB, const NewForm &F, unsigned Bin) {
  Value *Slot = nullptr;
  LoadInst *Head = nullptr;
  FastPath Path;
  Path.Test = [&](IRBuilder<> &B) {
    Slot = cacheField(B, B.CreateThreadLocalAddress(threadCacheGlobal(M)),
                      offsetof(detail::ThreadCache, __alloc) +
                          Bin * sizeof(void *),
                      "sizespec.slot");
    Head = B.CreateAlignedLoad(PtrTy, Slot, llvm::Align(8), "head");
    return B.CreateICmpEQ(Head, ConstantPointerNull::get(PtrTy));
  };
  Path.Take = [&](IRBuilder<> &B) -> Value * {
    Value *Next = B.CreateAlignedLoad(PtrTy, Head, llvm::Align(8), "next");
    B.CreateAlignedStore(Next, Slot, llvm::Align(8));
    return Head;
  };
  unsigned BinArg = Bin + (F.Array ? detail::kRefillArray : 0);
  SmallVector<Value *, 3> Args = {ConstantInt::get(I32, BinArg),
                                  CB->getArgOperand(0)};
  SmallVector<Type *, 3> Params = {I32, I64};
  if (F.Aligned) {
    Args.push_back(CB->getArgOperand(1));
    Params.push_back(I64);
  }
  StringRef Name =
      F.Aligned
          ? (F.Nothrow ? "_ZN8sizespec6detail28alloc_refill_aligned_nothrowEjmm"
                       : "_ZN8sizespec6detail20alloc_refill_alignedEjmm")
          : (F.Nothrow ? "_ZN8sizespec6detail20alloc_refill_nothrowEjm"
                       : "_ZN8sizespec6detail12alloc_refillEjm");
  FunctionCallee Slow = runtimeFunction(Name, Params, /*Cold=*/true,
                                        /*NoUnwind=*/F.Nothrow);
  replaceWithFastPath(CB, Path, Slow, Args, /*SlowWeight=*/2000);
}

void Lowering::emitTinyPath(CallBase *CB, const NewForm &F,
                            std::uint64_t Size) {
  using detail::ThreadCache;
  const std::uint64_t Align = detail::tiny_align(Size, F.Array);
  Value *Cache = nullptr, *NextSlot = nullptr, *Next = nullptr, *P = nullptr,
        *End = nullptr;
  FastPath Path;
  Path.Test = [&](IRBuilder<> &B) {
    Cache = B.CreateThreadLocalAddress(threadCacheGlobal(M));
    NextSlot = cacheField(B, Cache, offsetof(ThreadCache, __tiny_next),
                          "sizespec.tiny.next");
    Next = B.CreateAlignedLoad(I64, NextSlot, llvm::Align(8), "next");
    P = Align > 1 ? B.CreateAnd(B.CreateAdd(Next, B.getInt64(Align - 1)),
                                B.getInt64(~(Align - 1)), "tiny")
                  : Next;
    End = B.CreateAlignedLoad(I64,
                              cacheField(B, Cache,
                                         offsetof(ThreadCache, __tiny_end),
                                         "sizespec.tiny.end"),
                              llvm::Align(8), "end");
    return B.CreateICmpUGT(B.CreateAdd(P, B.getInt64(Size)), End);
  };
  Path.Take = [&](IRBuilder<> &B) -> Value * {
    B.CreateAlignedStore(B.CreateAdd(P, B.getInt64(Size)), NextSlot,
                         llvm::Align(8));
    auto Bump = [&](std::size_t Offset, Value *By) {
      Value *Slot = cacheField(B, Cache, Offset, "sizespec.tiny.count");
      Value *Old = B.CreateAlignedLoad(I64, Slot, llvm::Align(8));
      B.CreateAlignedStore(B.CreateAdd(Old, By), Slot, llvm::Align(8));
    };
    Bump(offsetof(ThreadCache, __tiny_allocs), B.getInt64(1));
    if (Align > 1) {
      // As tiny_bump: a branch, not an add of 0 each time.
      Function *Fn = B.GetInsertBlock()->getParent();
      BasicBlock *Padded = BasicBlock::Create(Ctx, "sizespec.tiny.pad", Fn);
      BasicBlock *Done = BasicBlock::Create(Ctx, "sizespec.tiny.done", Fn);
      Value *Pad = B.CreateSub(P, Next, "pad");
      B.CreateCondBr(B.CreateICmpNE(Pad, B.getInt64(0)), Padded, Done);
      B.SetInsertPoint(Padded);
      Bump(offsetof(ThreadCache, __tiny_pad), Pad);
      B.CreateBr(Done);
      B.SetInsertPoint(Done);
    }
    return B.CreateIntToPtr(P, PtrTy);
  };
  Value *Args[] = {ConstantInt::get(I32, F.Array ? detail::kRefillArray : 0),
                   CB->getArgOperand(0)};
  FunctionCallee Slow = runtimeFunction(
      F.Nothrow ? "_ZN8sizespec6detail25alloc_tiny_refill_nothrowEjm"
                : "_ZN8sizespec6detail17alloc_tiny_refillEjm",
      {I32, I64}, /*Cold=*/true, /*NoUnwind=*/F.Nothrow);
  // A block holds at most 16 objects: the refill is far likelier than a
  // free-list pop's.
  replaceWithFastPath(CB, Path, Slow, Args, /*SlowWeight=*/64);
}

} // namespace

PreservedAnalyses LowerSitesPass::run(Module &M, ModuleAnalysisManager &) {
  std::uint32_t TagID =
      M.getContext().getOrInsertBundleTag(kSiteBundle)->getValue();
  struct Tagged {
    CallBase *Call;
    NewForm Form;
  };
  SmallVector<Tagged, 16> Sites;
  for (Function &F : M) {
    std::optional<NewForm> Form = parseOperatorNew(F.getName());
    if (!Form)
      continue;
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallBase>(U))
        if (CB->getCalledOperand() == &F && CB->getOperandBundle(TagID))
          Sites.push_back({CB, *Form});
  }
  Lowering L(M);
  for (Tagged &T : Sites) {
    OperandBundleUse Tag = *T.Call->getOperandBundle(TagID);
    auto *Scan = Tag.Inputs.size() == 2
                     ? dyn_cast<ConstantInt>(Tag.Inputs[0].get())
                     : nullptr;
    auto *Max = Scan ? dyn_cast<ConstantInt>(Tag.Inputs[1].get()) : nullptr;
    // The backend cannot emit the bundle: every tagged call loses it here.
    CallBase *Call =
        CallBase::removeOperandBundle(T.Call, TagID, T.Call->getIterator());
    Call->copyMetadata(*T.Call);
    Call->takeName(T.Call);
    T.Call->replaceAllUsesWith(Call);
    T.Call->eraseFromParent();
    if (Scan && Max)
      L.lower(Call, T.Form, Scan->isOne(), Max->getZExtValue());
  }
  return Sites.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace sizespec
