//===- bench/common/allocator_probe.h - Which allocator is live? -*- C++
//-*-===//
//
// Names the allocator a benchmark binary actually runs on, from the shared
// objects loaded into the process. The harness checks the name against the
// configuration it meant to run: a link that silently lost its allocator
// (for example to --as-needed) would otherwise compare glibc with itself
// under another label, the same silent mix-up Go's cross-toolchain A/B hit.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BENCH_ALLOCATOR_PROBE_H
#define SIZESPEC_BENCH_ALLOCATOR_PROBE_H

#include <link.h>

#include <cstring>
#include <string>

namespace bench {

/// "sizespec", "mimalloc", "jemalloc", "tcmalloc" or "glibc": the first
/// replacement allocator found among the loaded objects, else glibc.
inline std::string allocator_name() {
  static const char *const kKnown[] = {"sizespec", "mimalloc", "jemalloc",
                                       "tcmalloc"};
  std::string Found = "glibc";
  dl_iterate_phdr(
      [](dl_phdr_info *Info, std::size_t, void *Out) {
        const char *Path = Info->dlpi_name ? Info->dlpi_name : "";
        const char *Base = std::strrchr(Path, '/');
        Base = Base ? Base + 1 : Path;
        for (const char *Name : kKnown) {
          if (std::strncmp(Base, "lib", 3) == 0 &&
              std::strstr(Base, Name) == Base + 3) {
            *static_cast<std::string *>(Out) = Name;
            return 1;
          }
        }
        return 0;
      },
      &Found);
  return Found;
}

} // namespace bench

#endif // SIZESPEC_BENCH_ALLOCATOR_PROBE_H
