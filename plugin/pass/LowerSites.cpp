//===- LowerSites.cpp - The fast path for each tagged call left -----------===//
//
// After the optimizer, a tagged `operator new(24)` of a pointer-free type
// becomes what sizespec::detail::alloc_small<4, false> is inline
// (<sizespec/alloc_path.h>, <sizespec/tiny_path.h>):
//
//     obj = tls_cache.__alloc[4] * tls_cache.__link_inverse
//     if (obj >= tls_cache.__link_bound) p = alloc_refill(4, 24)   // cold
//     else { tls_cache.__alloc[4] = obj->link; p = obj; }
//
// and one of 1..15 bytes but 8 what detail::alloc_tiny is (Go's tiny
// allocator):
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

#include "OperatorNew.h"
#include "SiteLedger.h"
#include "SitePasses.h"
#include "Statistics.h"
#include "ThreadCacheIR.h"

#include "sizespec/abi/RuntimeABI.h"
#include "sizespec/model/Outcome.h"
#include "sizespec/model/SiteSection.h"

#include <sizespec/alloc_path.h>
#include <sizespec/bins.h>
#include <sizespec/size_classes.h>
#include <sizespec/thread_cache.h>
#include <sizespec/tiny_path.h>

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/TargetParser/Triple.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#define DEBUG_TYPE "sizespec"

using namespace llvm;

SIZESPEC_STATISTIC(NumLoweredClass,
                   "Tagged calls given their class's inline fast path");
SIZESPEC_STATISTIC(NumLoweredTiny, "Tagged calls given the tiny path inline");
SIZESPEC_STATISTIC(NumGeneric,
                   "Tagged calls of a run-time size sent to the generic path");
SIZESPEC_STATISTIC(NumLeftAsCall, "Tagged calls left as operator new calls");
SIZESPEC_STATISTIC(NumRemovedByOptimizer,
                   "Specialized sites the optimizer removed before lowering");

namespace sizespec {
namespace {

/// The alignment a plain (not align_val_t) operator new of \p Size bytes
/// must give its type: the type's alignment divides its size and is at
/// most the default new alignment.
std::uint64_t requiredAlign(std::uint64_t Size) {
  std::uint64_t Low = Size & (~Size + 1);
  return Size == 0 || Low > 16 ? 16 : Low;
}

/// A function's remark emitter, from the analysis manager (so remarks carry
/// hotness when the compile asks for it).
using RemarkEmitterFor = function_ref<OptimizationRemarkEmitter &(Function &)>;

class Lowering {
public:
  /// \p Hardened: the pops decode links (the module's stamp).
  Lowering(Module &M, RemarkEmitterFor ORE, bool Hardened)
      : M(M), ORE(ORE), Hardened(Hardened), Ctx(M.getContext()),
        PtrTy(PointerType::getUnqual(Ctx)), I32(Type::getInt32Ty(Ctx)),
        I64(Type::getInt64Ty(Ctx)) {}

  /// Lowers one tagged call; \p Scan and \p Max come from its tag. Says
  /// what it did as a remark, at the call's location, and returns it.
  LoweredCall lower(CallBase *CB, const NewForm &F, bool Scan,
                    std::uint64_t Max);

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
  FunctionCallee runtimeFunction(abi::Symbol S, ArrayRef<Type *> Params,
                                 bool Cold, bool NoUnwind);

