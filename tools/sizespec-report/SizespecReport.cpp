//===- SizespecReport.cpp - Merge site records, or read a binary's stamps -===//
//
//   sizespec-report [options] <object, archive, program, sidecar or dir>...
//   sizespec-report --binary FILE...
//
// The first form reads the site records of every object, archive and linked
// program given or found under the given directories, merges them and
// prints one report; the second prints how a binary was built. This file
// only parses options and hands off.
//
//===----------------------------------------------------------------------===//

#include "Formats.h"
#include "Inputs.h"
#include "ProfileExport.h"
#include "Report.h"
#include "Stamp.h"
#include "sizespec/model/Codes.h"
#include "sizespec/model/Sidecar.h"

#include "sizespec/size_classes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <memory>
#include <optional>
#include <tuple>

using namespace llvm;
using namespace sizespec;
using namespace sizespec::report;

namespace {

constexpr StringLiteral kToolName = "sizespec-report";

enum class Format { Text, Json, Sarif, Html };

cl::OptionCategory Category("sizespec-report options");

cl::list<std::string>
    Inputs(cl::Positional,
           cl::desc("<object, archive, program, sidecar or directory>..."),
           cl::cat(Category));

cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format"), cl::init(Format::Text),
    cl::values(clEnumValN(Format::Text, "text", "site lines and a summary"),
               clEnumValN(Format::Json, "json", "merged sites and summary"),
               clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0"),
               clEnumValN(Format::Html, "html", "one self-contained page")),
    cl::cat(Category));

