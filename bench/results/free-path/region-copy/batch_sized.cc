// batch_sized ROUNDS SIZE: ROUNDS times, 1000 objects of SIZE bytes by
// operator new, then freed in a fixed shuffled order by the sized operator
// delete; linked against the runtime, run under callgrind (commands.txt).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace {
constexpr int kBatch = 1000;
} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 3)
    return 2;
  const long Rounds = std::atol(Argv[1]);
  const std::size_t Size = std::atol(Argv[2]);
  // Fisher-Yates over a xorshift generator: the same order every run.
  unsigned short Order[kBatch];
  for (int I = 0; I < kBatch; ++I)
    Order[I] = I;
  std::uint64_t X = 88172645463325252ull;
  for (int I = kBatch - 1; I > 0; --I) {
    X ^= X << 13;
    X ^= X >> 7;
    X ^= X << 17;
    const int J = X % (I + 1);
    const unsigned short T = Order[I];
    Order[I] = Order[J];
    Order[J] = T;
  }
  void *Live[kBatch];
  for (long R = 0; R < Rounds; ++R) {
    for (int I = 0; I < kBatch; ++I) {
      Live[I] = ::operator new(Size);
      __asm__("" : : "r"(Live[I]) : "memory");
    }
    for (int I = 0; I < kBatch; ++I)
      ::operator delete(Live[Order[I]], Size);
  }
  return 0;
}
