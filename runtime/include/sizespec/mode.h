//===- sizespec/mode.h - How the runtime runs in this process ---*- C++ -*-===//
//
// The runtime decides once, at its first allocation, whether it serves
// allocations or stands aside (runtime/src/runtime.cc). stats() reports the
// decision; the runtime's own layers branch on it in their slow paths.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_MODE_H
#define SIZESPEC_MODE_H

#include <cstdint>

namespace sizespec {

/// How the runtime runs in this process.
enum class Mode : std::uint8_t {
  uninitialized, ///< nothing allocated yet
  active,        ///< the runtime serves allocations
  system,        ///< stood aside: sanitizer, valgrind, or no address space
  deferring,     ///< the program replaced global operator new/delete
};

} // namespace sizespec

#endif // SIZESPEC_MODE_H
