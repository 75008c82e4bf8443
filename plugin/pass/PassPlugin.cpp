//===- PassPlugin.cpp - The plugin's LLVM passes, registered --------------===//
//
// The frontend plugin adds this file (itself) to the compile's pass plugins
// (SizespecPlugin.cpp), so with Clang 19 `-fplugin=` alone loads both
// halves. Clang 22 loads pass plugins before any frontend plugin runs, and a
// compile of IR (-save-temps, bitcode) runs no frontend plugin: there
// `-fpass-plugin=` loads them, as the flag set of sizespec-config gives it.
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

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  sizespec::passPluginLoaded() = true;
  return {LLVM_PLUGIN_API_VERSION, "sizespec", sizespec::kPluginVersion,
          [](PassBuilder &PB) {
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
