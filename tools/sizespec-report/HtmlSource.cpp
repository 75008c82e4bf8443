//===- HtmlSource.cpp - Sources with their sites annotated ----------------===//
//
// As opt-viewer shows optimization remarks: each file's lines, numbered,
// and under a line that holds a site, its verdict, indented to the site's
// column. Each file is a <details> element, closed until opened from the
// file table, a site's location, or for printing.
//
//===----------------------------------------------------------------------===//

#include "Html.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

using namespace llvm;

namespace sizespec {
namespace report {
namespace html {
namespace {

constexpr std::uint64_t kMaxSourceBytes = 2 * 1024 * 1024;

std::optional<std::string> readSource(StringRef Path, StringRef SourceDir) {
  SmallString<256> Full(Path);
  if (!sys::path::is_absolute(Full) && !SourceDir.empty()) {
    Full = SourceDir;
    sys::path::append(Full, Path);
  }
  std::uint64_t Size;
  if (sys::fs::file_size(Full, Size) || Size > kMaxSourceBytes)
    return std::nullopt;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Full, /*IsText=*/true);
  if (!Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

} // namespace

// Sites there (containers, make_shared in libstdc++) are listed, but their
// text would make the page many megabytes.
bool isSystemPath(StringRef Path) {
  SmallString<256> P(Path);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  for (StringRef Dir : {"/usr/include/", "/usr/lib/", "/usr/local/include/"})
    if (StringRef(P).starts_with(Dir))
      return true;
  return false;
}

std::vector<SourceFile> loadSources(const Report &R, StringRef SourceDir) {
  std::set<std::string> Paths;
  for (const MergedSite &M : R.Sites)
    Paths.insert(M.S.File);
  std::vector<SourceFile> Out;
  for (const std::string &P : Paths) {
    SourceFile F;
    F.Path = P;
    F.Id = Out.size();
    F.System = isSystemPath(P);
    if (!F.System)
      F.Text = readSource(P, SourceDir);
    Out.push_back(std::move(F));
  }
  return Out;
}

void printSources(const Report &R, ArrayRef<SourceFile> Files,
                  raw_ostream &OS) {
  // The sites of each file, by line.
  std::map<StringRef, std::map<unsigned, std::vector<const MergedSite *>>>
      ByFile;
  for (const MergedSite &M : R.Sites)
    ByFile[M.S.File][M.S.Line].push_back(&M);

  OS << "<section id=\"sources\"><h2>Sources</h2>\n";
  unsigned Missing = 0, System = 0;
  for (const SourceFile &F : Files) {
    if (!F.Text) {
      ++(F.System ? System : Missing);
      continue;
    }
    const auto &Lines = ByFile[F.Path];
    OS << formatv("<details class=\"source\" id=\"src-{0}\" "
                  "data-file=\"{1}\"><summary><code>{1}</code> ({2} "
                  "line{3} with sites)</summary>\n"
                  "<table class=\"source\">\n",
                  F.Id, escape(F.Path), Lines.size(),
                  Lines.size() == 1 ? "" : "s");
    SmallVector<StringRef, 0> Text;
    StringRef(*F.Text).split(Text, '\n');
    for (unsigned L = 1; L <= Text.size(); ++L) {
      auto It = Lines.find(L);
      bool HasSite = It != Lines.end();
      OS << formatv("<tr id=\"src-{0}-{1}\"{2}><td class=\"ln\">{1}</td>"
                    "<td class=\"code\">{3}</td></tr>\n",
                    F.Id, L, HasSite ? " class=\"site-line\"" : "",
                    escape(Text[L - 1].rtrim('\r')));
      if (!HasSite)
        continue;
      for (const MergedSite *M : It->second)
        OS << formatv("<tr class=\"remark {0}\"><td></td><td class=\"code\">"
                      "{1}^ {2}</td></tr>\n",
                      kindName(kindOf(M->S)),
                      std::string(M->S.Column > 0 ? M->S.Column - 1 : 0, ' '),
                      escape(siteVerdict(M->S)));
    }
    OS << "</table></details>\n";
  }
  if (Missing)
    OS << formatv("<p class=\"note\">{0} file{1} with sites could not be "
                  "read here (give --source-dir for relative paths).</p>\n",
                  Missing, Missing == 1 ? "" : "s");
  if (System)
    OS << formatv("<p class=\"note\">{0} system header{1} with sites "
                  "(the standard library's containers and smart pointers) "
                  "not shown.</p>\n",
                  System, System == 1 ? "" : "s");
  OS << "</section>\n";
}

} // namespace html
} // namespace report
} // namespace sizespec
