//===- bench/programs/regex_triage.cpp - RE2 over a log -------------------===//
//
// A log-triage tool: compiles a set of rules (regular expressions) with RE2,
// sorts each line of a generated log into the rules it matches with an
// RE2::Set, pulls the fields of its first rule out with a capturing match,
// masks the numbers of the line for a digest, and tallies both by key. The
// log comes in files, and each file compiles the rules anew, as a tool run
// per file does. RE2 (Debian's source, package re2, compiled into each
// configuration) allocates its parsed expressions node by node, its
// programs and the states of its lazily built automata, and the program its
// strings, vectors and map nodes. Usage:
//   regex_triage [files=20] [lines per file=4000]
// Prints the tallies' sizes and a hash on stdout (identical in every
// configuration), the measurements on stderr.
//
//===----------------------------------------------------------------------===//

#include "../common/output_hash.h"
#include "../common/program_report.h"

#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr unsigned kServices = 12;
const char *const kLevels[] = {"DEBUG", "INFO", "WARN", "ERROR"};
const char *const kEvents[] = {"timeout after",   "retry",
                               "connected to",    "cache miss for",
                               "slow query took", "user logged in"};

/// The rules: per service, one expression per event, each with two groups
/// (the level and the event's argument).
std::vector<std::string> rules() {
  std::vector<std::string> R;
  for (unsigned S = 0; S < kServices; ++S) {
    std::string Svc = "svc" + std::to_string(S);
    R.push_back("(WARN|ERROR) \\[" + Svc + "\\] timeout after (\\d+)ms");
    R.push_back("(\\w+) \\[" + Svc + "\\] retry (\\d+)/\\d+");
    R.push_back("(INFO|DEBUG) \\[" + Svc + "\\] connected to ([\\w.]+):\\d+");
    R.push_back("(\\w+) \\[" + Svc + "\\] cache miss for key=([a-f0-9]+)");
    R.push_back("(\\w+) \\[" + Svc + "\\] slow query took (\\d+)ms: SELECT");
    R.push_back("(\\w+) \\[" + Svc + "\\] user logged in as (\\w+)");
  }
  return R;
}

/// Line \p I of the log, from the generator's state \p X.
std::string line(std::uint64_t X, long I) {
  unsigned Event = X % 6;
  std::string L = std::to_string(1700000000 + I) + " ";
  L += kLevels[(X >> 3) % 4];
  L += " [svc" + std::to_string((X >> 5) % kServices) + "] ";
  L += kEvents[Event];
  unsigned long V = (X >> 11) % 100000;
  switch (Event) {
  case 0:
    L += " " + std::to_string(V) + "ms";
    break;
  case 1:
    L += " " + std::to_string(V % 5) + "/5";
    break;
  case 2:
    L += " db" + std::to_string(V % 9) + ".internal:5432";
    break;
  case 3:
    L += " key=" + std::to_string(V * 7919);
    break;
  case 4:
    L += " " + std::to_string(V / 10) + "ms: SELECT * FROM t" +
         std::to_string(V % 31);
    break;
  default:
    L += " as user" + std::to_string(V % 997);
  }
  return L;
}

struct Tally {
  std::map<std::string, long> Fields;  ///< rule:level:argument
  std::map<std::string, long> Digests; ///< the line, numbers masked
  long Unmatched = 0;
};

/// Triages lines [First, First + Lines) of the log.
void triage(long First, long Lines, Tally &T) {
  const std::vector<std::string> Patterns = rules();
  RE2::Options Opts;
  Opts.set_log_errors(false);
  Opts.set_max_mem(64 << 20); // room for the automata of 72 rules
  RE2::Set Set(Opts, RE2::UNANCHORED);
  std::vector<std::unique_ptr<RE2>> Res;
  for (const std::string &P : Patterns) {
    if (Set.Add(P, nullptr) < 0)
      std::abort();
    Res.push_back(std::make_unique<RE2>(P, Opts));
  }
  if (!Set.Compile())
    std::abort();
  const RE2 Number("\\d+");
  std::uint64_t X = 88172645463325252u + First;
  std::vector<int> Hits;
  for (long I = First; I < First + Lines; ++I) {
    X ^= X << 13, X ^= X >> 7, X ^= X << 17;
    std::string L = line(X, I);
    Hits.clear();
    if (!Set.Match(L, &Hits)) {
      ++T.Unmatched;
      continue;
    }
    std::string Level, Arg;
    int First = *std::min_element(Hits.begin(), Hits.end());
    if (RE2::PartialMatch(L, *Res[First], &Level, &Arg))
      ++T.Fields[std::to_string(First) + ":" + Level + ":" + Arg];
    RE2::GlobalReplace(&L, Number, "N");
    ++T.Digests[L];
  }
}

} // namespace

int main(int Argc, char **Argv) {
  const long Files = Argc > 1 ? std::atol(Argv[1]) : 20;
  const long Lines = Argc > 2 ? std::atol(Argv[2]) : 4000;
  if (Files <= 0 || Lines <= 0) {
    std::fprintf(stderr, "usage: regex_triage [files] [lines per file]\n");
    return 2;
  }
  bench::ProgramTimer Timer;
  Tally T;
  for (long F = 0; F < Files; ++F)
    triage(F * Lines, Lines, T);
  std::uint64_t Hash = bench::kFnvOffset;
  for (const auto &[Key, N] : T.Fields)
    Hash = bench::fnv1a(Key + "=" + std::to_string(N), Hash);
  for (const auto &[Key, N] : T.Digests)
    Hash = bench::fnv1a(Key + "=" + std::to_string(N), Hash);
  Timer.report();

  std::printf("fields %zu, digests %zu, unmatched %ld, fnv1a %016llx\n",
              T.Fields.size(), T.Digests.size(), T.Unmatched,
              static_cast<unsigned long long>(Hash));
  return 0;
}
