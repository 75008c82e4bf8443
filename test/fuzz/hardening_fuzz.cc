//===- hardening_fuzz.cc - Random words written into freed objects --------===//
//
// Each input is a use-after-free: a child process frees 32 objects of one
// bin, writes the input's bytes into their first words (their free-list
// links, runtime/src/heap_check.h), and allocates 4,096 more from the bin.
// The runtime must either stop it with its one-line message, or hand out
// only slots of that bin: never an address the input wrote. Two exceptions
// are documented (docs/interfaces.md, "Hardening", "What is not caught"): a
// link written as 0 decodes to 0, and the inline pop faults on it; a link
// that decodes below the region's end (2^-17 of random words) is handed
// out, or faults, unchecked.
//
// The link key is fixed at build time (SIZESPEC_TEST_LINK_KEY), so the same
// inputs decode to the same addresses at every run. The inputs a run tries
// still vary: the runtime's own branches guide the fuzzer, and some of them
// depend on the clock (the purge). regressions/ holds inputs that once
// failed; the suite runs them too.
//   build/test/test/fuzz/fuzz_hardening -runs=100000
//
//===----------------------------------------------------------------------===//

#include "heap_check.h"

#include <sizespec/sizespec.h>

#include <algorithm>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace sizespec;

namespace {

constexpr unsigned kObjects = 32;
constexpr int kAllocations = 4096;

/// Calls \p Write(object, bytes, count) for each of the input's writes:
/// records of (object, byte count 1..8, bytes), the last one cut short by
/// the input's end.
template <class F>
void for_each_write(const std::uint8_t *Data, std::size_t Size, F Write) {
  while (Size >= 2) {
    const std::size_t N = std::min<std::size_t>(1 + Data[1] % 8, Size - 2);
    Write(Data[0] % kObjects, Data + 2, N);
    Data += 2 + N;
    Size -= 2 + N;
  }
}

/// Exit statuses of the child.
constexpr int kOnlySlots = 0;   ///< every object handed out was a slot
constexpr int kNotASlot = 3;    ///< one was not
constexpr int kForgedBelow = 4; ///< the documented gap, not tried

/// True if \p P is a slot of bin \p B: what the runtime may hand out.
bool is_slot_of(unsigned B, const void *P) {
  return bin_of_address(P) == B && place_of(B, P) == Place::object;
}

/// True if a link the input wrote into one of \p Objects decodes to an
/// address below the region's end that is not a slot of bin \p B: the
/// inline pop would hand it out, or fault loading from it, unchecked.
bool forges_an_address_below_the_end(unsigned B, void *const *Objects,
                                     const std::uint8_t *Data,
                                     std::size_t Size) {
  bool Written[kObjects] = {};
  for_each_write(Data, Size,
                 [&](unsigned O, const std::uint8_t *, std::size_t) {
                   Written[O] = true;
                 });
  const Links L = Links::current();
  for (unsigned O = 0; O < kObjects; ++O) {
    if (!Written[O])
      continue;
    std::uintptr_t Word;
    std::memcpy(&Word, Objects[O], sizeof Word);
    const std::uintptr_t At = Word * L.inverse;
    const void *P = reinterpret_cast<const void *>(At);
    if (L.decoded_ok(At) && !is_slot_of(B, P))
      return true;
  }
  return false;
}

/// What the child does with bin \p B and the input's writes; exits with
/// one of the statuses above.
[[noreturn]] void use_after_free(unsigned B, const std::uint8_t *Data,
                                 std::size_t Size) {
  const std::size_t Bytes = class_size(bin_class(B));
  void *Objects[kObjects];
  for (void *&P : Objects)
    P = detail::alloc_small_in<false>(B, Bytes);
  for (void *P : Objects)
    ::operator delete(P);
  for_each_write(Data, Size,
                 [&](unsigned O, const std::uint8_t *Bytes, std::size_t N) {
                   std::memcpy(Objects[O], Bytes, N);
                 });
  if (forges_an_address_below_the_end(B, Objects, Data, Size))
    _exit(kForgedBelow);
  for (int I = 0; I < kAllocations; ++I) {
    void *P = detail::alloc_small_in<false>(B, Bytes);
    if (!is_slot_of(B, P))
      _exit(kNotASlot);
  }
  _exit(kOnlySlots);
}

/// True if the input writes a whole link of zeros (the documented fault).
bool zeroes_a_link(const std::uint8_t *Data, std::size_t Size) {
  // Per object, the bytes its first word holds after the writes: a word
  // becomes 0 only if writes cover all eight bytes with zeros.
  unsigned char Word[kObjects][8];
  bool Written[kObjects][8] = {};
  for_each_write(Data, Size,
                 [&](unsigned O, const std::uint8_t *Bytes, std::size_t N) {
                   for (std::size_t K = 0; K < N; ++K) {
                     Word[O][K] = Bytes[K];
                     Written[O][K] = true;
                   }
                 });
  for (unsigned O = 0; O < kObjects; ++O) {
    bool Zero = true;
    for (unsigned K = 0; K < 8 && Zero; ++K)
      Zero = Written[O][K] && Word[O][K] == 0;
    if (Zero)
      return true;
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  if (Size < 1)
    return 0;
  const unsigned B = Data[0] % kNumBins;
  int Pipe[2];
  if (pipe(Pipe) != 0)
    __builtin_trap();
  const pid_t Pid = fork();
  if (Pid < 0)
    __builtin_trap();
  if (Pid == 0) {
    // libFuzzer's handlers would report the child's abort as its own crash.
    for (int Sig : {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE})
      std::signal(Sig, SIG_DFL);
    dup2(Pipe[1], 2);
    close(Pipe[0]);
    use_after_free(B, Data + 1, Size - 1);
  }
  close(Pipe[1]);
  std::string Err;
  char Buf[256];
  for (ssize_t N; (N = read(Pipe[0], Buf, sizeof Buf)) > 0;)
    Err.append(Buf, static_cast<std::size_t>(N));
  close(Pipe[0]);
  int Status = 0;
  if (waitpid(Pid, &Status, 0) != Pid)
    __builtin_trap();
  if (WIFEXITED(Status) && WEXITSTATUS(Status) == kOnlySlots)
    return 0;
  if (WIFEXITED(Status) && WEXITSTATUS(Status) == kForgedBelow)
    return 0; // documented: a link forged below the region's end
  if (WIFSIGNALED(Status) && WTERMSIG(Status) == SIGABRT &&
      Err.rfind("sizespec: ", 0) == 0 && Err.find('\n') == Err.size() - 1)
    return 0; // stopped with its one line
  if (WIFSIGNALED(Status) && WTERMSIG(Status) == SIGSEGV &&
      zeroes_a_link(Data + 1, Size - 1))
    return 0; // the documented fault on a zeroed link
  (void)!write(2, Err.data(), Err.size());
  __builtin_trap();
}