  Module &M;
  RemarkEmitterFor ORE;
  bool Hardened;
  LLVMContext &Ctx;
  PointerType *PtrTy;
  IntegerType *I32;
  IntegerType *I64;
};

LoweredCall Lowering::lower(CallBase *CB, const NewForm &F, bool Scan,
                            std::uint64_t Max) {
  OptimizationRemarkEmitter &ORE = this->ORE(*CB->getFunction());
  LoweredCall Done;
  StringRef Kind = Scan ? "scan" : "noscan";
  if (auto *SizeC = dyn_cast<ConstantInt>(CB->getArgOperand(0))) {
    std::uint64_t Size = SizeC->getZExtValue();
    std::optional<std::uint64_t> Align = requiredAlign(Size);
    if (F.Aligned) {
      auto *AlignC = dyn_cast<ConstantInt>(CB->getArgOperand(1));
      Align = AlignC ? std::optional(AlignC->getZExtValue()) : std::nullopt;
    }
    if (!Scan && !F.Aligned && Size <= Max && detail::is_tiny_size(Size)) {
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "Tiny", CB)
               << "allocation of " << ore::NV("Size", Size)
               << " B packed inline into the tiny path's "
               << ore::NV("Block", detail::kTinyBlock) << "-byte blocks";
      });
      emitTinyPath(CB, F, Size);
      ++NumLoweredTiny;
      Done.Kind = LoweredCall::Tiny;
      Done.Size = Size;
      Done.Class = class_of(Size);
      return Done;
    }
    unsigned Class = Size <= Max ? class_of(Size) : 0;
    if (Class && Align && *Align <= class_align(Class)) {
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "Lowered", CB)
               << "allocation of " << ore::NV("Size", Size)
               << " B lowered inline to the fast path of class "
               << ore::NV("Class", Class) << " (" << ore::NV("Kind", Kind)
               << ")";
      });
      emitFastPath(CB, F, bin_of(Class, Scan));
      ++NumLoweredClass;
      Done.Kind = LoweredCall::Lowered;
      Done.Size = Size;
      Done.Class = Class;
      return Done;
    }
    // Above the limit, or more aligned than the class: operator new, as
    // Clang emitted it.
    ORE.emit([&] {
      OptimizationRemarkMissed R(DEBUG_TYPE, "LeftAsCall", CB);
      R << "allocation of " << ore::NV("Size", Size)
        << " B left as a call of operator new: ";
      if (!Class)
        R << "above the " << ore::NV("Limit", Max) << " B limit";
      else
        R << "alignment beyond class " << ore::NV("Class", Class) << "'s";
      return R;
    });
    ++NumLeftAsCall;
    Done.Size = Size;
    Done.Why = Class ? formatv("alignment beyond class {0}'s", Class).str()
                     : formatv("{0} B: above the {1} B limit", Size, Max).str();
    return Done;
  }
  // A runtime size (the allocator forms): the generic path of the kind.
  if (F.Array || F.Nothrow) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "LeftAsCall", CB)
             << "allocation of a run-time size left as a call of operator new";
    });
    ++NumLeftAsCall;
    Done.Why = "a run-time size";
    return Done;
  }
  using abi::Symbol;
  FunctionCallee Generic = runtimeFunction(
      F.Aligned ? Symbol::AllocGenericAligned
      : Scan    ? Symbol::AllocGenericScan
                : Symbol::AllocGenericNoscan,
      F.Aligned ? ArrayRef<Type *>{I64, I64} : ArrayRef<Type *>{I64}, false,
      false);
  CB->setCalledFunction(Generic);
  CB->removeFnAttr(Attribute::Builtin);
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Generic", CB)
           << "allocation of a run-time size sent to the "
           << ore::NV("Kind", Kind) << " generic path";
  });
  ++NumGeneric;
  Done.Kind = LoweredCall::Generic;
  return Done;
}

