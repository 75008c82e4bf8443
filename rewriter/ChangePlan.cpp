//===- ChangePlan.cpp - Per-file changes merged from all TUs --------------===//

#include "ChangePlan.h"

#include "clang/Format/Format.h"
#include "clang/Tooling/Inclusions/HeaderIncludes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

using namespace llvm;

namespace sizespec::rewriter {

namespace {

/// The edit that adds the include, if the file does not have it yet.
std::optional<Edit> includeEdit(StringRef File, StringRef Code) {
  auto Style = clang::format::getStyle("file", File, "LLVM", Code);
  clang::tooling::IncludeStyle IS;
  if (Style)
    IS = Style->IncludeStyle;
  else
    consumeError(Style.takeError());
  clang::tooling::HeaderIncludes Includes(File, Code, IS);
  std::optional<clang::tooling::Replacement> R =
      Includes.insert(RewriteHeader, /*IsAngled=*/true,
                      clang::tooling::IncludeDirective::Include);
  if (!R)
    return std::nullopt;
  std::string Text = R->getReplacementText().str();
  // Code (not a blank line or another directive) right below the include
  // gets a blank line between them.
  StringRef Next = Code.substr(R->getOffset());
  Next = Next.take_until([](char C) { return C == '\n'; }).trim();
  if (!Next.empty() && !Next.starts_with("#"))
    Text += "\n";
  return Edit{File.str(), R->getOffset(), R->getLength(), std::move(Text)};
}

} // namespace

std::vector<FileChange> planChanges(ArrayRef<TUResult> Results) {
  std::map<std::string, std::vector<Edit>> ByFile;
  std::map<std::string, std::uint64_t> Hash;
  std::map<std::string, std::string> Disagree;
  for (const TUResult &TU : Results) {
    for (const Edit &E : TU.Edits)
      ByFile[E.File].push_back(E);
    for (const auto &[File, H] : TU.ParsedHash) {
      auto [It, New] = Hash.emplace(File, H);
      if (!New && It->second != H)
        Disagree[File] = "it changed while translation units were parsed";
    }
  }

  std::vector<FileChange> Changes;
  for (auto &[File, Edits] : ByFile) {
    FileChange C;
    C.File = File;
    std::sort(Edits.begin(), Edits.end());
    Edits.erase(std::unique(Edits.begin(), Edits.end()), Edits.end());
    for (size_t I = 1; I < Edits.size(); ++I)
      if (Edits[I].Offset < Edits[I - 1].Offset + Edits[I - 1].Length ||
          Edits[I].Offset == Edits[I - 1].Offset)
        C.Error = "translation units disagree on how to rewrite it (the "
                  "same lines parse differently in different compiles)";

    auto Buf = MemoryBuffer::getFile(File, /*IsText=*/false,
                                     /*RequiresNullTerminator=*/false);
    if (!Buf) {
      C.Error = "cannot read it: " + Buf.getError().message();
    } else {
      C.Original = (*Buf)->getBuffer().str();
      if (xxh3_64bits(C.Original) != Hash[File])
        C.Error = "it changed since it was parsed; run the tool again";
    }
    if (auto It = Disagree.find(File); It != Disagree.end())
      C.Error = It->second;

    if (C.Error.empty()) {
      if (std::optional<Edit> Inc = includeEdit(File, C.Original)) {
        // The include goes before any edit at the same offset, so it stays
        // on a line of its own.
        auto Pos = std::lower_bound(
            Edits.begin(), Edits.end(), *Inc,
            [](const Edit &A, const Edit &B) { return A.Offset < B.Offset; });
        Edits.insert(Pos, *Inc);
      }
      C.Edits = std::move(Edits);
    }
    Changes.push_back(std::move(C));
  }
  return Changes;
}

} // namespace sizespec::rewriter
