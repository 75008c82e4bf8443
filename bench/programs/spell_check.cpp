//===- bench/programs/spell_check.cpp - Hunspell over a generated text ----===//
//
// Hunspell (Debian's source, package hunspell, compiled into each
// configuration), the spell checker of LibreOffice and Firefox, as a
// text-processing tool uses it: loads a dictionary (Debian's
// hunspell-en-us), then checks a generated text of WORDS words drawn from
// the dictionary, with suffixes and capitals, one in eight misspelt (a
// letter dropped, doubled, swapped or changed), and more where a suffix
// does not fit: a third fail the check. As a search indexer does,
// it takes the stems of each correct word and the morphological analysis
// of the others. Checking runs the affix rules over candidate strings, and
// each answer is a vector of strings. No suggestions: Hunspell's n-gram
// search over the whole dictionary takes milliseconds a word and
// allocates little (2.6 % of its instructions in allocation under glibc,
// against 13.9 % here). Usage:
//   spell_check AFF DIC [words=200000]
// Prints the counts and a hash of every answer on stdout (identical in
// every configuration), the measurements on stderr.
//
//===----------------------------------------------------------------------===//

#include "../common/output_hash.h"
#include "../common/program_report.h"
#include "../common/rng.h"

#include <hunspell.hxx>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

/// The dictionary's words, without their affix flags: the first line of a
/// .dic file is the count.
std::vector<std::string> readWords(const char *Dic) {
  std::ifstream In(Dic);
  std::vector<std::string> Words;
  std::string Line;
  std::getline(In, Line);
  while (std::getline(In, Line)) {
    std::string Word = Line.substr(0, Line.find('/'));
    if (!Word.empty())
      Words.push_back(Word);
  }
  return Words;
}

/// A word of the text: a dictionary word, sometimes with a suffix or a
/// capital, and one in eight misspelt.
std::string textWord(bench::Rng &R, const std::vector<std::string> &Words) {
  std::string W = Words[R.next() % Words.size()];
  static const char *const Suffixes[] = {"s", "ed", "ing", "ly", "ness"};
  if (R.next() % 4 == 0)
    W += Suffixes[R.next() % 5];
  if (R.next() % 10 == 0 && W[0] >= 'a' && W[0] <= 'z')
    W[0] = static_cast<char>(W[0] - 'a' + 'A');
  if (R.next() % 8 == 0 && W.size() > 2) {
    const std::size_t At = R.next() % (W.size() - 1);
    switch (R.next() % 4) {
    case 0:
      W.erase(At, 1);
      break;
    case 1:
      W.insert(At, 1, W[At]);
      break;
    case 2:
      std::swap(W[At], W[At + 1]);
      break;
    default:
      W[At] = static_cast<char>('a' + R.next() % 26);
    }
  }
  return W;
}

} // namespace

int main(int Argc, char **Argv) {
  const long Count = Argc > 3 ? std::atol(Argv[3]) : 200000;
  if (Argc < 3 || Count <= 0) {
    std::fprintf(stderr, "usage: spell_check AFF DIC [words]\n");
    return 2;
  }
  const std::vector<std::string> Words = readWords(Argv[2]);
  if (Words.empty()) {
    std::fprintf(stderr, "spell_check: no words in %s\n", Argv[2]);
    return 1;
  }
  bench::ProgramTimer Timer;
  Hunspell Checker(Argv[1], Argv[2]);
  bench::Rng R{0x9E3779B97F4A7C15u};
  std::uint64_t Hash = bench::kFnvOffset;
  long Misspelt = 0, Analyses = 0, Stems = 0;
  for (long I = 0; I < Count; ++I) {
    const std::string W = textWord(R, Words);
    std::vector<std::string> Answers;
    if (Checker.spell(W)) {
      Answers = Checker.stem(W);
      Stems += static_cast<long>(Answers.size());
    } else {
      ++Misspelt;
      Answers = Checker.analyze(W);
      Analyses += static_cast<long>(Answers.size());
    }
    Hash = bench::fnv1a(W, Hash);
    for (const std::string &A : Answers)
      Hash = bench::fnv1a(A, Hash);
  }
  Timer.report();

  std::printf("%ld words, %ld misspelt, %ld analyses, %ld stems, "
              "fnv1a %016llx\n",
              Count, Misspelt, Analyses, Stems,
              static_cast<unsigned long long>(Hash));
  return 0;
}
