//===- SiteRecord.h - A site as the report and sidecar show it --*- C++ -*-===//
//
// A Site with its location resolved to file/line/column and its strings
// computed, so the report code needs no AST.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_PLUGIN_SITERECORD_H
#define SIZESPEC_PLUGIN_SITERECORD_H

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

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

} // namespace sizespec

#endif // SIZESPEC_PLUGIN_SITERECORD_H