cl::opt<std::string> OutputFile("o", cl::desc("Write the report to <file>"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(Category));

cl::opt<Filter::Status> Only(
    "only", cl::desc("Show only sites with this status"),
    cl::init(Filter::Status::All),
    cl::values(clEnumValN(Filter::Status::Specialized, "specialized",
                          "sites routed to a specialized routine"),
               clEnumValN(Filter::Status::NotSpecialized, "not-specialized",
                          "sites left on the generic path")),
    cl::cat(Category));

cl::list<std::string>
    Reasons("reason",
            cl::desc("Show only not-specialized sites with these reason "
                     "codes (comma-separated)"),
            cl::value_desc("code"), cl::CommaSeparated, cl::cat(Category));

cl::list<std::string> Forms("form",
                            cl::desc("Show only sites of these forms "
                                     "(comma-separated: new, new[], "
                                     "make_unique, ...)"),
                            cl::value_desc("form"), cl::CommaSeparated,
                            cl::cat(Category));

cl::list<unsigned> Classes("class",
                           cl::desc("Show only sites in these size classes "
                                    "(comma-separated, 1..32)"),
                           cl::value_desc("N"), cl::CommaSeparated,
                           cl::cat(Category));

cl::opt<std::string>
    FilesRegex("files",
               cl::desc("Show only sites whose file matches <regex> "
                        "(like run-clang-tidy's file regex)"),
               cl::value_desc("regex"), cl::cat(Category));

cl::opt<std::string> ExcludeRegex(
    "exclude-files",
    cl::desc("Leave out sites whose file matches <regex> (e.g. system "
             "headers: '^/usr/')"),
    cl::value_desc("regex"), cl::cat(Category));

// Spelled --stats on the command line; LLVM's own library registers a
// `stats` option, so the name is mapped in main().
cl::opt<std::string> StatsFile(
    "run-stats",
    cl::desc("(or --stats) Join a run's SIZESPEC_STATS=1 table (its captured "
             "stderr) to the sites: allocations per class and kind, "
             "specialized and generic"),
    cl::value_desc("file"), cl::cat(Category));

cl::opt<std::string> SourceDir(
    "source-dir",
    cl::desc("Where the sites' relative paths are (the build's working "
             "directory), for the HTML page's annotated sources; default: "
             "the current directory"),
    cl::value_desc("dir"), cl::cat(Category));

cl::opt<std::string> ProfileFile(
    "profile",
    cl::desc("Join a run's sampled allocation profile (SIZESPEC_PROFILE=FILE) "
             "to the sites of the program given: its hottest sites, those not "
             "specialized, and what shrinking would save"),
    cl::value_desc("file"), cl::cat(Category));

cl::opt<std::string> PprofFile(
    "profile-pprof",
    cl::desc("With --profile: write it as pprof's profile.proto to <file>"),
    cl::value_desc("file"), cl::cat(Category));

cl::opt<std::string> CollapsedFile(
    "profile-collapsed",
    cl::desc("With --profile: write its stacks collapsed (flamegraph.pl, "
             "speedscope), in estimated bytes, to <file>"),
    cl::value_desc("file"), cl::cat(Category));

cl::opt<bool> SummaryOnly("summary-only", cl::desc("Print only the summary"),
                          cl::cat(Category));
cl::opt<bool> NoSummary("no-summary", cl::desc("Print only the sites"),
                        cl::cat(Category));

cl::list<std::string> Binaries(
    "binary",
    cl::desc("Print the .sizespec.stamp records of an object, executable, "
             "shared library or archive (positional arguments are then "
             "binaries too); exit status 1 if one has no stamp"),
    cl::value_desc("file"), cl::cat(Category));

/// Inputs that could not be read; the report lists them too.
std::vector<InputError> InputErrors;

void reportError(StringRef Path, const Twine &Message) {
  InputErrors.push_back({Path.str(), Message.str()});
  WithColor::error(errs(), kToolName) << Path << ": " << Message << "\n";
}

/// One warning for a list of inputs, naming the first few.
void warnAbout(ArrayRef<std::string> Paths, StringRef What) {
  if (Paths.empty())
    return;
  constexpr size_t Shown = 8;
  WithColor::warning(errs(), kToolName)
      << formatv("{0} object{1} {2}: ", Paths.size(),
                 Paths.size() == 1 ? "" : "s", What)
      << join(Paths.take_front(Shown), ", ");
  if (Paths.size() > Shown)
    errs() << formatv(" and {0} more", Paths.size() - Shown);
  errs() << "\n";
}

/// Checks that every --reason, --form and --class names something that
/// exists: a typo would otherwise filter everything out and look like a
/// clean build.
Error checkFilterValues() {
  for (const std::string &R : Reasons)
    if (!reasonFromCode(R))
      return createStringError(
          formatv("--reason: unknown reason code '{0}' (valid: {1})", R,
                  join(reasonCodes(), ", "))
              .str());
  std::vector<std::string> FormNames;
  for (SiteForm Form : kAllForms)
    FormNames.push_back(formName(Form).str());
  for (const std::string &F : Forms)
    if (!is_contained(FormNames, F))
      return createStringError(
          formatv("--form: unknown form '{0}' (valid: {1})", F,
                  join(FormNames, ", "))
              .str());
  for (unsigned C : Classes)
    if (C < 1 || C > kNumClasses)
      return createStringError(
          formatv("--class: no size class {0} (valid: 1..{1})", C, kNumClasses)
              .str());
  return Error::success();
}

/// The --files / --exclude-files test; an invalid regex is a usage error.
Expected<std::function<bool(StringRef)>> fileFilter() {
  if (FilesRegex.empty() && ExcludeRegex.empty())
    return nullptr;
  std::shared_ptr<Regex> Include, Exclude;
  for (auto [Pattern, Option, Into] :
       {std::tuple(&FilesRegex, "files", &Include),
        std::tuple(&ExcludeRegex, "exclude-files", &Exclude)}) {
    if (Pattern->empty())
      continue;
    auto R = std::make_shared<Regex>(*Pattern);
    std::string Why;
    if (!R->isValid(Why))
      return createStringError(Twine("--") + Option + ": invalid regex '" +
                               *Pattern + "': " + Why);
    *Into = std::move(R);
  }
  return [Include, Exclude](StringRef File) {
    return (!Include || Include->match(File)) &&
           !(Exclude && Exclude->match(File));
  };
}

int printBinaries(ToolOutputFile &Out) {
  std::vector<std::string> Files(Binaries.begin(), Binaries.end());
  append_range(Files, Inputs);
  std::vector<StampScan> Scans;
  bool Unstamped = false;
  for (const std::string &F : Files) {
    Expected<StampScan> Scan = readStamps(F);
    if (!Scan) {
      reportError(F, toString(Scan.takeError()));
      continue;
    }
    Unstamped |= Scan->Stamps.empty();
    Scans.push_back(std::move(*Scan));
  }
  if (OutputFormat == Format::Json)
    printStampsJson(Scans, Out.os());
  else
    for (const StampScan &S : Scans)
      printStampsText(S, Out.os());
  Out.keep();
  return !InputErrors.empty() || Unstamped ? 1 : 0;
}

int printReport(const Filter &F, ToolOutputFile &Out) {
  // Each translation unit is folded in as soon as it is read: a whole
  // build's worth of records is never in memory at once.
  Merger Merged;
  InputSummary Read = readInputs(
      Inputs, [&](const Sidecar &SC) { Merged.add(SC); },
      [](StringRef Path, const Twine &Why) { reportError(Path, Why); });
  warnAbout(Read.Unrecorded, "without sizespec site records (compiled "
                             "without the plugin, or C)");
  warnAbout(Read.Stale, "left out, source file gone");
  if (Read.Units == 0) {
    WithColor::error(errs(), kToolName) << "no site records could be read\n";
    return 1;
  }

  Report R = Merged.finish(F);

  OutputOptions Opts;
  if (!StatsFile.empty()) {
    Expected<RunStats> Run = readRunStats(StatsFile);
    if (!Run)
      reportError(StatsFile, toString(Run.takeError()));
    else
      Opts.Run = std::move(*Run);
  }
  std::optional<ProfileView> Profile;
  if (!ProfileFile.empty()) {
    Expected<ProfileData> Data = readProfile(ProfileFile);
    if (!Data) {
      WithColor::error(errs(), kToolName)
          << ProfileFile << ": " << toString(Data.takeError()) << "\n";
      return 1;
    }
    Profile = joinProfile(std::move(*Data), R, Inputs);
    Opts.Profile = &*Profile;
    for (auto [Path, Write] : {std::pair(&PprofFile, &writePprof),
                               std::pair(&CollapsedFile, &writeCollapsed)}) {
      if (Path->empty())
        continue;
      std::error_code EC;
      ToolOutputFile File(*Path, EC,
                          Write == &writePprof ? sys::fs::OF_None
                                               : sys::fs::OF_Text);
      if (EC) {
        WithColor::error(errs(), kToolName)
            << *Path << ": " << EC.message() << "\n";
        return 1;
      }
      Write(*Profile, File.os());
      File.keep();
    }
  }
  Opts.SourceDir = SourceDir;
  Opts.Errors = InputErrors;
  Opts.ShowSites = !SummaryOnly;
  Opts.ShowSummary = !NoSummary;
  switch (OutputFormat) {
  case Format::Text:
    printText(R, Opts, Out.os());
    break;
  case Format::Json:
    printJson(R, Opts, Out.os());
    break;
  case Format::Sarif:
    printSarif(R, Opts, Out.os());
    break;
  case Format::Html:
    printHtml(R, Opts, Out.os());
    break;
  }
  Out.keep();
  return InputErrors.empty() ? 0 : 1;
}

} // namespace

