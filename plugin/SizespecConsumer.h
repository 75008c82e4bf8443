//===- SizespecConsumer.h - Find, redirect and report the sites -*- C++ -*-===//
//
// Runs before CodeGen (AddBeforeMainAction). Timing is what makes one parse
// enough (docs/interfaces.md, "Plugin"):
//
// - A non-inline, non-constexpr function (or global initializer, or explicit
//   instantiation) is redirected when it reaches the consumer: CodeGen emits
//   it right after, so later is too late.
// - Inline, constexpr and instantiated functions are redirected in
//   HandleTranslationUnit, after Sema is done: constant evaluation of a
//   `new` in a constexpr function needs the real operator new, and it may
//   happen anywhere later in the file.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_SIZESPECCONSUMER_H
#define SIZESPEC_PLUGIN_SIZESPECCONSUMER_H

#include "PluginOptions.h"
#include "Redirector.h"
#include "sizespec/analysis/SiteCollector.h"

#include "clang/Sema/SemaConsumer.h"

#include <memory>
#include <optional>
#include <vector>

namespace clang {
class CompilerInstance;
class MangleContext;
} // namespace clang

namespace sizespec {

class SizespecConsumer : public clang::SemaConsumer {
public:
  SizespecConsumer(clang::CompilerInstance &CI, PluginOptions Opts);
  ~SizespecConsumer() override;

  void InitializeSema(clang::Sema &S) override;
  void ForgetSema() override;
  bool HandleTopLevelDecl(clang::DeclGroupRef DG) override;
  void HandleTranslationUnit(clang::ASTContext &Ctx) override;

private:
  void handleEarly(clang::Decl *D);
  void process(clang::Decl *D, bool Instantiations);
  void act(FoundSite &F);
  bool codeGenFollows() const;
  void emitOutputs(llvm::ArrayRef<SiteRecord> Records);
  void warnNoRuntimeOnce();
  std::string mainFileName() const;
  /// Where the compile puts a specialized site's code (SiteRecord::Code).
  std::optional<SiteCode> codeOf(const ListedSite &L);
  /// Puts the records into the object (.sizespec.sites).
  void emitSiteSection(llvm::StringRef SidecarJson);

  clang::CompilerInstance &CI;
  PluginOptions Opts;
  AnalysisOptions Analysis;
  /// Redirect eligible sites (false under off, a sanitizer, or in C).
  bool ShouldRedirect;
  clang::Sema *SemaRef = nullptr;
  std::unique_ptr<Redirector> Redir;
  /// Inside HandleTranslationUnit: a declaration reaching the consumer now
  /// is the plugin's own (the records' asm block).
  bool Finishing = false;
  bool WarnedNoRuntime = false;
  /// Set in InitializeSema, when the ASTContext exists.
  std::unique_ptr<SiteCollector> Collector;
  std::unique_ptr<clang::MangleContext> Mangler;
};

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_SIZESPECCONSUMER_H
