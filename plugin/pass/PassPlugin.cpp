//===- PassPlugin.cpp - The plugin's LLVM passes, registered --------------===//
//
// The frontend plugin adds this file (itself) to the compile's pass plugins
// (SizespecPlugin.cpp), so with Clang 19 `-fplugin=` alone loads both
// halves. Clang 22 loads pass plugins before any frontend plugin runs, and a
// compile of IR (-save-temps, bitcode) runs no frontend plugin: there
// `-fpass-plugin=` loads them, as the flag set of sizespec-config gives it.
// opt runs each alone by name (`opt -load-pass-plugin=... -passes=
// sizespec-lower-sites`), as the tests in test/plugin/passes do.
//
//===----------------------------------------------------------------------===//

#include "SitePasses.h"
#include "Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
// LLVM 22 moved it.
#if __has_include("llvm/Plugins/PassPlugin.h")
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

using namespace llvm;

bool &sizespec::passPluginLoaded() {
  static bool Loaded = false;
  return Loaded;
}

sizespec::PendingListing &sizespec::pendingListing() {
  static PendingListing Listing;
  return Listing;
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  sizespec::passPluginLoaded() = true;
  return {LLVM_PLUGIN_API_VERSION, "sizespec", sizespec::kPluginVersion,
          [](PassBuilder &PB) {
            // By name, for opt: -passes=sizespec-mark-sites, ...
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name == "sizespec-mark-sites")
                    MPM.addPass(sizespec::MarkSitesPass());
                  else if (Name == "sizespec-lower-sites")
                    MPM.addPass(sizespec::LowerSitesPass());
                  else if (Name == "sizespec-lower-deletes")
                    MPM.addPass(sizespec::LowerDeletesPass());
                  else
                    return false;
                  return true;
                });
            PB.registerPipelineStartEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel) {
                  MPM.addPass(sizespec::MarkSitesPass());
                });
            PB.registerOptimizerLastEPCallback([](ModulePassManager &MPM,
                                                  OptimizationLevel
#if LLVM_VERSION_MAJOR >= 20
                                                  ,
                                                  ThinOrFullLTOPhase
#endif
                                               ) {
              MPM.addPass(sizespec::LowerSitesPass());
              MPM.addPass(sizespec::LowerDeletesPass());
            });
          }};
}
