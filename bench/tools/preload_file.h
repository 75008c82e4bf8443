//===- preload_file.h - The file a preload writes at exit -------*- C++ -*-===//
//
// The two libraries bench/tools preloads in front of a program
// (placement_shim.cc, region_probe.cc) write what they found, at the
// program's exit, to a file an environment variable names.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_BENCH_TOOLS_PRELOAD_FILE_H
#define SIZESPEC_BENCH_TOOLS_PRELOAD_FILE_H

#include <cstdio>
#include <cstdlib>

namespace {

/// The file \p Var names, opened for writing; null if \p Var is unset, or
/// if the file cannot be written, which \p Who then says on stderr.
std::FILE *openPreloadFile(const char *Var, const char *Who) {
  const char *Path = std::getenv(Var);
  if (!Path)
    return nullptr;
  std::FILE *F = std::fopen(Path, "w");
  if (!F)
    std::fprintf(stderr, "%s: cannot write %s\n", Who, Path);
  return F;
}

} // namespace

#endif // SIZESPEC_BENCH_TOOLS_PRELOAD_FILE_H
