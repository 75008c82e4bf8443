//===- Statistics.h - The passes' counters, for -stats -----------*- C++
//-*-===//
//
// What STATISTIC gives LLVM's own passes, with the LLVM users have: LLVM's
// STATISTIC counts, and -stats prints, only in an LLVM built with
// assertions, and Debian's is not. These always count; under `opt -stats`
// or `clang -mllvm -stats` they print themselves at exit, in LLVM's format:
//
//   3 sizespec - Tagged calls given their class's inline fast path
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_PASS_STATISTICS_H
#define SIZESPEC_PLUGIN_PASS_STATISTICS_H

#include <atomic>
#include <cstdint>

namespace sizespec {

class PassStatistic {
public:
  PassStatistic(const char *Name, const char *Desc);
  PassStatistic &operator++() {
    Value.fetch_add(1, std::memory_order_relaxed);
    return *this;
  }
  std::uint64_t value() const { return Value.load(std::memory_order_relaxed); }
  const char *name() const { return Name; }
  const char *desc() const { return Desc; }

private:
  const char *Name;
  const char *Desc;
  std::atomic<std::uint64_t> Value{0};
};

} // namespace sizespec

/// The STATISTIC of the passes (DEBUG_TYPE names the group).
#define SIZESPEC_STATISTIC(VARNAME, DESC)                                      \
  static ::sizespec::PassStatistic VARNAME(#VARNAME, DESC)

#endif // SIZESPEC_PLUGIN_PASS_STATISTICS_H
