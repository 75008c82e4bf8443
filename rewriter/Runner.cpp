//===- Runner.cpp - Parse translation units in parallel -------------------===//
//
// One ClangTool per file, on a thread pool, as clang-tidy's and
// AllTUsToolExecutor's -j do. Each tool gets its own physical file system
// so that a compile's working directory does not leak into the others.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <mutex>

using namespace clang;
using namespace clang::tooling;

namespace sizespec::rewriter {

namespace {

/// Drops the plugin from compile commands: the rewriter runs the analysis
/// itself, and a build set up with sizespec_enable() names the plugin.
ArgumentsAdjuster stripPlugin() {
  return [](const CommandLineArguments &Args, StringRef) {
    CommandLineArguments Out;
    for (const std::string &A : Args) {
      StringRef S(A);
      if (S.starts_with("-fplugin=") || S.starts_with("-fplugin-arg-") ||
          S.starts_with("-fpass-plugin="))
        continue;
      Out.push_back(A);
    }
    return Out;
  };
}

/// Adds -resource-dir when the command has none.
ArgumentsAdjuster resourceDir() {
  return [](const CommandLineArguments &Args, StringRef) {
    for (const std::string &A : Args)
      if (StringRef(A).starts_with("-resource-dir"))
        return Args;
    CommandLineArguments Out = Args;
    Out.insert(Out.begin() + (Out.empty() ? 0 : 1),
               "-resource-dir=" SIZESPEC_CLANG_RESOURCE_DIR);
    return Out;
  };
}

/// Gives a bare compiler name (`clang++`, `c++`) its directory, as the
/// compiler finds its own when it runs: the driver looks for the GCC
/// installation and the standard library relative to it. Without one, the
/// paths of system headers start with `/../lib/gcc/...`, and the sites in
/// them read differently from what the plugin's compile reports.
ArgumentsAdjuster compilerPath() {
  return [](const CommandLineArguments &Args, StringRef) {
    if (Args.empty() || llvm::sys::path::has_parent_path(Args[0]))
      return Args;
    CommandLineArguments Out = Args;
    llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Args[0]);
    Out[0] = Found ? *Found : std::string(SIZESPEC_CLANG_DRIVER);
    return Out;
  };
}

} // namespace

std::vector<TUResult> runAll(const CompilationDatabase &DB,
                             llvm::ArrayRef<std::string> Files,
                             const CollectOptions &Opts, unsigned Jobs,
                             bool Progress) {
  std::vector<TUResult> Results(Files.size());
  std::mutex OutputLock; // Diagnostics and the progress line share stderr.
  std::atomic<unsigned> Done{0};

  auto RunOne = [&](size_t I) {
    TUResult &R = Results[I];
    R.MainFile = Files[I];
    ClangTool Tool(DB, {Files[I]}, std::make_shared<PCHContainerOperations>(),
                   llvm::vfs::createPhysicalFileSystem());
    Tool.appendArgumentsAdjuster(stripPlugin());
    Tool.appendArgumentsAdjuster(compilerPath());
    // Clang's own headers (stddef.h, ...) are found next to the clang that
    // built the tool, wherever the tool itself is.
    Tool.appendArgumentsAdjuster(resourceDir());
    // Only errors matter here; the build shows the warnings.
    Tool.appendArgumentsAdjuster(
        getInsertArgumentAdjuster("-w", ArgumentInsertPosition::END));
    std::string DiagText;
    llvm::raw_string_ostream DiagOS(DiagText);
    auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
    TextDiagnosticPrinter Printer(DiagOS, DiagOpts.get());
    Tool.setDiagnosticConsumer(&Printer);
    auto Factory = newCollectActionFactory(Opts, R);
    int Status = Tool.run(Factory.get());
    DiagOS.flush();
    if (Status != 0) {
      R.Error = DiagText.empty() ? "it does not parse"
                                 : "it does not parse:\n" + DiagText;
      R.Sites.clear();
      R.Edits.clear();
      R.ParsedHash.clear();
    }
    unsigned N = ++Done;
    if (Progress) {
      std::lock_guard<std::mutex> Lock(OutputLock);
      llvm::errs() << "\r\033[K[" << N << "/" << Files.size() << "] "
                   << llvm::sys::path::filename(Files[I]);
    }
  };

  if (Jobs == 0)
    Jobs = llvm::hardware_concurrency().compute_thread_count();
  if (Jobs <= 1 || Files.size() <= 1) {
    for (size_t I = 0; I < Files.size(); ++I)
      RunOne(I);
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
    for (size_t I = 0; I < Files.size(); ++I)
      Pool.async([&, I] { RunOne(I); });
    Pool.wait();
  }
  if (Progress && !Files.empty())
    llvm::errs() << "\r\033[K";
  return Results;
}

} // namespace sizespec::rewriter
