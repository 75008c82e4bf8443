//===- ObjectRecords.cpp - Site records read from objects -----------------===//

#include "ObjectRecords.h"
#include "sizespec/model/SiteSection.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/Binary.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace llvm::object;

namespace sizespec {
namespace report {

FileKind classifyFile(StringRef Path) {
  file_magic Magic;
  if (identify_magic(Path, Magic))
    return FileKind::Other;
  switch (Magic) {
  case file_magic::elf_relocatable:
  case file_magic::coff_object:
  case file_magic::macho_object:
    return FileKind::Object;
  case file_magic::elf_executable:
  case file_magic::elf_shared_object:
  case file_magic::macho_executable:
  case file_magic::macho_dynamically_linked_shared_lib:
    return FileKind::Linked;
  case file_magic::archive:
    return FileKind::Archive;
  default:
    return FileKind::Other;
  }
}

Error forEachObject(
    StringRef Path,
    function_ref<Error(const ObjectFile &, StringRef Member)> Each) {
  Expected<OwningBinary<Binary>> Bin = createBinary(Path);
  if (!Bin)
    return Bin.takeError();
  Binary *B = Bin->getBinary();
  if (auto *Obj = dyn_cast<ObjectFile>(B))
    return Each(*Obj, "");
  auto *Ar = dyn_cast<Archive>(B);
  if (!Ar)
    return createStringError(
        "not an object file, executable, shared library or archive");
  Error Err = Error::success();
  for (const Archive::Child &C : Ar->children(Err)) {
    Expected<std::unique_ptr<Binary>> Member = C.getAsBinary();
    if (!Member) {
      // Not every member is an object (symbol tables, text files).
      consumeError(Member.takeError());
      continue;
    }
    auto *Obj = dyn_cast<ObjectFile>(Member->get());
    if (!Obj)
      continue;
    Expected<StringRef> Name = C.getName();
    if (!Name)
      return Name.takeError();
    if (Error E = Each(*Obj, *Name))
      return E;
  }
  return Err;
}

Error forEachSectionNamed(const ObjectFile &Obj, StringRef Name,
                          function_ref<Error(StringRef Contents)> Each) {
  for (const SectionRef &Sec : Obj.sections()) {
    Expected<StringRef> SecName = Sec.getName();
    if (!SecName)
      return SecName.takeError();
    if (*SecName != Name)
      continue;
    Expected<StringRef> Contents = Sec.getContents();
    if (!Contents)
      return Contents.takeError();
    if (Error E = Each(*Contents))
      return E;
  }
  return Error::success();
}

Expected<ObjectScan> readObjectRecords(StringRef Path) {
  ObjectScan Scan;
  Error E = forEachObject(
      Path, [&](const ObjectFile &Obj, StringRef Member) -> Error {
        Scan.Relocatable = Member.empty() && Obj.isRelocatableObject();
        std::string Where =
            Member.empty() ? Path.str() : formatv("{0}({1})", Path, Member);
        return forEachSectionNamed(
            Obj, kSiteSection, [&](StringRef Contents) -> Error {
              Expected<std::vector<SectionRecord>> Records =
                  decodeSiteRecords(Contents);
              if (!Records)
                return createStringError(Twine(kSiteSection) + ": " +
                                         toString(Records.takeError()));
              size_t First = Scan.Units.size();
              for (auto [Index, R] : enumerate(*Records)) {
                if (R.K == SectionRecord::Sites) {
                  Scan.Units.push_back({Where, std::move(R.Text), ""});
                  continue;
                }
                // A unit's lowered record follows its sites record.
                if (Scan.Units.size() == First ||
                    !Scan.Units.back().Lowered.empty())
                  return createStringError(formatv(
                      "{0}: record {1}: a lowered record without its sites "
                      "record before it",
                      kSiteSection, Index));
                Scan.Units.back().Lowered = std::move(R.Text);
              }
              return Error::success();
            });
      });
  if (E)
    return std::move(E);
  return Scan;
}

} // namespace report
} // namespace sizespec
