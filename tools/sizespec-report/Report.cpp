//===- Report.cpp - Merge sidecars and count the sites --------------------===//

#include "Report.h"

#include "sizespec/model/Codes.h"
#include "sizespec/model/Outcome.h"

#include "sizespec/size_classes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

/// True if two records of one site say the same thing about it.
bool sameVerdict(const SiteRecord &A, const SiteRecord &B) {
  return std::tie(A.Size, A.Align, A.Class, A.Scan, A.Specialized, A.Reason,
                  A.Message, A.Routine, A.Describe, A.Nothrow) ==
         std::tie(B.Size, B.Align, B.Class, B.Scan, B.Specialized, B.Reason,
                  B.Message, B.Routine, B.Describe, B.Nothrow);
}

bool shown(const MergedSite &M, const Filter &F) {
  const SiteRecord &S = M.S;
  if (F.Only == Filter::Status::Specialized && !S.Specialized)
    return false;
  if (F.Only == Filter::Status::NotSpecialized && S.Specialized)
    return false;
  if (F.FileMatches && !F.FileMatches(S.File))
    return false;
  if (!F.Reasons.empty() &&
      (S.Specialized || !is_contained(F.Reasons, S.Reason)))
    return false;
  if (!F.Forms.empty() && !is_contained(F.Forms, S.Form))
    return false;
  if (!F.Classes.empty() && (!S.Class || !is_contained(F.Classes, *S.Class)))
    return false;
  return true;
}

bool siteOrder(const MergedSite &A, const MergedSite &B) {
  // Specialized before not specialized, so conflicting versions read in a
  // fixed order.
  return std::make_tuple(A.S.File, A.S.Line, A.S.Column, A.S.Form, A.S.Type,
                         !A.S.Specialized, A.S.Size, A.S.Reason) <
         std::make_tuple(B.S.File, B.S.Line, B.S.Column, B.S.Form, B.S.Type,
                         !B.S.Specialized, B.S.Size, B.S.Reason);
}

} // namespace

void Merger::add(const Sidecar &SC) {
  ++Units;
  Origin From{SC.MainFile.empty() ? SC.Path : SC.MainFile,
              settingsWords(SC.Settings)};
  ++Compiles[From.Settings];
  for (const SiteRecord &S : SC.Sites) {
    ++Records;
    std::vector<MergedSite> &Versions = Groups[SiteIdentity(S.identity())];
    auto It = find_if(Versions,
                      [&](const MergedSite &M) { return sameVerdict(M.S, S); });
    if (It == Versions.end())
      It = Versions.insert(Versions.end(), MergedSite{S, {}, false});
    else if (S.Outcome && It->S.Outcome)
      It->S.Outcome->add(*S.Outcome); // the site's code in another object
    else if (S.Outcome)
      It->S.Outcome = S.Outcome;
    // A header site is seen by many TUs: keep each origin once as we go.
    if (It->Origins.empty() || !(It->Origins.back() == From))
      It->Origins.push_back(From);
  }
}

Report Merger::finish(const Filter &F) {
  Report R;
  R.Counts.Units = Units;
  R.Compiles = std::move(Compiles);
  unsigned Versions = 0;
  for (auto &[Key, Group] : Groups) {
    Versions += Group.size();
    bool Conflict = Group.size() > 1;
    bool AnyShown = false;
    for (MergedSite &M : Group) {
      llvm::sort(M.Origins);
      M.Origins.erase(std::unique(M.Origins.begin(), M.Origins.end()),
                      M.Origins.end());
      M.Conflict = Conflict;
      settleOutcome(M.S);
      if (!shown(M, F)) {
        R.Hidden.push_back(std::move(M));
        continue;
      }
      AnyShown = true;
      R.Sites.push_back(std::move(M));
    }
    if (Conflict && AnyShown)
      ++R.Counts.Conflicts;
  }
  R.Counts.DuplicatesMerged = Records - Versions;
  llvm::sort(R.Sites, siteOrder);

  for (const MergedSite &M : R.Sites)
    R.Counts.add(M.S);
  return R;
}

std::string originList(const MergedSite &M) {
  std::vector<std::string> Parts;
  for (const Origin &O : M.Origins)
    Parts.push_back(O.Settings.empty()
                        ? O.MainFile
                        : formatv("{0} [{1}]", O.MainFile, O.Settings).str());
  return join(Parts, ", ");
}

std::string conflictNote(const MergedSite &M) {
  return "translation units disagree on this site; this version is from " +
         originList(M);
}

SiteKind kindOf(const SiteRecord &S) {
  if (S.removed())
    return SiteKind::Removed;
  return S.Specialized ? SiteKind::Specialized : kindOfReason(S.Reason);
}

SiteKind kindOfReason(StringRef Reason) {
  return reasonEligible(reasonFromCode(Reason).value_or(sizespec::Reason::None))
             ? SiteKind::Generic
             : SiteKind::NotEligible;
}

StringRef kindName(SiteKind K) {
  switch (K) {
  case SiteKind::Specialized:
    return "specialized";
  case SiteKind::Generic:
    return "generic";
  case SiteKind::NotEligible:
    return "not-eligible";
  case SiteKind::Removed:
    return "removed";
  }
  llvm_unreachable("covered switch");
}

std::uint64_t commonLimit(const Report &R) {
  std::map<std::uint64_t, unsigned> Votes;
  for (const auto &[Settings, N] : R.Compiles) {
    SmallVector<StringRef, 4> Words;
    StringRef(Settings).split(Words, ' ');
    for (StringRef W : Words) {
      std::uint64_t Max;
      if (W.consume_front("max=") && !W.getAsInteger(10, Max))
        Votes[Max] += N;
    }
  }
  std::uint64_t Best = kDefaultSpecializeMax;
  unsigned Most = 0;
  for (const auto &[Max, N] : Votes)
    if (N > Most)
      std::tie(Best, Most) = std::pair(Max, N);
  return Best;
}

} // namespace report
} // namespace sizespec
