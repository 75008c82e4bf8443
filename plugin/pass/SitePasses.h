//===- SitePasses.h - Specialize the sites the optimizer leaves -*- C++ -*-===//
//
// Build mode's LLVM half. The frontend plugin decides each site's kind and
// points it at a marker (<sizespec/site_markers.h>); it also adds its own
// file to the compile's pass plugins, which registers these three passes:
//
// - MarkSitesPass, at the start of the pipeline, turns each marker call into
//   the operator new call Clang would have emitted for the site (`builtin`,
//   so the optimizer may delete an unused new/delete pair as it does without
//   the plugin) and tags it with an operand bundle
//   `[ "sizespec"(i1 scan, i64 max) ]`, the limit read from the module's
//   stamp. A bundle travels with the call wherever LLVM moves or copies it:
//   the inliner keeps it when it turns an inlined call into an invoke, where
//   it drops call-site metadata.
// - LowerSitesPass, at the end of the pipeline (OptimizerLast, as LLVM's
//   AllocToken pass), gives each tagged call the optimizer left the fast
//   path of its class: a pop of the thread's free list for that bin, with
//   alloc_refill behind it. A size that is still not constant (the
//   allocator forms) takes the generic path of the site's kind.
// - LowerDeletesPass, right after it, gives each `operator delete(p, N)`
//   of a constant small N the runtime's local free inline: the bin from the
//   address, a push onto the thread's list, with the call behind it for
//   anything that is not a bin's object.
//
// Each says what it did as optimization remarks of pass `sizespec`
// (-Rpass=sizespec), counts it (Statistics.h: -stats), and, under
// -debug-only=sizespec in an LLVM built with assertions, logs it. The sites
// go from marking to lowering in the module's ledger (SiteLedger.h), so the
// last pass names the sites the optimizer removed.
//
// The backend cannot emit a call with an unknown bundle: LowerSitesPass
// takes every one off. Clang runs the OptimizerLast callbacks in every
// pipeline that runs the PipelineStart ones (-O0, -O1..3, and the LTO and
// ThinLTO pre-link pipelines); -disable-llvm-passes runs neither, and the
// markers stay calls of the library's definitions.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_PASS_SITEPASSES_H
#define SIZESPEC_PLUGIN_PASS_SITEPASSES_H

#include <sizespec/size_classes.h>

#include "sizespec/model/SiteRecord.h"

#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace sizespec {

/// The operand bundle tag of a tagged operator new call.
constexpr const char *kSiteBundle = "sizespec";

/// What the stamp the plugin puts in every translation unit says
/// (Predefines.cpp: "sizespec-stamp v=1 ... off=0 max=1024 sanitizer=none").
/// It travels with the IR, through -save-temps and bitcode.
struct ModuleStamp {
  std::uint64_t Max = kDefaultSpecializeMax;
  bool Off = false;
  bool Sanitized = false;
  bool Hardened = true;
};
/// The module's stamp; none if no part of it was compiled with the plugin.
std::optional<ModuleStamp> readStamp(const llvm::Module &M);

/// Set when Clang loaded this file as a pass plugin (the frontend plugin, in
/// the same file, asks).
bool &passPluginLoaded();

/// The compile-time listing (-fplugin-arg-sizespec-report) of a compile in
/// which the passes run: the front end leaves its records here instead of
/// printing them, and LowerSitesPass prints each site once, with what
/// became of it (the verdict sizespec-report gives the object), then
/// clears it. Both halves are this one file, loaded once per compile.
struct PendingListing {
  bool Active = false;
  std::vector<SiteRecord> Records;
};
PendingListing &pendingListing();

class MarkSitesPass : public llvm::PassInfoMixin<MarkSitesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

class LowerSitesPass : public llvm::PassInfoMixin<LowerSitesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Gives each `operator delete(p, N)` call of a constant small N the
/// runtime's local free inline (detail::free_inline), with the call behind
/// it for everything else. Runs after LowerSitesPass, in modules the plugin
/// stamped with off=0 and no sanitizer; `-mllvm -sizespec-inline-delete=0`
/// keeps every call.
class LowerDeletesPass : public llvm::PassInfoMixin<LowerDeletesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_PASS_SITEPASSES_H
