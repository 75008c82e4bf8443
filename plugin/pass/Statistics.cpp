//===- Statistics.cpp - The passes' counters, for -stats ------------------===//

#include "Statistics.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace sizespec {
namespace {

/// Every counter, and at exit (the plugin is never unloaded) their table
/// if -stats was given.
struct Registry {
  std::vector<PassStatistic *> Counters;
  ~Registry() {
    if (!llvm::AreStatisticsEnabled())
      return;
    llvm::raw_ostream &OS = llvm::errs();
    OS << "===" << std::string(73, '-') << "===\n"
       << "                      ... sizespec Statistics Collected ...\n"
       << "===" << std::string(73, '-') << "===\n\n";
    for (const PassStatistic *S : Counters)
      if (S->value())
        OS << llvm::format("%8llu", (unsigned long long)S->value())
           << " sizespec - " << S->desc() << "\n";
    OS << "\n";
    OS.flush();
  }
};

Registry &registry() {
  static Registry R;
  return R;
}

} // namespace

PassStatistic::PassStatistic(const char *Name, const char *Desc)
    : Name(Name), Desc(Desc) {
  registry().Counters.push_back(this);
}

} // namespace sizespec
