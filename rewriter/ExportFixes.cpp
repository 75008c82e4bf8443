//===- ExportFixes.cpp - Replacements for clang-apply-replacements --------===//

#include "ExportFixes.h"
#include "FileWrite.h"

#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/YAMLTraits.h"

using namespace llvm;

namespace sizespec::rewriter {

Error exportFixes(StringRef Path, ArrayRef<FileChange> Changes) {
  clang::tooling::TranslationUnitReplacements TUR;
  for (const FileChange &C : Changes) {
    if (!C.Error.empty())
      continue;
    if (TUR.MainSourceFile.empty())
      TUR.MainSourceFile = C.File;
    for (const Edit &E : C.Edits)
      TUR.Replacements.emplace_back(E.File, E.Offset, E.Length, E.Text);
  }
  std::string Text;
  raw_string_ostream OS(Text);
  yaml::Output YAML(OS);
  YAML << TUR;
  OS.flush();
  // The fixes file is ours to create: write it whole, like the sources.
  if (!sys::fs::exists(Path)) {
    std::error_code EC;
    raw_fd_ostream Out(Path, EC);
    if (EC)
      return createStringError(EC,
                               "cannot write '" + Path + "': " + EC.message());
    Out << Text;
    Out.close();
    if (Out.has_error()) {
      std::error_code WEC = Out.error();
      Out.clear_error();
      return createStringError(WEC,
                               "cannot write '" + Path + "': " + WEC.message());
    }
    return Error::success();
  }
  return writeFileAtomically(Path, Text);
}

} // namespace sizespec::rewriter
