//===- PltCalls.cpp - Which shared library function a call calls ----------===//

#include "PltCalls.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/TargetParser/Triple.h"

#include <vector>

using namespace llvm;

namespace sizespec {
namespace report {

/// What the lookups need of one object: its code sections' bytes, and the
/// symbol of each GOT slot the PLT jumps through.
struct PltCalls::Object {
  struct Section {
    std::uint64_t Address = 0;
    StringRef Bytes;
    bool Plt = false;
  };
  object::OwningBinary<object::ObjectFile> Binary;
  std::vector<Section> Sections;
  std::map<std::uint64_t, std::string> SlotSymbols;

  const Section *at(std::uint64_t Address, std::uint64_t Size) const {
    for (const Section &S : Sections)
      if (Address >= S.Address && Address + Size <= S.Address + S.Bytes.size())
        return &S;
    return nullptr;
  }
  std::optional<std::int32_t> int32At(std::uint64_t Address) const {
    const Section *S = at(Address, 4);
    if (!S)
      return std::nullopt;
    const auto *P = reinterpret_cast<const unsigned char *>(S->Bytes.data()) +
                    (Address - S->Address);
    return std::int32_t(std::uint32_t(P[0]) | std::uint32_t(P[1]) << 8 |
                        std::uint32_t(P[2]) << 16 | std::uint32_t(P[3]) << 24);
  }
  std::optional<unsigned char> byteAt(std::uint64_t Address) const {
    const Section *S = at(Address, 1);
    if (!S)
      return std::nullopt;
    return S->Bytes[Address - S->Address];
  }
};

PltCalls::PltCalls() = default;
PltCalls::~PltCalls() = default;

const PltCalls::Object *PltCalls::load(StringRef File) {
  auto [It, New] = Objects.try_emplace(File.str());
  if (!New)
    return It->second.get();
  Expected<object::OwningBinary<object::ObjectFile>> Bin =
      object::ObjectFile::createObjectFile(File);
  if (!Bin) {
    consumeError(Bin.takeError());
    return nullptr;
  }
  auto O = std::make_unique<Object>();
  O->Binary = std::move(*Bin);
  const auto *Elf = dyn_cast<object::ELF64LEObjectFile>(O->Binary.getBinary());
  if (!Elf || Elf->getArch() != Triple::x86_64)
    return nullptr;
  for (const object::SectionRef &S : Elf->sections()) {
    Expected<StringRef> Name = S.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    // The PLT's slots (.rela.plt) and those .plt.got jumps through
    // (.rela.dyn).
    if (*Name == ".rela.plt" || *Name == ".rela.dyn") {
      for (const object::RelocationRef &R : S.relocations()) {
        object::symbol_iterator Sym = R.getSymbol();
        if (Sym == Elf->symbol_end())
          continue;
        if (Expected<StringRef> SymName = Sym->getName())
          O->SlotSymbols[R.getOffset()] = SymName->str();
        else
          consumeError(SymName.takeError());
      }
      continue;
    }
    if (!S.isText())
      continue;
    Expected<StringRef> Bytes = S.getContents();
    if (!Bytes) {
      consumeError(Bytes.takeError());
      continue;
    }
    O->Sections.push_back({S.getAddress(), *Bytes, Name->starts_with(".plt")});
  }
  It->second = std::move(O);
  return It->second.get();
}

std::optional<std::string> PltCalls::callee(StringRef File,
                                            std::uint64_t Address) {
  const Object *O = load(File);
  if (!O || Address < 5)
    return std::nullopt;
  // call rel32: e8 and the target's distance from the return address.
  std::optional<unsigned char> Opcode = O->byteAt(Address - 5);
  std::optional<std::int32_t> Rel = O->int32At(Address - 4);
  if (!Opcode || *Opcode != 0xe8 || !Rel)
    return std::nullopt;
  std::uint64_t Entry = Address + std::int64_t(*Rel);
  const Object::Section *S = O->at(Entry, 1);
  if (!S || !S->Plt)
    return std::nullopt;
  // The entry (16 bytes) jumps through its GOT slot: jmp *slot(%rip), ff 25
  // and the slot's distance from the next instruction (after an endbr64 or
  // a bnd prefix in some layouts).
  for (std::uint64_t At = Entry; At + 6 <= Entry + 16; ++At) {
    std::optional<unsigned char> A = O->byteAt(At), B = O->byteAt(At + 1);
    std::optional<std::int32_t> Disp = O->int32At(At + 2);
    if (!A || !B || !Disp || *A != 0xff || *B != 0x25)
      continue;
    auto Symbol = O->SlotSymbols.find(At + 6 + std::int64_t(*Disp));
    if (Symbol == O->SlotSymbols.end())
      return std::nullopt;
    return Symbol->second;
  }
  return std::nullopt;
}

bool PltCalls::defines(StringRef File, StringRef Symbol) {
  auto [It, New] = Exports.try_emplace(File.str());
  if (New) {
    Expected<object::OwningBinary<object::ObjectFile>> Bin =
        object::ObjectFile::createObjectFile(File);
    if (!Bin) {
      consumeError(Bin.takeError());
      return false;
    }
    if (const auto *Elf = dyn_cast<object::ELFObjectFileBase>(Bin->getBinary()))
      for (const object::ELFSymbolRef &S : Elf->getDynamicSymbolIterators()) {
        Expected<StringRef> Name = S.getName();
        Expected<std::uint32_t> Flags = S.getFlags();
        if (!Name || !Flags) {
          consumeError(Name.takeError());
          consumeError(Flags.takeError());
          continue;
        }
        if (!(*Flags & object::SymbolRef::SF_Undefined))
          It->second.insert(Name->str());
      }
  }
  return It->second.count(Symbol.str());
}

bool isAllocationEntry(StringRef Symbol) {
  // operator new/delete (_Znwm, _Znam, _ZdlPv, ... with their overloads).
  if (Symbol.starts_with("_Znw") || Symbol.starts_with("_Zna") ||
      Symbol.starts_with("_Zdl") || Symbol.starts_with("_Zda"))
    return true;
  // The runtime's entry points, whatever their spelling.
  if (Symbol.starts_with("sizespec_") || Symbol.starts_with("_ZN8sizespec"))
    return true;
  return StringSwitch<bool>(Symbol)
      .Cases("malloc", "calloc", "realloc", "free", "aligned_alloc", true)
      .Cases("posix_memalign", "memalign", "valloc", "pvalloc", true)
      .Cases("reallocarray", "malloc_usable_size", true)
      .Default(false);
}

} // namespace report
} // namespace sizespec
