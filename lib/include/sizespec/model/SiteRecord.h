//===- SiteRecord.h - One allocation site and what became of it -*- C++ -*-===//
//
// The site model's record: a site with its location resolved to
// file/line/column and its strings computed. Plain data, nothing of Clang:
// the analysis makes one from the AST (recordOf() in SiteCollector.h), the
// sidecar reader from JSON, and every front end prints it with the
// functions below, so a site reads the same in the plugin's report, the
// rewriter's and sizespec-report's.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_MODEL_SITERECORD_H
#define SIZESPEC_MODEL_SITERECORD_H

#include "llvm/ADT/StringRef.h"

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
  bool Nothrow = false;
  /// Takes the tiny path: pointer-free, 1..15 bytes, packed into a shared
  /// 16-byte block (`alloc_noscan_tiny<T>`).
  bool Tiny = false;
  std::string Reason;  ///< stable code; empty when specialized
  std::string Message; ///< empty when specialized
  std::string Routine; ///< "alloc_noscan_sc3<Point>"; empty when none
  /// The rewriter's left-alone code (LeftAlone.def) for an eligible site it
  /// keeps as written; empty otherwise.
  std::string LeftAlone;

  /// The identity of a site, wherever records are merged (a header's site
  /// seen by many translation units): where it is and what it allocates in
  /// which form. Two records of one identity are one site, seen the same
  /// way or not.
  auto identity() const { return std::tie(File, Line, Column, Form, Type); }
  bool operator<(const SiteRecord &O) const {
    return identity() < O.identity();
  }
  bool operator==(const SiteRecord &O) const {
    return identity() == O.identity();
  }
};

/// A site's identity as a value (a map key).
using SiteIdentity =
    std::tuple<std::string, unsigned, unsigned, std::string, std::string>;

/// What a site allocates, as a report words it: "new Point",
/// "new (std::nothrow) Point", "make_unique<Point>", "allocator<int>".
std::string describeSite(llvm::StringRef Form, llvm::StringRef Type,
                         bool Nothrow);

/// The report's line for a site, without a newline, e.g.
/// `shapes.cc:42:17: specialized: new Point -> alloc_noscan_sc3<Point> (24 B,
/// class 3)` or `shapes.cc:57:9: not specialized: new Mesh (1040 B): size
/// above 1024 B limit by 16 B`.
std::string siteLine(const SiteRecord &R);

/// The line after its location: "specialized: new Point -> ...".
std::string siteVerdict(const SiteRecord &R);

/// A note about the site, as a compiler words one, without a newline:
/// `shapes.cc:42:17: note: <Text>`.
std::string siteNote(const SiteRecord &R, llvm::StringRef Text);

/// "specialized" or "not-specialized", as records spell the status.
llvm::StringRef statusCode(const SiteRecord &R);

/// "scan" or "noscan" ("scan?" when the record does not say).
llvm::StringRef scanWord(const SiteRecord &R);

/// The keys every JSON form of a site shares (docs/interfaces.md): file,
/// line, column, form, type, size, align, class, scan, status, reason,
/// message, routine; null where unknown; and `"tiny": true` on a site that
/// takes the tiny path. Each output adds its own keys.
llvm::json::Object siteJSON(const SiteRecord &R);

} // namespace sizespec

#endif // SIZESPEC_MODEL_SITERECORD_H
