//===- SiteRecord.h - A site as the reports and sidecar show it -*- C++ -*-===//
//
// A Site with its location resolved to file/line/column and its strings
// computed, so the report code needs no AST. Plain data: nothing here
// includes Clang (recordOf() in SiteAnalysis.h makes one from a Site).
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_ANALYSIS_SITERECORD_H
#define SIZESPEC_ANALYSIS_SITERECORD_H

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

namespace llvm::json {
class Object;
} // namespace llvm::json

namespace sizespec {

struct SiteRecord {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Form;     ///< "new", "new[]", "make_unique", ...
  std::string Type;     ///< as the user wrote it: "Point", "int[3]"
  std::string Describe; ///< "new Point", "make_shared<Point>"
  std::optional<std::uint64_t> Size;
  std::optional<std::uint64_t> Align;
  std::optional<unsigned> Class;
  std::optional<bool> Scan;
  bool Specialized = false;
  bool RuntimeSize = false;
  std::string Reason;  ///< stable code; empty when specialized
  std::string Message; ///< empty when specialized
  std::string Routine; ///< "alloc_noscan_sc3<Point>"; empty when none

  bool operator<(const SiteRecord &O) const {
    return std::tie(File, Line, Column, Describe) <
           std::tie(O.File, O.Line, O.Column, O.Describe);
  }
  bool operator==(const SiteRecord &O) const {
    return std::tie(File, Line, Column, Describe) ==
           std::tie(O.File, O.Line, O.Column, O.Describe);
  }
};

/// The report's line for a site, without a newline, e.g.
/// `shapes.cc:42:17: specialized: new Point -> alloc_noscan_sc3<Point> (24 B,
/// class 3)` or `shapes.cc:57:9: not specialized: new Mesh (1040 B): size
/// above 1024 B limit by 16 B`. The plugin's report and the rewriter's print
/// it alike.
std::string siteLine(const SiteRecord &R);

/// The keys of a site the plugin's sidecar and the rewriter's JSON report
/// share (docs/interfaces.md): file, line, column, form, type, size, align,
/// class, scan, status, reason, message, routine; null where unknown.
llvm::json::Object siteJSON(const SiteRecord &R);

} // namespace sizespec

#endif // SIZESPEC_ANALYSIS_SITERECORD_H
