//===- LoadCheck.cpp - Stop at once if loaded into the wrong Clang --------===//
//
// A plugin works only in the Clang it was built against: loaded into
// another, it registers nowhere (a silent no-op) or calls functions that are
// not there (a dynamic-linker error, or a crash). So before anything else of
// the plugin runs, this asks the loading Clang its version and, if the major
// version differs, prints one line naming both and the plugin that fits,
// then ends the compile. It uses no Clang or LLVM symbol itself.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace {

/// The major version in a version text ("Debian clang version 22.1.8 (...)",
/// or a library name "libclang-cpp.so.22.1"), 0 if none.
int majorAfter(const char *Text, const char *Marker) {
  const char *At = std::strstr(Text, Marker);
  return At ? std::atoi(At + std::strlen(Marker)) : 0;
}

/// The loading Clang's full version, from clang::getClangFullVersion() (it
/// has had this signature in every Clang that loads plugins).
std::string hostVersionText() {
  using VersionFn = std::string (*)();
  void *Sym = dlsym(RTLD_DEFAULT, "_ZN5clang19getClangFullVersionB5cxx11Ev");
  return Sym ? reinterpret_cast<VersionFn>(Sym)() : std::string();
}

int libraryMajor(struct dl_phdr_info *Info, size_t, void *Out) {
  if (Info->dlpi_name)
    if (int M = majorAfter(Info->dlpi_name, "libclang-cpp.so.")) {
      *static_cast<int *>(Out) = M;
      return 1;
    }
  return 0;
}

/// The loading Clang's major version, 0 if it cannot be told; \p Version
/// gets its full version ("22.1.8") where known.
int hostMajor(std::string &Version) {
  std::string Text = hostVersionText();
  if (std::size_t At = Text.find("version "); At != std::string::npos) {
    Version = Text.substr(At + 8, Text.find(' ', At + 8) - (At + 8));
    if (int M = std::atoi(Version.c_str()))
      return M;
  }
  int M = 0;
  dl_iterate_phdr(libraryMajor, &M);
  Version = std::to_string(M);
  return M;
}

/// Where this shared object was loaded from.
std::string selfPath() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&selfPath), &Info) || !Info.dli_fname)
    return "sizespec-plugin.so";
  return Info.dli_fname;
}

/// The plugin built for Clang \p Major beside this one: plugins live in
/// <libdir>/sizespec/clang-<major>/, and <libdir>/sizespec/ may hold a link
/// to the default one. Empty if there is none.
std::string pluginFor(int Major, const std::string &Self) {
  std::string Dir = Self.substr(0, Self.rfind('/') + 1);
  std::string Base = Dir;
  std::size_t Slash = Dir.rfind('/', Dir.size() - 2);
  if (Slash != std::string::npos && Dir.compare(Slash + 1, 6, "clang-") == 0)
    Base = Dir.substr(0, Slash + 1);
  std::string Candidate =
      Base + "clang-" + std::to_string(Major) + "/sizespec-plugin.so";
  struct stat St;
  return stat(Candidate.c_str(), &St) == 0 ? Candidate : std::string();
}

__attribute__((constructor(101))) void checkLoadingClang() {
  std::string HostVersion;
  int Host = hostMajor(HostVersion);
  if (Host == 0 || Host == SIZESPEC_CLANG_MAJOR)
    return;
  std::string Self = selfPath();
  std::string Fits = pluginFor(Host, Self);
  std::string Hint = Fits.empty() ? "sizespec has no plugin for Clang " +
                                        std::to_string(Host) +
                                        " here (build sizespec with it)"
                                  : "use " + Fits;
  std::string Line = "sizespec: error: " + Self + " is built for Clang " +
                     SIZESPEC_CLANG_VERSION + " but the compiler is Clang " +
                     HostVersion + "; " + Hint + "\n";
  // Not a Clang diagnostic: nothing of Clang may be called from here.
  ssize_t Ignored = write(STDERR_FILENO, Line.data(), Line.size());
  (void)Ignored;
  _exit(1);
}

} // namespace
