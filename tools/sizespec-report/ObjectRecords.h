//===- ObjectRecords.h - Site records read from objects ---------*- C++ -*-===//
//
// Objects built with the plugin carry their translation unit's site records
// in `.sizespec.sites` (sizespec/model/SiteSection.h). This reads them from
// object files, static archives, shared libraries and linked programs (one
// record per translation unit linked in), and tells objects from other files
// when a build directory is walked.
//
//===----------------------------------------------------------------------===//

#ifndef SIZESPEC_TOOLS_REPORT_OBJECTRECORDS_H
#define SIZESPEC_TOOLS_REPORT_OBJECTRECORDS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace sizespec {
namespace report {

/// One translation unit's records: the front end's, as sidecar JSON text,
/// and what the late passes did with them (Outcome.h; empty where the
/// object has no such record).
struct UnitText {
  std::string Where; ///< "lib/libx.a(foo.o)", or the file's path.
  std::string Json;
  std::string Lowered;
};

/// What one file held.
struct ObjectScan {
  std::vector<UnitText> Units;
  /// A relocatable object (one translation unit), not an archive or a
  /// linked program.
  bool Relocatable = false;
};

/// What a file is, by its first bytes.
enum class FileKind { Object, Linked, Archive, Other };
FileKind classifyFile(llvm::StringRef Path);

/// One object of a file: an object file, or the modules of an LLVM bitcode
/// file (what -flto and -flto=thin compile), whose globals placed in a
/// section are that section's contents once linked.
class ObjectPart {
public:
  explicit ObjectPart(const llvm::object::ObjectFile &Obj) : Obj(&Obj) {}
  explicit ObjectPart(std::vector<std::unique_ptr<llvm::Module>> Modules);
  ~ObjectPart();

  /// A file of one translation unit, not yet linked.
  bool isRelocatable() const;

  /// Calls \p Each with the contents of every section named \p Name; in
  /// bitcode, with the initializer of every global placed in it, in order.
  llvm::Error forEachSectionNamed(
      llvm::StringRef Name,
      llvm::function_ref<llvm::Error(llvm::StringRef Contents)> Each) const;

private:
  const llvm::object::ObjectFile *Obj = nullptr;
  std::vector<std::unique_ptr<llvm::Module>> Modules;
};

/// Calls \p Each for every object in the binary at \p Path: itself, or each
/// member of an archive (members that are not objects are skipped).
/// \p Member is empty for a plain file.
llvm::Error forEachObject(
    llvm::StringRef Path,
    llvm::function_ref<llvm::Error(const ObjectPart &, llvm::StringRef Member)>
        Each);

/// Reads every record of every `.sizespec.sites` section in \p Path.
llvm::Expected<ObjectScan> readObjectRecords(llvm::StringRef Path);

} // namespace report
} // namespace sizespec

#endif // SIZESPEC_TOOLS_REPORT_OBJECTRECORDS_H
