//===- SiteLedger.h - The specialized sites, from marking to lowering -*- C++
//-*-===//
//
// MarkSitesPass enters each tagged call's site in the module's
// `sizespec.sites` list and puts the site's index in the call's bundle,
// `"sizespec"(i1 scan, i64 max, i64 site)`. The optimizer copies a bundle
// with the call (inlining, cloning; also where the inliner turns the call
// into an invoke, which drops call-site metadata) and loses it with the
// call. So LowerSitesPass knows, at the end of the pipeline, what became of
// each site's calls, and the sites none of whose calls is left: those the
// optimizer removed (the lowered record, Outcome.h).
//
//   !sizespec.sites = !{!7, ...}
//   !7 = !{!"main", !12, i32 42, i32 17, i1 false, i32 0, i64 24}
//        ; function, scope, line, column, scan, form bits, size (-1: not
//        ; a constant)
//
// A site node holds its location as scope, line and column (a DILocation
// may not sit in named metadata); the scope is null without debug info.
// Form bits: 1 array, 2 aligned, 4 nothrow.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_PASS_SITELEDGER_H
#define SIZESPEC_PLUGIN_PASS_SITELEDGER_H

#include "OperatorNew.h"

#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace sizespec {

class SiteLedger {
public:
  explicit SiteLedger(llvm::Module &M) : M(M) {}

  /// Enters the site of \p Call (a marker call of form \p Form, at marking)
  /// and returns its index, for the call's bundle.
  std::uint64_t add(const llvm::CallBase &Call, bool Scan, const NewForm &Form);

  struct Recorded {
    llvm::StringRef Function; ///< where the site was written
    llvm::DebugLoc Loc;       ///< empty without debug info
    bool Scan = false;
    NewForm Form;
    std::optional<std::uint64_t> Size; ///< at marking, if a constant
  };
  /// Every site marked in this module, by index.
  std::vector<Recorded> sites() const;

  /// Drops the list (LowerSitesPass, at the end): nothing of the ledger
  /// reaches the object file.
  void clear();

private:
  llvm::Module &M;
};

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_PASS_SITELEDGER_H
