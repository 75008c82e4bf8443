//===- Inputs.cpp - From command-line inputs to translation units ---------===//

#include "Inputs.h"
#include "ObjectRecords.h"
#include "sizespec/model/Outcome.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <set>

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

/// Hands on each translation unit once: the same unit from an object and
/// from the program it is linked into is one unit.
class UnitSink {
public:
  UnitSink(function_ref<void(const Sidecar &)> Add, InputSummary &Summary)
      : Add(Add), Summary(Summary) {}

  /// Hands on \p SC; \p FrontEndText is its text as the front end wrote
  /// it, before any outcome was joined.
  void add(const Sidecar &SC, StringRef FrontEndText) {
    // Identity is the content, normalized (sidecarText leaves out where it
    // was read from): a record read from an object and the same unit's
    // exported sidecar compare equal.
    if (!Seen.insert(xxh3_64bits(FrontEndText)).second)
      return;
    ++Summary.Units;
    Add(SC);
  }

private:
  function_ref<void(const Sidecar &)> Add;
  InputSummary &Summary;
  std::set<uint64_t> Seen;
};

/// \p File as a path that means the same from any directory: as it is if
/// absolute, else resolved against the compile's working directory \p Dir
/// if that still exists; empty if neither (a distcc server's directory is
/// gone after the compile, and says nothing).
std::string resolvedPath(StringRef File, StringRef Dir) {
  if (sys::path::is_absolute(File))
    return File.str();
  if (Dir.empty() || !sys::fs::is_directory(Dir))
    return "";
  SmallString<256> P(File);
  sys::fs::make_absolute(Dir, P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

/// True if the unit's source file is known to be gone.
bool sourceGone(const Sidecar &SC) {
  if (SC.MainFile.empty())
    return false;
  std::string P = resolvedPath(SC.MainFile, SC.Directory);
  return !P.empty() && !sys::fs::exists(P);
}

/// Relative paths (`cd build && c++ -c ../a.cc`, as make and autotools
/// compile) resolved against the compile's directory, so that the report is
/// the same from any directory and two units' `a.cc` in different
/// directories are two files.
void resolvePaths(Sidecar &SC) {
  if (!sys::path::is_absolute(SC.Directory)) // not a directory we can trust
    return;
  for (SiteRecord &S : SC.Sites)
    if (std::string P = resolvedPath(S.File, SC.Directory); !P.empty())
      S.File = std::move(P);
  if (std::string P = resolvedPath(SC.MainFile, SC.Directory); !P.empty())
    SC.MainFile = std::move(P);
}

struct Reader {
  UnitSink &Sink;
  InputSummary &Summary;
  function_ref<void(StringRef, const Twine &)> Fail;

  /// An object, archive or linked program. \p InDirectory: found by walking
  /// a directory, not named.
  void readBinary(StringRef Path, bool InDirectory) {
    Expected<ObjectScan> Scan = readObjectRecords(Path);
    if (!Scan) {
      Fail(Path, toString(Scan.takeError()));
      return;
    }
    if (Scan->Units.empty()) {
      if (!InDirectory)
        Fail(Path, "no sizespec site records in it (built without the "
                   "sizespec plugin?)");
      else if (Scan->Relocatable)
        Summary.Unrecorded.push_back(Path.str());
      return;
    }
    for (UnitText &U : Scan->Units) {
      Expected<Sidecar> SC = parseSidecar(U.Json, U.Where);
      if (!SC) {
        Fail(U.Where, toString(SC.takeError()));
        continue;
      }
      if (InDirectory && Scan->Relocatable && sourceGone(*SC)) {
        Summary.Stale.push_back((Path + " (" + SC->MainFile + ")").str());
        continue;
      }
      std::string Text = sidecarText(*SC, /*Pretty=*/false);
      if (!U.Lowered.empty()) {
        Expected<LoweredUnit> Lowered = parseLowered(U.Lowered);
        if (!Lowered) {
          Fail(U.Where, toString(Lowered.takeError()));
          continue;
        }
        joinOutcomes(SC->Sites, *Lowered);
      }
      resolvePaths(*SC);
      Sink.add(*SC, Text);
    }
  }

  void readSidecarFile(StringRef Path) {
    Expected<Sidecar> SC = readSidecar(Path);
    if (!SC) {
      Fail(Path, toString(SC.takeError()));
      return;
    }
    std::string Text = sidecarText(*SC, /*Pretty=*/false);
    resolvePaths(*SC);
    Sink.add(*SC, Text);
  }

  /// Objects, archives and linked programs below \p Dir, then exported
  /// sidecars; sorted, so the report does not depend on directory order.
  void readDirectory(StringRef Dir) {
    std::vector<std::string> Binaries, Sidecars;
    std::error_code EC;
    for (sys::fs::recursive_directory_iterator It(Dir, EC, false), End;
         It != End && !EC; It.increment(EC)) {
      if (It->type() == sys::fs::file_type::directory_file)
        continue;
      StringRef P = It->path();
      if (P.ends_with(".sizespec.json"))
        Sidecars.push_back(P.str());
      else if (classifyFile(P) != FileKind::Other)
        Binaries.push_back(P.str());
    }
    if (EC) {
      Fail(Dir, EC.message());
      return;
    }
    unsigned Before = Summary.Units + Summary.Stale.size();
    sort(Binaries);
    sort(Sidecars);
    for (const std::string &P : Binaries)
      readBinary(P, /*InDirectory=*/true);
    for (const std::string &P : Sidecars)
      readSidecarFile(P);
    if (Sidecars.empty() && Summary.Units + Summary.Stale.size() == Before)
      Fail(Dir, "no sizespec site records in the objects below this "
                "directory (was it built with the sizespec plugin?)");
  }
};

} // namespace

InputSummary readInputs(ArrayRef<std::string> Args,
                        function_ref<void(const Sidecar &)> Add,
                        function_ref<void(StringRef, const Twine &)> Fail) {
  InputSummary Summary;
  UnitSink Sink(Add, Summary);
  Reader R{Sink, Summary, Fail};
  for (const std::string &Arg : Args) {
    sys::fs::file_status Status;
    if (std::error_code EC = sys::fs::status(Arg, Status)) {
      Fail(Arg, EC.message());
      continue;
    }
    if (sys::fs::is_directory(Status))
      R.readDirectory(Arg);
    else if (classifyFile(Arg) != FileKind::Other)
      R.readBinary(Arg, /*InDirectory=*/false);
    else
      R.readSidecarFile(Arg);
  }
  return Summary;
}

} // namespace report
} // namespace sizespec
