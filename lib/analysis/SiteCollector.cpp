//===- SiteCollector.cpp - The listed sites of a translation unit ---------===//

#include "sizespec/analysis/SiteCollector.h"
#include "sizespec/analysis/StdLibrary.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace clang;

namespace sizespec {
namespace {

/// \p T without sugar or qualifiers: one key per type.
const Type *typeKey(QualType T) {
  return T.getCanonicalType().getUnqualifiedType().getTypePtr();
}

/// The object type T of make_shared<T>'s control block, as a typeKey.
const Type *sharedObjectType(const Site &S) {
  if (S.RoutineType.isNull())
    return nullptr;
  std::optional<ControlBlock> Block = controlBlock(S.RoutineType);
  return Block ? typeKey(Block->Object) : nullptr;
}

ListedSite listed(const FoundSite &F, SourceLocation Where,
                  const SourceManager &SM) {
  ListedSite L;
  L.Record = recordOf(F.S, SM.getFileLoc(Where), SM);
  L.S = F.S;
  L.New = F.New;
  L.AllocatorCast = F.AllocatorCast;
  L.Function = F.Function;
  return L;
}

} // namespace

SiteRecord recordOf(const Site &S, SourceLocation Where,
                    const SourceManager &SM) {
  SiteRecord R;
  PresumedLoc P = SM.getPresumedLoc(Where);
  if (P.isValid()) {
    // "./sites.h" and ".../12/../../../../include/c++/12/..." as the user
    // would write them.
    llvm::SmallString<256> File(P.getFilename());
    llvm::sys::path::remove_dots(File, /*remove_dot_dot=*/true);
    R.File = std::string(File);
    R.Line = P.getLine();
    R.Column = P.getColumn();
  }
  R.Form = formName(S.Form).str();
  R.Type = S.TypeName;
  R.Describe = S.describe();
  R.Size = S.Size;
  R.Align = S.Align;
  R.ElementSize = S.ElementSize;
  if (S.Size && S.Class)
    R.Class = S.Class;
  R.Scan = S.Scan;
  R.Specialized = S.eligible();
  R.RuntimeSize = S.RuntimeSize;
  R.Nothrow = S.Nothrow;
  R.Tiny = S.Tiny && S.eligible();
  if (!S.eligible()) {
    R.Reason = reasonCode(S.Why).str();
    R.Message = S.Message;
  } else {
    R.Routine = S.routineName();
  }
  return R;
}

void SiteCollector::collect(Decl *D, bool Instantiations,
                            llvm::function_ref<void(FoundSite &)> Act) {
  Finder.find(
      D, Instantiations,
      [&](FoundSite &F) {
        const void *Key = F.New ? static_cast<const void *>(F.New)
                                : static_cast<const void *>(F.AllocatorCast);
        if (!Seen.insert(Key).second)
          return;
        if (F.InTemplatePattern) {
          Patterns.push_back(F);
          return;
        }
        Act(F);
        Sites.push_back(F);
      },
      [&](const FoundCall &C) {
        if (Seen.insert(C.Call).second)
          Calls.push_back(C);
      },
      [&](const FoundReference &R) {
        Callers[R.Callee->getCanonicalDecl()].push_back(R);
      });
}

SourceLocation SiteCollector::userOrigin(const FunctionDecl *From) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Best;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Visited;
  llvm::SmallVector<const FunctionDecl *, 16> Work = {From->getCanonicalDecl()};
  Visited.insert(Work.front());
  while (!Work.empty()) {
    auto It = Callers.find(Work.pop_back_val());
    if (It == Callers.end())
      continue;
    for (const FoundReference &R : It->second) {
      SourceLocation Loc = SM.getFileLoc(R.Loc);
      if (!SM.isInSystemHeader(Loc)) {
        // User code: the chain ends here.
        if (Best.isInvalid() || SM.isBeforeInTranslationUnit(Loc, Best))
          Best = Loc;
        continue;
      }
      const FunctionDecl *Caller = R.Caller->getCanonicalDecl();
      if (Visited.insert(Caller).second)
        Work.push_back(Caller);
    }
  }
  return Best;
}

std::vector<ListedSite> SiteCollector::finish() const {
  const SourceManager &SM = Ctx.getSourceManager();

  // The site inside each make_unique specialization, and for each
  // make_shared object type.
  llvm::DenseMap<const Decl *, size_t> UniqueByCallee;
  llvm::DenseMap<const Type *, size_t> SharedByType;
  for (size_t I = 0; I < Sites.size(); ++I) {
    const FoundSite &F = Sites[I];
    if (F.S.Form == SiteForm::MakeUnique && F.Function)
      UniqueByCallee.try_emplace(F.Function->getCanonicalDecl(), I);
    else if (F.S.Form == SiteForm::MakeShared)
      if (const Type *T = sharedObjectType(F.S))
        SharedByType.try_emplace(T, I);
  }

  std::vector<ListedSite> Out;
  std::vector<bool> Paired(Sites.size(), false);
  for (const FoundCall &C : Calls) {
    std::optional<size_t> Index;
    if (!C.Shared) {
      auto It = UniqueByCallee.find(C.Callee->getCanonicalDecl());
      if (It != UniqueByCallee.end())
        Index = It->second;
    } else if (QualType T = C.Callee->getTemplateSpecializationArgs()
                                ->get(0)
                                .getAsType();
               !T.isNull()) {
      auto It = SharedByType.find(typeKey(T));
      if (It != SharedByType.end())
        Index = It->second;
    }
    if (!Index)
      continue;
    Paired[*Index] = true;
    ListedSite L = listed(Sites[*Index], C.NameLoc, SM);
    L.SmartPtrCall = C.Call;
    L.Shared = C.Shared;
    Out.push_back(std::move(L));
  }
  for (size_t I = 0; I < Sites.size(); ++I) {
    if (Paired[I])
      continue;
    const FoundSite &F = Sites[I];
    SourceLocation Where = F.S.Loc;
    if (SM.isInSystemHeader(SM.getFileLoc(Where))) {
      Where = F.Function ? userOrigin(F.Function) : SourceLocation();
      if (Where.isInvalid())
        continue; // no user code reaches it
    }
    Out.push_back(listed(F, Where, SM));
  }

  // A pattern's site is listed only where no instantiation of it is.
  size_t Compiled = Out.size();
  for (const FoundSite &F : Patterns) {
    ListedSite L = listed(F, F.S.Loc, SM);
    bool Instantiated = std::any_of(Out.begin(), Out.begin() + Compiled,
                                    [&](const ListedSite &O) {
                                      return O.Record.File == L.Record.File &&
                                             O.Record.Line == L.Record.Line &&
                                             O.Record.Column == L.Record.Column;
                                    });
    if (!Instantiated)
      Out.push_back(std::move(L));
  }

  std::stable_sort(Out.begin(), Out.end(),
                   [](const ListedSite &A, const ListedSite &B) {
                     return A.Record < B.Record;
                   });
  Out.erase(std::unique(Out.begin(), Out.end(),
                        [](const ListedSite &A, const ListedSite &B) {
                          return A.Record == B.Record;
                        }),
            Out.end());
  return Out;
}

} // namespace sizespec
