//===- bench/programs/thread_memory.cpp - Memory held with many threads ---===//
//
// What an allocator holds while many threads keep objects alive, once they
// have freed everything, and after the program has idled past the purge
// delay:
//
//   thread_memory THREADS [OBJECTS] [IDLE_MS]     (8 2000 1600)
//
// Each thread allocates OBJECTS objects of 64 typed sizes (16..1024 B in
// steps of 16), half of them pointer-free and half holding a pointer, each
// by a new-expression of its own type (so `on` specializes every site),
// and writes every byte. When all threads hold their objects, the main
// thread reads the process's anonymous RSS; then each thread frees its
// objects and exits, and RSS is read again at once and after IDLE_MS of
// doing nothing at all.
//
// Prints on stderr, for the harness (bench/harness/memory.py):
//
//   bench-memory: {"threads": 8, "payload_bytes": ..., "base_kb": ...,
//                  "live_kb": ..., "freed_kb": ..., "idle_kb": ...,
//                  "allocator": "sizespec"}
//
// base_kb is RssAnon before the threads start; the others are RssAnon at
// each point. The payload is the sum of the objects' sizes.
//
//===----------------------------------------------------------------------===//

#include "../common/allocator_probe.h"
#include "../common/proc_status.h"
#include "../common/rng.h"
#include "../common/sizespec_probe.h"

#include <barrier>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <utility>
#include <vector>

namespace {

using bench::Rng;

/// A pointer-free object of N bytes, and one of N bytes that holds a
/// pointer (the plugin's scan kind).
template <std::size_t N> struct Plain { unsigned char Bytes[N]; };
template <std::size_t N> struct Linked {
  Linked *Next;
  unsigned char Bytes[N - sizeof(void *)];
};

constexpr unsigned kSizes = 64; // 16, 32, ..., 1024
constexpr std::size_t size_of(unsigned I) { return 16 * (I + 1); }

struct Live {
  void *P;
  unsigned Kind; // size index * 2 + holds-a-pointer
};

template <unsigned I> Live make(bool Scan) {
  constexpr std::size_t N = size_of(I);
  void *P;
  if (Scan) {
    auto *O = new Linked<N>;
    O->Next = nullptr;
    std::memset(O->Bytes, 0x5a, sizeof O->Bytes);
    P = O;
  } else {
    auto *O = new Plain<N>;
    std::memset(O->Bytes, 0x5a, sizeof O->Bytes);
    P = O;
  }
  return {P, I * 2 + (Scan ? 1 : 0)};
}

template <unsigned I> void destroy(const Live &L) {
  constexpr std::size_t N = size_of(I);
  if (L.Kind & 1)
    delete static_cast<Linked<N> *>(L.P);
  else
    delete static_cast<Plain<N> *>(L.P);
}

template <unsigned... I>
Live make_any(unsigned Index, bool Scan,
              std::integer_sequence<unsigned, I...>) {
  using Maker = Live (*)(bool);
  static constexpr Maker Table[] = {&make<I>...};
  return Table[Index](Scan);
}

template <unsigned... I>
void destroy_any(const Live &L, std::integer_sequence<unsigned, I...>) {
  using Destroyer = void (*)(const Live &);
  static constexpr Destroyer Table[] = {&destroy<I>...};
  Table[L.Kind / 2](L);
}

using AllSizes = std::make_integer_sequence<unsigned, kSizes>;

} // namespace

int main(int argc, char **argv) {
  const unsigned Threads = argc > 1 ? std::atoi(argv[1]) : 8;
  const std::size_t Objects =
      argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 2000;
  const unsigned IdleMs = argc > 3 ? std::atoi(argv[3]) : 1600;
  if (Threads == 0 || Objects == 0) {
    std::fprintf(stderr, "usage: thread_memory THREADS [OBJECTS] [IDLE_MS]\n");
    return 2;
  }

  const long BaseKb = bench::proc_status_kb("RssAnon:");
  long LiveKb = 0;
  std::vector<std::uint64_t> Payload(Threads, 0);
  // Every thread has its objects; the main thread measures; all free.
  std::barrier Allocated(Threads + 1), Measured(Threads + 1);

  std::vector<std::thread> Pool;
  for (unsigned T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      Rng R{0x9e3779b97f4a7c15ull * (T + 1)};
      std::vector<Live> Mine;
      Mine.reserve(Objects);
      for (std::size_t K = 0; K < Objects; ++K) {
        std::uint64_t X = R.next();
        unsigned Index = static_cast<unsigned>(X % kSizes);
        Mine.push_back(make_any(Index, (X >> 32) & 1, AllSizes{}));
        Payload[T] += size_of(Index);
      }
      Allocated.arrive_and_wait();
      Measured.arrive_and_wait();
      for (const Live &L : Mine)
        destroy_any(L, AllSizes{});
    });
  Allocated.arrive_and_wait();
  LiveKb = bench::proc_status_kb("RssAnon:");
  Measured.arrive_and_wait();
  for (std::thread &T : Pool)
    T.join();
  const long FreedKb = bench::proc_status_kb("RssAnon:");
  std::this_thread::sleep_for(std::chrono::milliseconds(IdleMs));
  const long IdleKb = bench::proc_status_kb("RssAnon:");

  std::uint64_t Total = 0;
  for (std::uint64_t P : Payload)
    Total += P;
  std::printf("%u threads, %zu objects each, %llu payload bytes\n", Threads,
              Objects, static_cast<unsigned long long>(Total));
  std::fprintf(stderr,
               "bench-memory: {\"threads\": %u, \"payload_bytes\": %llu, "
               "\"base_kb\": %ld, \"live_kb\": %ld, \"freed_kb\": %ld, "
               "\"idle_kb\": %ld, \"allocator\": \"%s\"}\n",
               Threads, static_cast<unsigned long long>(Total), BaseKb, LiveKb,
               FreedKb, IdleKb, bench::allocator_name().c_str());
  bench::print_sizespec_stats();
}
