//===- hardening_fuzz.cc - Random words written into freed objects --------===//
//
// Each input is a use-after-free: a child process frees 32 objects of one
// bin, writes the input's bytes into their first words (their free-list
// links, runtime/src/heap_check.h), and allocates 4,096 more from the bin.
// The runtime must either stop it with its one-line message, or hand out
// only slots of that bin: never an address the input wrote. The one
// exception is documented (docs/interfaces.md, "Hardening"): a link written
// as 0 decodes to 0, and the inline pop faults on it.
//
// The link key is fixed at build time (SIZESPEC_TEST_LINK_KEY), so the same
// inputs decode to the same addresses at every run.
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

/// What the child does with bin \p B and the input's writes. Exits 0 if
/// every object handed out is a slot of the bin, 3 if one is not.
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
  for (int I = 0; I < kAllocations; ++I) {
    void *P = detail::alloc_small_in<false>(B, Bytes);
    if (bin_of_address(P) != B || place_of(B, P) != Place::object)
      _exit(3);
  }
  _exit(0);
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
  if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
    return 0; // only slots of the bin handed out
  if (WIFSIGNALED(Status) && WTERMSIG(Status) == SIGABRT &&
      Err.rfind("sizespec: ", 0) == 0 && Err.find('\n') == Err.size() - 1)
    return 0; // stopped with its one line
  if (WIFSIGNALED(Status) && WTERMSIG(Status) == SIGSEGV &&
      zeroes_a_link(Data + 1, Size - 1))
    return 0; // the documented fault on a zeroed link
  (void)!write(2, Err.data(), Err.size());
  __builtin_trap();
}
