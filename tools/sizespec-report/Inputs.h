//===- Inputs.h - From command-line inputs to translation units -*- C++ -*-===//
//
// What sizespec-report reads: objects, archives, shared libraries and linked
// programs (their .sizespec.sites records), exported sidecar files, and
// directories of them. Each translation unit is handed on once, however
// many files carry it (an object and the library it is linked into).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_INPUTS_H
#define SIZESPEC_TOOLS_REPORT_INPUTS_H

#include "sizespec/model/Sidecar.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"

#include <string>
#include <vector>

namespace sizespec {
namespace report {

/// What reading the inputs found besides the translation units.
struct InputSummary {
  unsigned Units = 0; ///< Distinct translation units handed on.
  /// Objects found in a directory that carry no records: built without the
  /// plugin, or C.
  std::vector<std::string> Unrecorded;
  /// Objects found in a directory whose source file is gone ("x.o
  /// (src/x.cc)"): left over from a deleted source, not reported.
  std::vector<std::string> Stale;
};

/// Reads \p Args in order; calls \p Add for each distinct translation unit
/// and \p Fail for each input that cannot be read.
InputSummary
readInputs(llvm::ArrayRef<std::string> Args,
           llvm::function_ref<void(const Sidecar &)> Add,
           llvm::function_ref<void(llvm::StringRef, const llvm::Twine &)> Fail);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_INPUTS_H
