//===- Main.cpp - sizespec-rewrite: report on and rewrite sources ---------===//
//
//   sizespec-rewrite -p build [--report|--diff|--apply] [-j N] [paths...]
//
// Follows clang-tidy's conventions: -p names the directory holding
// compile_commands.json, paths are files or directories (every file of the
// database when none), extra compiler arguments follow `--`.
//
//===----------------------------------------------------------------------===//

#include "ChangePlan.h"
#include "ExportFixes.h"
#include "FileWrite.h"
#include "Report.h"
#include "Runner.h"
#include "UnifiedDiff.h"

#include "sizespec/analysis/SiteAnalysis.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace llvm;
using namespace clang::tooling;
using namespace sizespec;
using namespace sizespec::rewriter;

namespace {

cl::OptionCategory Category("sizespec-rewrite options");

enum class Mode { Report, Diff, Apply };
cl::opt<Mode> RunMode(
    cl::desc("What to do:"),
    cl::values(clEnumValN(Mode::Report, "report",
                          "List every site and what the rewrite does with it "
                          "(default)"),
               clEnumValN(Mode::Diff, "diff",
                          "Print a unified diff of the rewrite; write nothing"),
               clEnumValN(Mode::Apply, "apply",
                          "Rewrite the files in place, each whole or not at "
                          "all")),
    cl::init(Mode::Report), cl::cat(Category));

enum class Format { Text, Json };
cl::opt<Format> ReportFormat(
    "format", cl::desc("Report format:"),
    cl::values(clEnumValN(Format::Text, "text", "compiler-style lines"),
               clEnumValN(Format::Json, "json", "one JSON object")),
    cl::init(Format::Text), cl::cat(Category));

cl::opt<std::string> ExportFixesFile(
    "export-fixes",
    cl::desc("Write the replacements to this YAML file, in the format "
             "clang-apply-replacements reads"),
    cl::value_desc("filename"), cl::cat(Category));

cl::opt<unsigned> Jobs("j",
                       cl::desc("Translation units parsed at once (0: one "
                                "per hardware thread)"),
                       cl::init(1), cl::Prefix, cl::cat(Category));

cl::opt<unsigned>
    MaxSize("max",
            cl::desc("Size limit in bytes, as the plugin's max= (at most "
                     "1024)"),
            cl::init(sizespec::kDefaultSpecializeMax), cl::cat(Category));

cl::opt<bool> Progress("progress",
                       cl::desc("Show a progress line (default: when stderr "
                                "is a terminal)"),
                       cl::init(false), cl::cat(Category));

const char Overview[] =
    "sizespec-rewrite: reports on, shows or applies the rewrite of allocation\n"
    "sites to sizespec's size-specialized routines, so that the code needs\n"
    "only the runtime, not the plugin.\n";

void printError(const Twine &Message) {
  WithColor::error(errs(), "sizespec-rewrite") << Message << "\n";
}

std::string normalize(StringRef Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// \p File relative to the working directory when it is below it, so that
/// `patch -p0` applies the diff there (patch refuses absolute names).
std::string displayPath(StringRef File) {
  SmallString<256> Cwd;
  if (sys::fs::current_path(Cwd))
    return File.str();
  StringRef Rest = File;
  if (Rest.consume_front(Cwd) && Rest.consume_front("/"))
    return Rest.str();
  return File.str();
}

/// The directory given with -p (as CommonOptionsParser reads it: "-p DIR",
/// "-p=DIR", "--p=DIR"), if any.
std::optional<std::string> buildPathArg(ArrayRef<const char *> Args) {
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A(Args[I]);
    if (A == "--")
      break;
    if ((A == "-p" || A == "--p") && I + 1 < Args.size())
      return std::string(Args[I + 1]);
    if (A.consume_front("-p=") || A.consume_front("--p="))
      return A.str();
  }
  return std::nullopt;
}

/// The files to parse: the given files, every database file under a given
/// directory, or every database file when nothing is given.
bool selectFiles(const CompilationDatabase &DB, ArrayRef<std::string> Paths,
                 std::vector<std::string> &Files,
                 std::vector<FileProblem> &Errors) {
  std::vector<std::string> All = DB.getAllFiles();
  std::set<std::string> Chosen;
  if (Paths.empty()) {
    for (const std::string &F : All)
      Chosen.insert(normalize(F));
  }
  bool OK = true;
  for (const std::string &Arg : Paths) {
    std::string P = normalize(Arg);
    if (sys::fs::is_directory(P)) {
      size_t Before = Chosen.size();
      for (const std::string &F : All) {
        std::string N = normalize(F);
        if (StringRef(N).starts_with(P + "/"))
          Chosen.insert(N);
      }
      if (Chosen.size() == Before) {
        Errors.push_back({Arg, "no file of the compilation database is in "
                               "this directory"});
        OK = false;
      }
    } else if (!sys::fs::exists(P)) {
      Errors.push_back({Arg, "no such file or directory"});
      OK = false;
    } else if (DB.getCompileCommands(P).empty()) {
      Errors.push_back({Arg, "no compile command for it in the compilation "
                             "database"});
      OK = false;
    } else {
      Chosen.insert(P);
    }
  }
  Files.assign(Chosen.begin(), Chosen.end());
  return OK;
}

/// Parses the command line and loads the compilation database, as
/// clang-tidy does; prints the error and returns null when it cannot.
std::unique_ptr<CommonOptionsParser>
parseCommandLine(int Argc, const char **Argv, bool &AllFiles) {
  std::vector<const char *> Args(Argv, Argv + Argc);
  auto Parser = CommonOptionsParser::create(Argc, Argv, Category,
                                            cl::ZeroOrMore, Overview);
  // Without paths CommonOptionsParser loads no database; parse again with
  // "." as the path, which finds the database as clang-tidy does, and then
  // take every file of the database.
  AllFiles = Parser && Parser->getSourcePathList().empty();
  if (AllFiles) {
    auto Dashes = std::find_if(Args.begin() + 1, Args.end(), [](const char *A) {
      return StringRef(A) == "--";
    });
    Args.insert(Dashes, ".");
    int N = Args.size();
    Parser = CommonOptionsParser::create(N, Args.data(), Category,
                                         cl::ZeroOrMore, Overview);
  }
  if (!Parser) {
    printError(toString(Parser.takeError()));
    return nullptr;
  }
  // --report, --diff and --apply set one option; cl takes the last one
  // given, which would apply a rewrite asked for as a diff.
  if (RunMode.getNumOccurrences() > 1) {
    printError("--report, --diff and --apply are different modes: give one");
    return nullptr;
  }
  // CommonOptionsParser would take a database from a parent of the -p
  // directory; a build directory without one is a mistake worth naming.
  if (std::optional<std::string> Dir = buildPathArg(Args)) {
    SmallString<256> DB(*Dir), Flags(*Dir);
    sys::path::append(DB, "compile_commands.json");
    sys::path::append(Flags, "compile_flags.txt");
    if (!sys::fs::exists(DB) && !sys::fs::exists(Flags)) {
      printError("no compilation database: " + *Dir +
                 " holds no compile_commands.json");
      return nullptr;
    }
  }
  // CommonOptionsParser goes on "without flags" when it finds no database;
  // a rewrite without the real flags would be wrong, so stop here.
  bool FixedArgs =
      llvm::any_of(Args, [](const char *A) { return StringRef(A) == "--"; });
  if (!FixedArgs && Parser->getCompilations().getAllFiles().empty()) {
    printError("no compilation database with files in it: pass -p "
               "<build-dir> holding compile_commands.json, or compiler "
               "arguments after --");
    return nullptr;
  }
  if (MaxSize > sizespec::maxSpecializedSize()) {
    printError(formatv("--max={0} is above {1}, the largest class with "
                       "specialized routines",
                       MaxSize, sizespec::maxSpecializedSize())
                   .str());
    return nullptr;
  }
  return std::make_unique<CommonOptionsParser>(std::move(*Parser));
}

/// --apply: writes each changed file whole, or not at all.
void applyChanges(ArrayRef<FileChange> Changes,
                  std::vector<FileProblem> &Errors) {
  unsigned Written = 0, Rewritten = 0;
  for (const FileChange &C : Changes) {
    if (!C.Error.empty() || C.Edits.empty())
      continue;
    if (Error E =
            writeFileAtomically(C.File, applyEdits(C.Original, C.Edits))) {
      Errors.push_back({C.File, toString(std::move(E))});
      continue;
    }
    ++Written;
    Rewritten += llvm::count_if(C.Edits, [](const Edit &E) {
      return !StringRef(E.Text).starts_with("#include");
    });
  }
  errs() << "sizespec-rewrite: " << Rewritten << " site"
         << (Rewritten == 1 ? "" : "s") << " rewritten in " << Written
         << " file" << (Written == 1 ? "" : "s") << "\n";
}

} // namespace

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "sizespec-rewrite " << SIZESPEC_VERSION << " (LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  bool AllFiles = false;
  std::unique_ptr<CommonOptionsParser> Parser =
      parseCommandLine(argc, argv, AllFiles);
  if (!Parser)
    return 1;

  std::vector<FileProblem> Errors;
  std::vector<std::string> Files;
  selectFiles(Parser->getCompilations(),
              AllFiles ? ArrayRef<std::string>()
                       : ArrayRef<std::string>(Parser->getSourcePathList()),
              Files, Errors);

  CollectOptions Opts;
  Opts.MaxSize = MaxSize;
  bool ShowProgress =
      Progress || (sys::Process::StandardErrIsDisplayed() && Files.size() > 1);
  std::vector<TUResult> Results =
      runAll(Parser->getCompilations(), Files, Opts, Jobs, ShowProgress);
  for (const TUResult &TU : Results)
    if (!TU.Error.empty())
      Errors.push_back(
          {TU.MainFile, TU.Error + "\nno site in it is rewritten"});

  std::vector<FileChange> Changes;
  if (RunMode != Mode::Report || !ExportFixesFile.empty())
    Changes = planChanges(Results);
  for (const FileChange &C : Changes)
    if (!C.Error.empty())
      Errors.push_back({C.File, C.Error + "; left unchanged"});
  if (!ExportFixesFile.empty())
    if (Error E = exportFixes(ExportFixesFile, Changes))
      Errors.push_back({ExportFixesFile, toString(std::move(E))});

  switch (RunMode) {
  case Mode::Report:
    if (ReportFormat == Format::Json)
      writeJsonReport(outs(), mergeSites(Results), Errors);
    else
      writeTextReport(outs(), mergeSites(Results));
    break;
  case Mode::Diff:
    for (const FileChange &C : Changes)
      if (C.Error.empty())
        writeUnifiedDiff(outs(), displayPath(C.File), C.Original, C.Edits);
    break;
  case Mode::Apply:
    applyChanges(Changes, Errors);
    break;
  }
  outs().flush();
  for (const FileProblem &E : Errors)
    printError(E.File + ": " + E.Message);
  return Errors.empty() ? 0 : 1;
}
