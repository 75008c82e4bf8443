//===- ProfileSymbols.cpp - A profile's addresses as source frames --------===//

#include "ProfileSymbols.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace sizespec {
namespace report {

std::string frameName(const Frame &F) {
  if (!F.Function.empty())
    return demangle(F.Function);
  return "?? (" + sys::path::filename(F.Object).str() + ")";
}

StackSymbolizer::StackSymbolizer(const ProfileData &P,
                                 ArrayRef<std::string> Programs)
    : P(P), Programs(Programs.begin(), Programs.end()) {
  symbolize::LLVMSymbolizer::Options Opts;
  Opts.Demangle = false; // the join compares linkage names
  Opts.PrintFunctions = symbolize::FunctionNameKind::LinkageName;
  Opts.PathStyle = DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath;
  Sym = std::make_unique<symbolize::LLVMSymbolizer>(Opts);
}

StackSymbolizer::~StackSymbolizer() = default;

std::string StackSymbolizer::fileOf(const ProfileObject &O) {
  if (sys::fs::exists(O.Path))
    return O.Path;
  StringRef Name = sys::path::filename(O.Path);
  for (const std::string &F : Programs)
    if (sys::path::filename(F) == Name && sys::fs::exists(F))
      return F;
  return O.Path;
}

const ProfileObject *StackSymbolizer::objectAt(std::uint64_t PC) const {
  const ProfileObject *O = nullptr;
  for (const ProfileObject &Each : P.Objects)
    if (PC >= Each.Lo && PC < Each.Hi)
      O = &Each;
  return O;
}

std::optional<StackSymbolizer::LibraryCall>
StackSymbolizer::libraryCall(std::uint64_t PC) {
  const ProfileObject *O = objectAt(PC);
  if (!O)
    return std::nullopt;
  std::optional<std::string> Symbol = Plt.callee(fileOf(*O), PC - O->Bias);
  if (!Symbol)
    return std::nullopt;
  LibraryCall Call{*Symbol, ""};
  for (const ProfileObject &Each : P.Objects)
    if (Each.Path != O->Path && Plt.defines(fileOf(Each), *Symbol)) {
      Call.Library = fileOf(Each);
      break;
    }
  return Call;
}

const std::vector<Frame> &StackSymbolizer::frames(std::uint64_t PC) {
  auto [It, New] = Cache.try_emplace(PC);
  if (!New)
    return It->second;
  std::vector<Frame> &Out = It->second;
  const ProfileObject *O = objectAt(PC);
  if (!O) {
    Out.push_back(Frame{"", "", 0, 0, formatv("{0:x}", PC).str()});
    return Out;
  }
  std::string File = fileOf(*O);
  // A return address: the call is the instruction before it.
  object::SectionedAddress Addr{PC - 1 - O->Bias,
                                object::SectionedAddress::UndefSection};
  if (!Failed.count(File)) {
    Expected<DIInliningInfo> Info = Sym->symbolizeInlinedCode(File, Addr);
    if (!Info) {
      Failed[File] = true;
      Problems.push_back(File + ": " + toString(Info.takeError()));
    } else {
      for (std::uint32_t I = 0; I < Info->getNumberOfFrames(); ++I) {
        const DILineInfo &L = Info->getFrame(I);
        Frame F;
        if (L.FunctionName != DILineInfo::BadString)
          F.Function = L.FunctionName;
        if (L.FileName != DILineInfo::BadString) {
          F.File = L.FileName;
          F.Line = L.Line;
          F.Column = L.Column;
        }
        F.Object = File;
        Out.push_back(std::move(F));
      }
    }
  }
  if (Out.empty())
    Out.push_back(Frame{"", "", 0, 0, File});
  return Out;
}

} // namespace report
} // namespace sizespec
