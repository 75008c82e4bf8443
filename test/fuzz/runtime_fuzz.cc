//===- runtime_fuzz.cc - libFuzzer target for the runtime -----------------===//
//
// Each input is a program of allocator operations: allocate through a
// specialized routine of any class and kind, operator new (small, large,
// aligned, array, nothrow), the typed and generic paths; free; resize;
// free a batch on another thread. A shadow model knows what is live and
// what each object must hold: every object is filled with bytes derived
// from its seed, checked when freed, aligned as its path promises, and no
// two live objects overlap. A mismatch traps, and libFuzzer keeps the input.
//
// Built with the runtime's sources instrumented (test/fuzz/CMakeLists.txt),
// once as the normal runtime and once as the debug build:
//   build/test/test/fuzz/fuzz_runtime -runs=1000000
//   build/test/test/fuzz/fuzz_runtime_debug -max_total_time=600
//
//===----------------------------------------------------------------------===//

#include "test_util.h"

#include <sizespec/sizespec.h>
#include <sizespec/stats.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <thread>
#include <vector>

using namespace sizespec;
using namespace sizespec::test;

namespace {

enum class Free : std::uint8_t { plain, array, aligned, api };

struct Object {
  unsigned char *P;
  std::size_t Size;
  std::size_t Align;
  std::uint64_t Seed;
  Free How;
};

/// The routine of class C, kind Scan, for objects of that class.
using RoutineFn = void *(*)(std::size_t);
template <unsigned C, bool Scan> void *routineOf(std::size_t Size) {
  return routine<C, Scan, false>(Size);
}
#define SIZESPEC_FUZZ_ROUTINES(N) {&routineOf<N, false>, &routineOf<N, true>},
constexpr RoutineFn kRoutines[][2] = {
    {nullptr, nullptr}, SIZESPEC_FOR_EACH_CLASS(SIZESPEC_FUZZ_ROUTINES)};
#undef SIZESPEC_FUZZ_ROUTINES

/// Reads the input a byte at a time; zeros past its end.
struct Input {
  const std::uint8_t *Data;
  std::size_t Size;
  std::size_t At = 0;
  bool done() const { return At >= Size; }
  std::uint8_t byte() { return At < Size ? Data[At++] : 0; }
  std::size_t up_to(std::size_t N) {
    std::size_t V = byte() | std::size_t(byte()) << 8;
    return N ? V % (N + 1) : 0;
  }
};

void check(bool Ok) {
  if (!Ok)
    __builtin_trap();
}

class Model {
public:
  ~Model() {
    while (!Live.empty())
      release(Live.size() - 1);
  }

  void add(void *P, std::size_t Size, std::size_t Align, Free How) {
    check(P != nullptr);
    auto *B = static_cast<unsigned char *>(P);
    check(reinterpret_cast<std::uintptr_t>(B) % Align == 0);
    // No live object may overlap the new one.
    for (const Object &O : Live)
      check(B + std::max<std::size_t>(Size, 1) <= O.P ||
            O.P + std::max<std::size_t>(O.Size, 1) <= B);
    Object O{B, Size, Align, ++Seeds, How};
    fill(B, Size, O.Seed);
    Live.push_back(O);
  }

  void release(std::size_t I) {
    if (Live.empty())
      return;
    I %= Live.size();
    Object O = Live[I];
    Live[I] = Live.back();
    Live.pop_back();
    check(sizespec::test::check(O.P, O.Size, O.Seed));
    free(O);
  }

  /// A new object of \p Size holding the old one's first bytes.
  void resize(std::size_t I, std::size_t Size) {
    if (Live.empty())
      return;
    I %= Live.size();
    Object Old = Live[I];
    check(sizespec::test::check(Old.P, Old.Size, Old.Seed));
    auto *P = static_cast<unsigned char *>(::operator new(runtime(Size)));
    std::memcpy(P, Old.P, std::min(Size, Old.Size));
    check(std::memcmp(P, Old.P, std::min(Size, Old.Size)) == 0);
    Live[I] = Live.back();
    Live.pop_back();
    free(Old);
    add(P, Size, 1, Free::plain);
  }

  /// Frees up to \p N objects on a thread of their own.
  void freeElsewhere(std::size_t N) {
    std::vector<Object> Batch;
    while (N-- && !Live.empty()) {
      Batch.push_back(Live.back());
      Live.pop_back();
    }
    std::thread T([&] {
      for (const Object &O : Batch) {
        check(sizespec::test::check(O.P, O.Size, O.Seed));
        free(O);
      }
    });
    T.join();
  }

  std::size_t live() const { return Live.size(); }

private:
  static void free(const Object &O) {
    switch (O.How) {
    case Free::plain:
      ::operator delete(O.P);
      break;
    case Free::array:
      ::operator delete[](O.P);
      break;
    case Free::aligned:
      ::operator delete(O.P, std::align_val_t(O.Align));
      break;
    case Free::api:
      deallocate(O.P);
      break;
    }
  }

  std::vector<Object> Live;
  std::uint64_t Seeds = 0;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  // Fuzzing a runtime that stood aside would test the system allocator.
  static const bool Active = [] {
    ::operator delete(::operator new(1));
    return stats().mode == Mode::active;
  }();
  check(Active);
  Input In{Data, Size};
  Model M;
  while (!In.done() && M.live() < 512) {
    switch (In.byte() % 9) {
    case 0: { // a specialized routine
      unsigned C = In.byte() % kNumSpecializedClasses + 1;
      bool Scan = In.byte() & 1;
      std::size_t Bytes = class_size(C) - In.up_to(class_size(C) - 1);
      M.add(kRoutines[C][Scan](Bytes), Bytes, class_align(C), Free::plain);
      break;
    }
    case 1: { // operator new, small or large
      std::size_t Bytes = In.up_to(2 * kMaxSmallSize);
      M.add(::operator new(runtime(Bytes)), Bytes, required_new_align(Bytes),
            Free::plain);
      break;
    }
    case 2: {
      std::size_t Bytes = In.up_to(kMaxSmallSize);
      M.add(::operator new[](runtime(Bytes)), Bytes, required_new_align(Bytes),
            Free::array);
      break;
    }
    case 3: { // over-aligned
      std::size_t Align = std::size_t(32) << (In.byte() % 4);
      std::size_t Bytes = In.up_to(kMaxSmallSize + 64);
      M.add(::operator new(runtime(Bytes), std::align_val_t(Align)), Bytes,
            Align, Free::aligned);
      break;
    }
    case 4: { // the generic API and the typed path
      std::size_t Bytes = In.up_to(kMaxSmallSize);
      if (In.byte() & 1)
        M.add(allocate(runtime(Bytes), std::nothrow), Bytes,
              required_new_align(Bytes), Free::api);
      else
        M.add(alloc_noscan<std::uint64_t>(runtime(Bytes * 8 + 8)),
              Bytes * 8 + 8, 8, Free::plain);
      break;
    }
    case 5:
    case 6:
      M.release(In.up_to(1024));
      break;
    case 7:
      M.resize(In.up_to(1024), In.up_to(kMaxSmallSize * 2));
      break;
    case 8:
      M.freeElsewhere(In.byte() % 16);
      break;
    }
  }
  return 0;
}
