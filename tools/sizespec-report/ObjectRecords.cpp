//===- ObjectRecords.cpp - Site records read from objects -----------------===//

#include "ObjectRecords.h"
#include "sizespec/model/SiteSection.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/Binary.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

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
  case file_magic::bitcode:
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

ObjectPart::ObjectPart(std::vector<std::unique_ptr<Module>> Modules)
    : Modules(std::move(Modules)) {}

ObjectPart::~ObjectPart() = default;

bool ObjectPart::isRelocatable() const {
  return !Obj || Obj->isRelocatableObject();
}

Error ObjectPart::forEachSectionNamed(
    StringRef Name, function_ref<Error(StringRef Contents)> Each) const {
  for (const std::unique_ptr<Module> &M : Modules) {
    // The site records are the module's inline assembly; the stamp a global.
    std::string FromAsm = sectionBytesFromAsm(M->getModuleInlineAsm(), Name);
    if (!FromAsm.empty())
      if (Error E = Each(FromAsm))
        return E;
    for (const GlobalVariable &G : M->globals()) {
      if (G.getSection() != Name || !G.hasInitializer())
        continue;
      if (const auto *Data =
              dyn_cast<ConstantDataSequential>(G.getInitializer()))
        if (Error E = Each(Data->getRawDataValues()))
          return E;
    }
  }
  if (!Obj)
    return Error::success();
  for (const SectionRef &Sec : Obj->sections()) {
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

namespace {

/// Every module of the bitcode in \p Buffer, parsed into \p Context.
Expected<std::vector<std::unique_ptr<Module>>>
parseBitcodeModules(MemoryBufferRef Buffer, LLVMContext &Context) {
  Expected<std::vector<BitcodeModule>> List = getBitcodeModuleList(Buffer);
  if (!List)
    return List.takeError();
  std::vector<std::unique_ptr<Module>> Modules;
  for (BitcodeModule &BM : *List) {
    Expected<std::unique_ptr<Module>> M = BM.parseModule(Context);
    if (!M)
      return M.takeError();
    Modules.push_back(std::move(*M));
  }
  return Modules;
}

/// Calls \p Each with the object in \p Buffer if it is bitcode; false if it
/// is not.
Expected<bool>
ifBitcode(MemoryBufferRef Buffer, StringRef Member,
          function_ref<Error(const ObjectPart &, StringRef)> Each) {
  if (identify_magic(Buffer.getBuffer()) != file_magic::bitcode)
    return false;
  // The modules' globals live in the context: one per object.
  LLVMContext Context;
  Expected<std::vector<std::unique_ptr<Module>>> Modules =
      parseBitcodeModules(Buffer, Context);
  if (!Modules)
    return Modules.takeError();
  if (Error E = Each(ObjectPart(std::move(*Modules)), Member))
    return std::move(E);
  return true;
}

} // namespace

Error forEachObject(
    StringRef Path,
    function_ref<Error(const ObjectPart &, StringRef Member)> Each) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path);
  if (!File)
    return errorCodeToError(File.getError());
  Expected<bool> WasBitcode = ifBitcode(**File, "", Each);
  if (!WasBitcode || *WasBitcode)
    return WasBitcode.takeError();
  Expected<std::unique_ptr<Binary>> Bin = createBinary(**File);
  if (!Bin)
    return Bin.takeError();
  if (auto *Obj = dyn_cast<ObjectFile>(Bin->get()))
    return Each(ObjectPart(*Obj), "");
  auto *Ar = dyn_cast<Archive>(Bin->get());
  if (!Ar)
    return createStringError(
        "not an object file, LLVM bitcode, executable, shared library or "
        "archive");
  Error Err = Error::success();
  for (const Archive::Child &C : Ar->children(Err)) {
    Expected<StringRef> Name = C.getName();
    if (!Name)
      return Name.takeError();
    Expected<MemoryBufferRef> Buffer = C.getMemoryBufferRef();
    if (!Buffer)
      return Buffer.takeError();
    Expected<bool> MemberWasBitcode = ifBitcode(*Buffer, *Name, Each);
    if (!MemberWasBitcode)
      return MemberWasBitcode.takeError();
    if (*MemberWasBitcode)
      continue;
    Expected<std::unique_ptr<Binary>> Member = createBinary(*Buffer);
    if (!Member) {
      // Not every member is an object (symbol tables, text files).
      consumeError(Member.takeError());
      continue;
    }
    if (auto *Obj = dyn_cast<ObjectFile>(Member->get()))
      if (Error E = Each(ObjectPart(*Obj), *Name))
        return E;
  }
  return Err;
}

Expected<ObjectScan> readObjectRecords(StringRef Path) {
  ObjectScan Scan;
  Error E = forEachObject(
      Path, [&](const ObjectPart &Obj, StringRef Member) -> Error {
        Scan.Relocatable = Member.empty() && Obj.isRelocatable();
        std::string Where =
            Member.empty() ? Path.str() : formatv("{0}({1})", Path, Member);
        return Obj.forEachSectionNamed(
            kSiteSection, [&](StringRef Contents) -> Error {
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
