//===- bench/programs/ninja_plan.cpp - ninja's dry run of a large build ---===//
//
// What `ninja -n` does on a large generated build, with ninja itself (Debian's
// ninja-build source, compiled into each configuration like jsoncpp): load a
// build.ninja that includes one subninja per directory, as CMake and GN
// write them; scan the graph for dirty outputs; then plan the whole build
// and run it dry, evaluating each edge's command in the order ninja would
// start them. The manifests and the file system live in memory, so the
// figure is ninja's parsing, graph and scheduling: its Nodes, Edges,
// bindings, strings, maps and sets, not the disk.
// Usage:
//   ninja_plan [directories=150] [files=100] [passes=3]
// Prints the edge count and a hash of the commands on stdout (identical in
// every configuration), the measurements on stderr.
//
//===----------------------------------------------------------------------===//

#include "../common/output_hash.h"
#include "../common/program_report.h"

#include "build.h"
#include "disk_interface.h"
#include "graph.h"
#include "manifest_parser.h"
#include "state.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace {

/// The manifests: build.ninja with the rules and the link, and one
/// subninja per directory with its compiles (each with its own flags and
/// headers) and its archive.
std::map<std::string, std::string> generate(int Dirs, int Files) {
  std::map<std::string, std::string> Out;
  std::string Top = "ninja_required_version = 1.5\n"
                    "cxx = clang++\n"
                    "cflags = -O2 -g -Wall\n"
                    "rule cxx\n"
                    "  command = $cxx -MMD -MF $out.d $cflags $defines "
                    "$includes -c $in -o $out\n"
                    "  description = CXX $out\n"
                    "rule ar\n"
                    "  command = rm -f $out && ar crs $out $in\n"
                    "  description = AR $out\n"
                    "rule link\n"
                    "  command = $cxx $ldflags -o $out $in $libs\n"
                    "  description = LINK $out\n";
  std::string Archives;
  for (int D = 0; D < Dirs; ++D) {
    std::string Dir = "lib" + std::to_string(D);
    std::string Sub = "defines = -DMODULE_" + std::to_string(D) + "\n";
    std::string Objects;
    for (int F = 0; F < Files; ++F) {
      std::string Name = Dir + "/file" + std::to_string(F);
      Sub += "build obj/" + Name + ".o: cxx src/" + Name + ".cc | src/" + Dir +
             "/common.h src/base/h" + std::to_string(F % 17) + ".h src/base/h" +
             std::to_string((F * 7 + D) % 23) + ".h\n";
      Sub += "  includes = -Isrc/" + Dir + " -Isrc/base\n";
      if (F % 3 == 0)
        Sub += "  cflags = $cflags -DEXTRA=" + std::to_string(F) + "\n";
      Objects += " obj/" + Name + ".o";
    }
    Sub += "build " + Dir + ".a: ar" + Objects + "\n";
    Out["obj/" + Dir + ".ninja"] = Sub;
    Top += "subninja obj/" + Dir + ".ninja\n";
    Archives += " " + Dir + ".a";
  }
  Top += "build app: link main.o" + Archives + "\n  libs = -lpthread\n";
  Top += "build main.o: cxx main.cc\n";
  Top += "build all: phony app\ndefault all\n";
  Out["build.ninja"] = Top;
  return Out;
}

/// The file system: the manifests, sources that exist, no outputs yet.
class MemoryDisk : public DiskInterface {
public:
  explicit MemoryDisk(const std::map<std::string, std::string> &Files)
      : Files(Files) {}

  TimeStamp Stat(const std::string &Path, std::string *) const override {
    // Sources and headers exist; outputs (obj/, *.a, app) do not.
    bool Output =
        Path.rfind("obj/", 0) == 0 || Path == "app" || Path == "main.o" ||
        (Path.size() > 2 && Path.compare(Path.size() - 2, 2, ".a") == 0);
    return Output ? 0 : 1;
  }
  bool MakeDir(const std::string &) override { return true; }
  bool WriteFile(const std::string &, const std::string &) override {
    return true;
  }
  Status ReadFile(const std::string &Path, std::string *Contents,
                  std::string *Err) override {
    auto It = Files.find(Path);
    if (It == Files.end()) {
      *Err = "no such file: " + Path;
      return NotFound;
    }
    *Contents = It->second;
    return Okay;
  }
  int RemoveFile(const std::string &) override { return 1; }

private:
  const std::map<std::string, std::string> &Files;
};

[[noreturn]] void fail(const std::string &What, const std::string &Err) {
  std::fprintf(stderr, "ninja_plan: %s: %s\n", What.c_str(), Err.c_str());
  std::exit(1);
}

/// One `ninja -n`: load, scan, plan, run dry. Returns the edges run and
/// folds their commands into \p Hash.
long dryRun(MemoryDisk &Disk, std::uint64_t &Hash) {
  State S;
  ManifestParser Parser(&S, &Disk);
  std::string Err;
  if (!Parser.Load("build.ninja", &Err))
    fail("load", Err);
  std::vector<Node *> Targets = S.DefaultNodes(&Err);
  if (!Err.empty())
    fail("default targets", Err);
  DependencyScan Scan(&S, nullptr, nullptr, &Disk, nullptr);
  Plan P;
  for (Node *T : Targets) {
    if (!Scan.RecomputeDirty(T, nullptr, &Err))
      fail("scan", Err);
    if (!P.AddTarget(T, &Err) && !Err.empty())
      fail("plan", Err);
  }
  long Run = 0;
  while (P.more_to_do()) {
    Edge *E = P.FindWork();
    if (!E)
      fail("plan", "no work while more to do");
    if (!E->is_phony()) {
      Hash = bench::fnv1a(E->EvaluateCommand(), Hash);
      ++Run;
    }
    if (!P.EdgeFinished(E, Plan::kEdgeSucceeded, &Err))
      fail("finish", Err);
  }
  return Run;
}

} // namespace

int main(int Argc, char **Argv) {
  const int Dirs = Argc > 1 ? std::atoi(Argv[1]) : 150;
  const int Files = Argc > 2 ? std::atoi(Argv[2]) : 100;
  const int Passes = Argc > 3 ? std::atoi(Argv[3]) : 3;

  bench::ProgramTimer Timer;
  std::map<std::string, std::string> Manifests = generate(Dirs, Files);
  MemoryDisk Disk(Manifests);
  std::uint64_t Hash = bench::kFnvOffset;
  long Edges = 0;
  for (int I = 0; I < Passes; ++I)
    Edges += dryRun(Disk, Hash);
  Timer.report();
  std::printf("edges %ld hash %016llx\n", Edges,
              static_cast<unsigned long long>(Hash));
}