FunctionCallee Lowering::runtimeFunction(abi::Symbol S, ArrayRef<Type *> Params,
                                         bool Cold, bool NoUnwind) {
  FunctionCallee FC = M.getOrInsertFunction(
      abi::mangledName(S), FunctionType::get(PtrTy, Params, false));
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
  using detail::ThreadCache;
  Value *Slot = nullptr, *Obj = nullptr;
  FastPath Path;
  Path.Test = [&](IRBuilder<> &B) {
    Value *Cache = B.CreateThreadLocalAddress(threadCacheGlobal(M));
    Slot = cacheField(
        B, Cache, offsetof(ThreadCache, __alloc) + Bin * sizeof(std::uintptr_t),
        "sizespec.slot");
    Value *Head = B.CreateAlignedLoad(I64, Slot, llvm::Align(8), "head");
    Value *Inverse =
        Hardened
            ? B.CreateAlignedLoad(
                  I64,
                  cacheField(B, Cache, offsetof(ThreadCache, __link_inverse),
                             "inverse.slot"),
                  llvm::Align(8), "inverse")
            : nullptr;
    Value *Bound = B.CreateAlignedLoad(
        I64,
        cacheField(B, Cache, offsetof(ThreadCache, __link_bound), "bound.slot"),
        llvm::Align(8), "bound");
    // With hardening off the keys are 1: the head is the object.
    Obj = Hardened ? B.CreateMul(Head, Inverse, "obj") : Head;
    return B.CreateICmpUGE(Obj, Bound);
  };
  Path.Take = [&](IRBuilder<> &B) -> Value * {
    Value *P = B.CreateIntToPtr(Obj, PtrTy, "obj.ptr");
    Value *Next = B.CreateAlignedLoad(I64, P, llvm::Align(8), "next");
    B.CreateAlignedStore(Next, Slot, llvm::Align(8));
    return P;
  };
  unsigned BinArg = Bin + (F.Array ? detail::kRefillArray : 0);
  SmallVector<Value *, 3> Args = {ConstantInt::get(I32, BinArg),
                                  CB->getArgOperand(0)};
  SmallVector<Type *, 3> Params = {I32, I64};
  if (F.Aligned) {
    Args.push_back(CB->getArgOperand(1));
    Params.push_back(I64);
  }
  using abi::Symbol;
  Symbol Refill = F.Aligned ? (F.Nothrow ? Symbol::AllocRefillAlignedNothrow
                                         : Symbol::AllocRefillAligned)
                            : (F.Nothrow ? Symbol::AllocRefillNothrow
                                         : Symbol::AllocRefill);
  FunctionCallee Slow = runtimeFunction(Refill, Params, /*Cold=*/true,
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
  FunctionCallee Slow =
      runtimeFunction(F.Nothrow ? abi::Symbol::AllocTinyRefillNothrow
                                : abi::Symbol::AllocTinyRefill,
                      {I32, I64}, /*Cold=*/true, /*NoUnwind=*/F.Nothrow);
  // A block holds at most 16 objects: the refill is far likelier than a
  // free-list pop's.
  replaceWithFastPath(CB, Path, Slow, Args, /*SlowWeight=*/64);
}

/// What became of each site's calls, by ledger index.
using CallsBySite = DenseMap<std::uint64_t, SmallVector<LoweredCall, 2>>;

/// A site the optimizer removed (none of its calls is left): a remark at
/// the site's own location.
void reportRemoved(Module &M, const SiteLedger::Recorded &Site,
                   RemarkEmitterFor GetORE) {
  ++NumRemovedByOptimizer;
  // A remark belongs to a function's block: the site's own if it is still
  // there (its call is gone), else the module's first one.
  Function *Where = M.getFunction(Site.Function);
  if (!Where || Where->isDeclaration())
    Where = nullptr;
  for (Function &F : M)
    if (!Where && !F.isDeclaration())
      Where = &F;
  if (!Where)
    return;
  GetORE(*Where).emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Removed", Site.Loc,
                              &Where->getEntryBlock())
           << "allocation removed by the optimizer (in "
           << ore::NV("Function", Site.Function) << ")";
  });
}

/// Where the copy of a call at \p DL was inlined, innermost first.
std::vector<std::pair<std::string, unsigned>> inlinedAt(const DebugLoc &DL) {
  std::vector<std::pair<std::string, unsigned>> Out;
  for (DILocation *At = DL ? DL->getInlinedAt() : nullptr; At;
       At = At->getInlinedAt())
    Out.emplace_back(sys::path::filename(At->getFilename()).str(),
                     At->getLine());
  return Out;
}

/// The translation unit's lowered record (Outcome.h): every site of the
/// ledger with what became of its calls, identical calls counted once.
LoweredUnit loweredUnit(const Module &M, ArrayRef<SiteLedger::Recorded> Marked,
                        const CallsBySite &Calls) {
  LoweredUnit U;
  U.Locations = M.getNamedMetadata("llvm.dbg.cu") != nullptr;
  for (auto [Index, Site] : enumerate(Marked)) {
    LoweredSite S;
    S.Function = Site.Function.str();
    if (Site.Loc) {
      S.File = Site.Loc->getFilename().str();
      S.Line = Site.Loc.getLine();
      S.Column = Site.Loc.getCol();
    }
    S.Scan = Site.Scan;
    S.Form = Site.Form.Array ? "new[]" : "new";
    S.Nothrow = Site.Form.Nothrow;
    S.Aligned = Site.Form.Aligned;
    S.Size = Site.Size;
    auto It = Calls.find(Index);
    for (const LoweredCall &C :
         It == Calls.end() ? ArrayRef<LoweredCall>() : ArrayRef(It->second)) {
      auto Same = find_if(S.Calls, [&](const LoweredCall &O) {
        return std::tie(O.Kind, O.Size, O.Class, O.Why, O.InlinedAt) ==
               std::tie(C.Kind, C.Size, C.Class, C.Why, C.InlinedAt);
      });
      if (Same != S.Calls.end())
        ++Same->Count;
      else
        S.Calls.push_back(C);
    }
    U.Sites.push_back(std::move(S));
  }
  return U;
}

