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

/// "sizespec", "mimalloc", "jemalloc", "tcmalloc" or "glibc": the
/// replacement allocators found among the loaded objects, in load order
/// and joined by '+' ("sizespec+jemalloc": sizespec in front, jemalloc
/// behind it), else glibc.
inline std::string allocator_name() {
  static const char *const kKnown[] = {"sizespec", "mimalloc", "jemalloc",
                                       "tcmalloc"};
  std::string Found;
  dl_iterate_phdr(
      [](dl_phdr_info *Info, std::size_t, void *Out) {
        auto &Names = *static_cast<std::string *>(Out);
        const char *Path = Info->dlpi_name ? Info->dlpi_name : "";
        const char *Base = std::strrchr(Path, '/');
        Base = Base ? Base + 1 : Path;
        for (const char *Name : kKnown)
          if (std::strncmp(Base, "lib", 3) == 0 &&
              std::strstr(Base, Name) == Base + 3 &&
              Names.find(Name) == std::string::npos)
            Names += (Names.empty() ? "" : "+") + std::string(Name);
        return 0;
      },
      &Found);
  return Found.empty() ? "glibc" : Found;
}

} // namespace bench

#endif // SIZESPEC_BENCH_ALLOCATOR_PROBE_H
