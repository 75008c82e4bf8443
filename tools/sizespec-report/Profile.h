//===- Profile.h - A run's sampled allocation profile, as read --*- C++ -*-===//
//
// The file SIZESPEC_PROFILE=FILE makes the runtime write (runtime/src/
// profile.h; docs/interfaces.md, "The allocation profile"), parsed, with the
// estimates each sample stands for. A sample of U bytes' worth (its class
// size; a tiny block's 16; a large allocation's own size) was taken with
// probability p = 1 - exp(-U / rate), so it stands for 1 / p such
// allocations; samples of one stack and kind come counted together.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_PROFILE_H
#define SIZESPEC_TOOLS_REPORT_PROFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sizespec {
namespace report {

struct ProfileSample {
  std::uint64_t Count = 0; ///< samples with this stack and kind
  std::uint64_t Unit = 0;  ///< the bytes one sample stood for
  std::uint64_t Size = 0;  ///< requested
  unsigned Class = 0;      ///< 0 for a large allocation
  std::string Kind;        ///< "noscan", "scan", "tiny", "large"
  bool Generic = false;    ///< the generic path asked, not a routine
  /// Return addresses, innermost first, the runtime's own frames left out.
  std::vector<std::uint64_t> PCs;
};

/// One executable mapping of a loaded object.
struct ProfileObject {
  std::uint64_t Lo = 0, Hi = 0;
  std::uint64_t Bias = 0;   ///< what the object's addresses were moved by
  std::uint64_t Offset = 0; ///< of the mapping in the file
  std::string Path;
};

struct ProfileData {
  std::uint64_t Rate = 0;
  std::string Mode;
  /// Why the profile has no samples (the runtime stood aside); empty
  /// otherwise.
  std::string None;
  std::vector<ProfileObject> Objects;
  std::vector<ProfileSample> Samples;
  std::uint64_t TotalSamples = 0;
  std::uint64_t Dropped = 0; ///< samples the runtime's table had no room for
};

/// Parses a profile; the error names the line.
llvm::Expected<ProfileData> parseProfile(llvm::StringRef Text);
llvm::Expected<ProfileData> readProfile(llvm::StringRef Path);

/// The chance that one allocation of \p Unit bytes' worth was sampled.
double sampleChance(std::uint64_t Unit, std::uint64_t Rate);
/// The allocations sample \p S stands for (a tiny block's: the blocks it
/// stands for, each holding 16 bytes of objects of its size).
double estimatedAllocations(const ProfileSample &S, std::uint64_t Rate);
/// The standard deviation of that estimate, for N allocations of its kind:
/// sqrt(N (1 - p) / p).
double estimateSigma(double N, std::uint64_t Unit, std::uint64_t Rate);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_PROFILE_H