/// The compile-time listing the front end left (pendingListing), each site
/// with the verdict sizespec-report gives the object: the records joined
/// to \p Lowered and settled as the report settles them.
void printListing(const LoweredUnit &Lowered) {
  PendingListing &Listing = pendingListing();
  if (!Listing.Active)
    return;
  joinOutcomes(Listing.Records, Lowered);
  for (SiteRecord &R : Listing.Records) {
    settleOutcome(R);
    errs() << siteLine(R) << '\n';
  }
  Listing = PendingListing();
}

} // namespace

PreservedAnalyses LowerSitesPass::run(Module &M, ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  auto GetORE = [&](Function &F) -> OptimizationRemarkEmitter & {
    return FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  };
  std::uint32_t TagID =
      M.getContext().getOrInsertBundleTag(kSiteBundle)->getValue();
  struct Tagged {
    CallBase *Call;
    NewForm Form;
  };
  SmallVector<Tagged, 16> Sites;
  for (Function &F : M) {
    std::optional<NewForm> Form = operatorNewForm(F.getName());
    if (!Form)
      continue;
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallBase>(U))
        if (CB->getCalledOperand() == &F && CB->getOperandBundle(TagID))
          Sites.push_back({CB, *Form});
  }
  SiteLedger Ledger(M);
  CallsBySite Calls;
  std::optional<ModuleStamp> Stamp = readStamp(M);
  Lowering L(M, GetORE, !Stamp || Stamp->Hardened);
  for (Tagged &T : Sites) {
    OperandBundleUse Tag = *T.Call->getOperandBundle(TagID);
    // (i1 scan, i64 max[, i64 site]): IR from before the ledger has no site.
    auto Input = [&](unsigned I) {
      return Tag.Inputs.size() == 2 || Tag.Inputs.size() == 3
                 ? dyn_cast<ConstantInt>(Tag.Inputs[I].get())
                 : nullptr;
    };
    ConstantInt *Scan = Input(0), *Max = Input(1);
    ConstantInt *Site = Tag.Inputs.size() == 3 ? Input(2) : nullptr;
    // The backend cannot emit the bundle: every tagged call loses it here.
    CallBase *Call =
        CallBase::removeOperandBundle(T.Call, TagID, T.Call->getIterator());
    Call->copyMetadata(*T.Call);
    Call->takeName(T.Call);
    T.Call->replaceAllUsesWith(Call);
    T.Call->eraseFromParent();
    LLVM_DEBUG(dbgs() << "sizespec: lowering " << *Call << " in "
                      << Call->getFunction()->getName() << "\n");
    if (!Scan || !Max)
      continue;
    std::vector<std::pair<std::string, unsigned>> At =
        inlinedAt(Call->getDebugLoc());
    LoweredCall Done =
        L.lower(Call, T.Form, Scan->isOne(), Max->getZExtValue());
    Done.InlinedAt = std::move(At);
    if (Site)
      Calls[Site->getZExtValue()].push_back(std::move(Done));
  }
  std::vector<SiteLedger::Recorded> Marked = Ledger.sites();
  for (auto [Index, Site] : enumerate(Marked))
    if (!Calls.count(Index))
      reportRemoved(M, Site, GetORE);
  LoweredUnit Lowered = loweredUnit(M, Marked, Calls);
  // After the front end's sites record, in the same section: what the
  // passes did with them (Outcome.h).
  if (!Marked.empty() && Triple(M.getTargetTriple()).isOSBinFormatELF())
    M.appendModuleInlineAsm(siteSectionAsm(
        encodeSectionRecord(SectionRecord::Lowered, loweredText(Lowered))));
  printListing(Lowered);
  Ledger.clear();
  return Sites.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace sizespec