/// Maps --stats to --run-stats (see StatsFile).
std::vector<std::string> mapStatsOption(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv, Argv + Argc);
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A(Args[I]);
    if (A == "--")
      break;
    if (A.consume_front("--stats") || A.consume_front("-stats"))
      if (A.empty() || A.starts_with("="))
        Args[I] = ("--run-stats" + A).str();
  }
  return Args;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  std::vector<std::string> Mapped = mapStatsOption(argc, argv);
  std::vector<char *> MappedArgv;
  for (std::string &A : Mapped)
    MappedArgv.push_back(A.data());
  argc = static_cast<int>(MappedArgv.size());
  argv = MappedArgv.data();
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << kToolName << " " << SIZESPEC_VERSION << "\n";
  });
  cl::ParseCommandLineOptions(
      argc, argv,
      "merge sizespec site records into one report, or print a binary's\n"
      "stamps\n\n"
      "  sizespec-report [options] <object, archive, program or directory>...\n"
      "  sizespec-report --profile FILE [options] <program>...\n"
      "  sizespec-report --binary <file>...\n\n"
      "Every object built with the plugin carries its site records (section\n"
      ".sizespec.sites); a linked program or library carries those of all\n"
      "its objects. Directories are searched recursively for objects,\n"
      "archives, programs and exported *.sizespec.json sidecars; objects\n"
      "there without records, or whose source is gone, are named. A site\n"
      "seen by many translation units (a header) is reported once; if they\n"
      "disagree on it, each version is kept and marked. The summary counts\n"
      "the sites shown. Exit status: 0 on success, 1 if an input could not\n"
      "be read (the report still covers the others) or, with --binary, if a\n"
      "file has no stamp.\n");

  if (SummaryOnly && NoSummary) {
    WithColor::error(errs(), kToolName)
        << "--summary-only and --no-summary leave nothing to print\n";
    return 1;
  }
  if (!Binaries.empty() &&
      (OutputFormat == Format::Sarif || OutputFormat == Format::Html)) {
    WithColor::error(errs(), kToolName)
        << "--binary prints text or json, not sarif or html\n";
    return 1;
  }
  if ((!PprofFile.empty() || !CollapsedFile.empty()) && ProfileFile.empty()) {
    WithColor::error(errs(), kToolName)
        << "--profile-pprof and --profile-collapsed need --profile\n";
    return 1;
  }
  if (!ProfileFile.empty() && !Binaries.empty()) {
    WithColor::error(errs(), kToolName)
        << "--profile joins a run to the sites; --binary prints stamps\n";
    return 1;
  }
  if (Binaries.empty() && Inputs.empty()) {
    WithColor::error(errs(), kToolName)
        << "no input: give objects, programs or build directories (see "
           "--help)\n";
    return 1;
  }

  if (Error E = checkFilterValues()) {
    WithColor::error(errs(), kToolName) << toString(std::move(E)) << "\n";
    return 1;
  }
  Filter F;
  F.Only = Only;
  F.Reasons.assign(Reasons.begin(), Reasons.end());
  F.Forms.assign(Forms.begin(), Forms.end());
  F.Classes.assign(Classes.begin(), Classes.end());
  Expected<std::function<bool(StringRef)>> FileMatches = fileFilter();
  if (!FileMatches) {
    WithColor::error(errs(), kToolName)
        << toString(FileMatches.takeError()) << "\n";
    return 1;
  }
  F.FileMatches = std::move(*FileMatches);

  std::error_code EC;
  ToolOutputFile Out(OutputFile, EC, sys::fs::OF_Text);
  if (EC) {
    WithColor::error(errs(), kToolName)
        << OutputFile << ": " << EC.message() << "\n";
    return 1;
  }
  return Binaries.empty() ? printReport(F, Out) : printBinaries(Out);
}
