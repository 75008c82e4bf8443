//===- Site.h - One allocation site as the analysis sees it ----*- C++ -*-===//
//
// What the site analysis computes for every allocation site, with the AST
// handles a redirect or an edit needs. It knows nothing of printing: the
// site model's SiteRecord (sizespec/model/SiteRecord.h) is what reports show.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_ANALYSIS_SITE_H
#define SIZESPEC_ANALYSIS_SITE_H

#include "sizespec/model/Codes.h"

#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace sizespec {

struct Site {
  SiteForm Form = SiteForm::New;
  /// Where a user looks: the `new` keyword, or for std::make_unique the call
  /// that instantiated it.
  clang::SourceLocation Loc;
  /// The type the specialized routine is instantiated on: `Point`,
  /// `Point[3]` for new Point[3], the control block for make_shared.
  clang::QualType RoutineType;
  /// RoutineType as printed.
  std::string RoutineTypeName;
  /// The type a user wrote, as printed: `Point`, `Point[3]`, `int[]`,
  /// `Point` for make_shared<Point>.
  std::string TypeName;
  /// Bytes the allocation function receives (array cookie included);
  /// unset when not known at compile time.
  std::optional<std::uint64_t> Size;
  std::optional<std::uint64_t> Align;
  /// Allocator form: sizeof(T), of which allocate(n) takes n.
  std::optional<std::uint64_t> ElementSize;
  /// Size class (1..32, all specialized); 0 when none.
  unsigned Class = 0;
  /// True if the object may hold pointers; unset when unknown.
  std::optional<bool> Scan;
  /// new (std::nothrow) T: takes the nothrow routine.
  bool Nothrow = false;
  /// The site passes std::align_val_t (an over-aligned T in C++17 and
  /// later): takes the routine's overload with that parameter.
  bool PassesAlignment = false;
  /// Size known only at run time (Allocator form): the typed routine
  /// `alloc_{scan,noscan}<T>` picks the class.
  bool RuntimeSize = false;
  /// Pointer-free, 1..15 bytes but 8, a constant size: the tiny routine
  /// `alloc_noscan_tiny<T>` (set once the site is known eligible).
  bool Tiny = false;
  Reason Why = Reason::None;
  /// Lowercase, no trailing period; the reason's message with figures
  /// ("size above 80 B limit by 16 B"). Empty when eligible.
  std::string Message;

  bool eligible() const { return Why == Reason::None; }
  /// Marks the site not eligible with the fixed message of \p R.
  void refuse(Reason R);
  /// Marks the site not eligible with a refined message.
  void refuse(Reason R, std::string Msg);
  /// Its kind is known, and its class or that it takes the tiny or the
  /// run-time-size path: a routine can be named.
  bool hasRoutine() const;
  /// "alloc_noscan_sc3", "alloc_noscan_tiny", "alloc_scan" (runtime size);
  /// empty when unknown.
  std::string routineBaseName() const;
  /// "alloc_noscan_sc3<Point>"; empty when unknown.
  std::string routineName() const;
  /// What the site allocates, as a report shows it: "new Point",
  /// "new (std::nothrow) Point", "make_unique<Point>", "allocator<int>".
  std::string describe() const;
};

} // namespace sizespec

#endif // SIZESPEC_ANALYSIS_SITE_H
