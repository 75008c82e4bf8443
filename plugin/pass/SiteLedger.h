//===- SiteLedger.h - The specialized sites, from marking to lowering -*- C++
//-*-===//
//
// MarkSitesPass gives each tagged call a `!sizespec.site` attachment naming
// its site, and lists every site in the module's `sizespec.sites`; the
// optimizer copies an attachment with the call (inlining, cloning) and loses
// it with the call. So LowerSitesPass knows, at the end of the pipeline, the
// sites none of whose calls is left: those the optimizer removed.
//
//   !sizespec.sites = !{!7, ...}
//   !7 = distinct !{!"main", !12, i32 42, i32 17}   ; function, scope, line,
//   column
//
// A site node holds its location as scope, line and column (a DILocation
// may not sit in named metadata); the scope is null without debug info.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_PASS_SITELEDGER_H
#define SIZESPEC_PLUGIN_PASS_SITELEDGER_H

#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

#include <vector>

namespace sizespec {

class SiteLedger {
public:
  explicit SiteLedger(llvm::Module &M) : M(M) {}

  /// Records the site of \p Call (a tagged call, at marking) and attaches it.
  void add(llvm::CallBase &Call);
  /// The site a tagged call belongs to, or null.
  static llvm::MDNode *siteOf(const llvm::CallBase &Call);

  struct Recorded {
    llvm::MDNode *Node;
    llvm::StringRef Function; ///< where the site was written
    llvm::DebugLoc Loc;       ///< empty without debug info
  };
  /// Every site marked in this module.
  std::vector<Recorded> sites() const;

  /// Drops the list (LowerSitesPass, at the end; it detaches each call it
  /// lowers): nothing of the ledger reaches the object file.
  void clear();
  static void detach(llvm::CallBase &Call);

private:
  llvm::Module &M;
};

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_PASS_SITELEDGER_H
