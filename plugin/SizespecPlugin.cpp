//===- SizespecPlugin.cpp - The sizespec Clang plugin ---------------------===//
//
// clang++ -fplugin=.../sizespec-plugin.so [-fplugin-arg-sizespec-ARG]...
//
// Parses the arguments, makes the runtime header and the stamp visible, and
// hands the translation unit to SizespecConsumer. Everything but the registry
// line is in an anonymous namespace.
//
//===----------------------------------------------------------------------===//

#include "Predefines.h"
#include "SitePasses.h"
#include "SizespecConsumer.h"
#include "sizespec/analysis/SiteAnalysis.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace sizespec {
namespace {

constexpr const char Usage[] =
    "sizespec plugin arguments (-fplugin-arg-sizespec-ARG):\n"
    "  report        print one line per allocation site\n"
    "  off           compile as without the plugin (the stamp says so)\n"
    "  max=N         size limit in bytes, 0..1024 (default 1024)\n"
    "  hardening=off inline paths with plain free-list links; the runtime\n"
    "                then runs unhardened too (default: on)\n"
    "  sidecar=PATH  also write the site JSON to PATH ('none', the default:\n"
    "                only the object's .sizespec.sites section has it)\n"
    "  id=ANY        ignored: names the plugin build to compiler caches\n"
    "  help          print this text\n"
    "Link the program with the runtime: `sizespec-config --libs` (-L<libdir>\n"
    "-lsizespec). Without it the link fails with undefined references to\n"
    "sizespec::detail::tls_cache and sizespec::detail::alloc_refill.\n"
    "The same file is the plugin's LLVM pass: Clang 22, and compiles from\n"
    "IR (-save-temps), also need -fpass-plugin=<this file>, as\n"
    "`sizespec-config --cxxflags` gives it.\n";

/// Makes sure the plugin's LLVM passes (pass/SitePasses.h, in this same
/// file) run in this compile; false if they cannot. Clang 19 loads pass
/// plugins just before the optimizer, so the plugin adds itself to the list;
/// Clang 22 loads them with the frontend plugins, before any plugin runs,
/// so there only -fpass-plugin= does.
bool schedulePasses(CompilerInstance &CI) {
  if (passPluginLoaded())
    return true;
#if CLANG_VERSION_MAJOR >= 22
  (void)CI;
  return false;
#else
  std::string Self = pluginPath();
  if (Self.empty())
    return false;
  // -fpass-plugin= may name this file already, perhaps by another path.
  std::vector<std::string> &Passes = CI.getCodeGenOpts().PassPlugins;
  if (llvm::none_of(Passes, [&](const std::string &P) {
        return llvm::sys::fs::equivalent(P, Self);
      }))
    Passes.push_back(Self);
  return true;
#endif
}

class SizespecAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    if (!CI.getLangOpts().CPlusPlus)
      return std::make_unique<ASTConsumer>();
    if (std::optional<llvm::StringRef> San =
            blockingSanitizer(CI.getLangOpts())) {
      Opts.Sanitizer = San->str();
      DiagnosticsEngine &D = CI.getDiagnostics();
      unsigned ID = D.getCustomDiagID(
          DiagnosticsEngine::Remark,
          "sizespec: specialization is off with -fsanitize=%0; sites are "
          "reported as not specialized");
      D.Report(ID) << *San;
    }
    if (!Opts.Off && !Opts.Sanitizer) {
      Opts.NoPass = !schedulePasses(CI);
      if (Opts.NoPass) {
        DiagnosticsEngine &D = CI.getDiagnostics();
        D.Report(D.getCustomDiagID(
            DiagnosticsEngine::Warning,
            "sizespec: Clang %0 loads pass plugins before this plugin runs, "
            "so no site is specialized; add -fpass-plugin=%1 (sizespec-config "
            "--cxxflags, sizespec.pc, sizespec_enable and the wrappers do)"))
            << CLANG_VERSION_MAJOR << pluginPath();
      }
    }
    Opts.Preprocessed = isPreprocessedInput(CI);
    bool IncludeRuntime = !Opts.Off && !Opts.Sanitizer && !Opts.Preprocessed;
    Preprocessor &PP = CI.getPreprocessor();
    PP.setPredefines(PP.getPredefines() + "\n" +
                     predefinesText(Opts, IncludeRuntime));
    // The markers' header includes its sibling as <sizespec/config.h>.
    if (IncludeRuntime) {
      llvm::SmallString<256> Dir(markersHeaderPath());
      llvm::sys::path::remove_filename(Dir);
      llvm::sys::path::remove_filename(Dir);
      if (auto Ref = CI.getFileManager().getOptionalDirectoryRef(Dir))
        PP.getHeaderSearchInfo().AddSystemSearchPath(
            DirectoryLookup(*Ref, SrcMgr::C_System, /*isFramework=*/false));
    }
    return std::make_unique<SizespecConsumer>(CI, Opts);
  }

  /// A .ii or .i, or preprocessed text given as C or C++: icecream sends
  /// `-E` output as `-x c++` on stdin, which starts with the line marker
  /// `-E` writes first and already holds the runtime header.
  static bool isPreprocessedInput(CompilerInstance &CI) {
    const FrontendOptions &FE = CI.getFrontendOpts();
    if (FE.Inputs.empty())
      return false;
    if (FE.Inputs[0].getKind().isPreprocessed())
      return true;
    SourceManager &SM = CI.getSourceManager();
    FileID Main = SM.getMainFileID();
    return Main.isValid() && SM.getBufferData(Main).starts_with("# 1 \"");
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &D = CI.getDiagnostics();
    for (const std::string &Arg : Args) {
      llvm::StringRef A(Arg);
      if (A == "report") {
        Opts.Report = true;
      } else if (A == "off") {
        Opts.Off = true;
      } else if (A == "help") {
        llvm::errs() << Usage;
      } else if (A.consume_front("max=")) {
        std::uint64_t N;
        if (A.getAsInteger(10, N) || N > maxSpecializedSize()) {
          D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                     "sizespec: invalid max '%0': expected a "
                                     "size in bytes from 0 to %1"))
              << A << unsigned(maxSpecializedSize());
          return false;
        }
        Opts.Max = N;
      } else if (A.consume_front("hardening=")) {
        if (A != "on" && A != "off") {
          D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                     "sizespec: invalid hardening '%0': "
                                     "expected 'on' or 'off'"))
              << A;
          return false;
        }
        Opts.Hardened = A == "on";
      } else if (A.starts_with("id=")) {
        // Names the plugin build for the caches that hash arguments (see
        // sizespec-config); the plugin itself has no use for it.
      } else if (A.consume_front("sidecar=")) {
        if (A.empty()) {
          D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                     "sizespec: sidecar= needs a path or "
                                     "'none'"));
          return false;
        }
        Opts.Sidecar = A == "none" ? std::string() : A.str();
      } else {
        D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                   "sizespec: unknown argument '%0' (try "
                                   "-fplugin-arg-sizespec-help)"))
            << Arg;
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  PluginOptions Opts;
};

} // namespace
} // namespace sizespec

static clang::FrontendPluginRegistry::Add<sizespec::SizespecAction>
    X("sizespec", "route allocation sites to size-specialized routines");
