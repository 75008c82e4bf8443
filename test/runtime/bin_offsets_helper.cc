//===- bin_offsets_helper.cc - Where each bin's first object sits ---------===//
//
// Run by region_test: a fresh process makes one object of every class and
// kind, the first of its bin, and prints the index of the 64 KiB span each
// sits in, modulo 16, that is which 64 KiB of a 1 MiB stretch holds it.
// The bins' ranges are aligned to at least 16 MiB, so this is the span's
// place in its own bin range, modulo 16:
//
//   offsets <n> <n> ... (one per class and kind)
//
//===----------------------------------------------------------------------===//

#include <sizespec/sizespec.h>

#include <cstdint>
#include <cstdio>
#include <initializer_list>

int main() {
  std::printf("offsets");
  for (unsigned C = 1; C <= sizespec::kNumClasses; ++C)
    for (bool Scan : {false, true}) {
      const std::size_t Size = sizespec::class_size(C);
      void *P = Scan ? sizespec::detail::alloc_generic_scan(Size)
                     : sizespec::detail::alloc_generic_noscan(Size);
      std::printf(" %u",
                  unsigned(reinterpret_cast<std::uintptr_t>(P) >> 16 & 15));
    }
  std::printf("\n");
  return 0;
}
