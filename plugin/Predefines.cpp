//===- Predefines.cpp - What the plugin adds to every translation unit ----===//

#include "Predefines.h"
#include "Version.h"

#include "sizespec/model/Stamp.h"

#include <sizespec/bins.h>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>

namespace sizespec {
namespace {

/// A C string literal for \p S (paths may hold quotes or backslashes).
std::string quoted(llvm::StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

} // namespace

std::string pluginPath() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&markersHeaderPath), &Info) == 0 ||
      !Info.dli_fname)
    return "";
  return Info.dli_fname;
}

std::string markersHeaderPath() {
  // <prefix>/lib/sizespec[/clang-N]/sizespec-plugin.so -> <prefix>/include
  llvm::SmallString<256> Path(pluginPath());
  if (!Path.empty()) {
    llvm::sys::fs::make_absolute(Path);
    llvm::sys::path::remove_filename(Path); // lib/sizespec[/clang-N]
    if (llvm::sys::path::filename(Path).starts_with("clang-"))
      llvm::sys::path::remove_filename(Path); // lib/sizespec
    llvm::sys::path::remove_filename(Path);   // lib
    llvm::sys::path::remove_filename(Path);   // <prefix>
    llvm::sys::path::append(Path, "include", "sizespec", "site_markers.h");
    if (llvm::sys::fs::exists(Path))
      return std::string(Path);
  }
  llvm::SmallString<256> Source(SIZESPEC_SOURCE_INCLUDE_DIR);
  llvm::sys::path::append(Source, "sizespec", "site_markers.h");
  return std::string(Source);
}

std::string stampRecord(const PluginOptions &Opts) {
  StampSettings S;
  S.Plugin = kPluginVersion;
  S.Clang = kClangVersion;
  S.Off = Opts.Off;
  S.Max = Opts.Max;
  S.Sanitizer = Opts.Sanitizer;
  S.Hardened = Opts.Hardened;
  return encodeStamp(S);
}

std::string predefinesText(const PluginOptions &Opts, bool IncludeRuntime) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  // A line marker with flag 3: what follows, and what it includes, is a
  // system header, so user warning flags (-Wall -Werror ...) stay quiet.
  OS << "# 1 \"<sizespec>\" 3\n";
  if (IncludeRuntime)
    OS << "#include " << quoted(markersHeaderPath()) << "\n";
  // `retain` keeps the section through the linker's --gc-sections.
  OS << "static const char __sizespec_stamp[] "
        "__attribute__((__used__, __retain__, __section__(\""
     << kStampSection << "\"))) = " << quoted(stampRecord(Opts)) << ";\n";
  // Code with plain links works only with a runtime whose keys are 1: a
  // definition the runtime looks for at start-up (a weak reference), one
  // per program however many objects carry it.
  if (!Opts.Hardened && !Opts.Off)
    OS << "char __sizespec_unhardened_marker __asm__(\""
       << SIZESPEC_UNHARDENED_MARKER
       << "\") __attribute__((__weak__, __used__, __retain__, "
          "__visibility__(\"default\")));\n";
  return Out;
}

} // namespace sizespec
