//===- HtmlFormat.cpp - The merged report as one self-contained page ------===//
//
// One file, no network: inline style, script and SVG, so the page opens from
// a CI artifact. From the top: the picture (HtmlCharts.cpp), the run's
// allocations (--profile, HtmlProfile.cpp), what to shrink (Shrink.h),
// the run's counts (--stats), the compiles' settings, files, sites, and the
// annotated sources (HtmlSource.cpp). It fits a 1400 px window and prints.
//
//===----------------------------------------------------------------------===//

#include "Formats.h"
#include "Html.h"
#include "Shrink.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

using html::escape;

const char *plural(std::uint64_t N) { return N == 1 ? "" : "s"; }

/// What every part of the page needs to show a path.
struct Paths {
  /// Paths below it are shown relative to it: --source-dir, or the
  /// directory all the user's files are under (commonDirectory). Never the
  /// current directory: the page is the same from wherever it is made.
  std::string Base;
  /// The files whose annotated source the page holds, by their id.
  std::map<StringRef, unsigned> Readable;

  /// A path as the page shows it: `..` folded (the GCC installation's
  /// include paths spell them), relative to Base below it. Records keep the
  /// path as Clang spelled it.
  std::string display(StringRef File) const {
    SmallString<256> P(File);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    StringRef Rest = P;
    if (!Base.empty() && Rest.consume_front(Base) && Rest.consume_front("/"))
      return Rest.str();
    return P.str().str();
  }

  std::string location(const SiteRecord &S) const {
    return formatv("{0}:{1}:{2}", display(S.File), S.Line, S.Column).str();
  }

  /// The site's location, linked to its annotated source line when the
  /// page holds the file.
  std::string link(const SiteRecord &S) const {
    auto It = Readable.find(S.File);
    if (It == Readable.end())
      return "<code>" + escape(location(S)) + "</code>";
    return formatv("<a href=\"#src-{0}-{1}\"><code>{2}</code></a>", It->second,
                   S.Line, escape(location(S)))
        .str();
  }
};

/// The deepest directory that holds every absolute path of the sites
/// outside the system's headers; empty if there is none.
std::string commonDirectory(const Report &R) {
  std::optional<SmallString<256>> Common;
  for (const MergedSite &M : R.Sites) {
    if (!sys::path::is_absolute(M.S.File) || html::isSystemPath(M.S.File))
      continue;
    SmallString<256> Dir(M.S.File);
    sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    sys::path::remove_filename(Dir);
    if (!Common) {
      Common = Dir;
      continue;
    }
    // Shorten Common to the components it shares with Dir.
    SmallString<256> Shared;
    for (auto A = sys::path::begin(*Common), AE = sys::path::end(*Common),
              B = sys::path::begin(Dir), BE = sys::path::end(Dir);
         A != AE && B != BE && *A == *B; ++A, ++B)
      sys::path::append(Shared, *A);
    *Common = Shared;
  }
  return Common ? Common->str().str() : "";
}

void printHeader(const Report &R, std::uint64_t Limit, raw_ostream &OS) {
  const Summary &C = R.Counts;
  unsigned Generic = 0, NotEligible = 0;
  for (const MergedSite &M : R.Sites) {
    SiteKind K = kindOf(M.S);
    Generic += K == SiteKind::Generic;
    NotEligible += K == SiteKind::NotEligible;
  }
  std::string Removed =
      C.Removed ? formatv(", {0} removed by the optimizer", C.Removed).str()
                : std::string();
  OS << formatv(
      "<p class=\"lead\" id=\"totals\" data-sites=\"{0}\" "
      "data-specialized=\"{1}\">{0} site{2} from {3} translation unit{4}: "
      "<strong>{1} specialized</strong>, {5} on the generic path, "
      "{6} not eligible{12}; size limit {7} B. {8} duplicate record{9} "
      "merged; {10} conflicting site{11}.</p>\n",
      C.Sites, C.Specialized, plural(C.Sites), C.Units, plural(C.Units),
      Generic, NotEligible, Limit, C.DuplicatesMerged,
      plural(C.DuplicatesMerged), C.Conflicts, plural(C.Conflicts),
      escape(Removed));
}

void printShrink(const Report &R, std::uint64_t Limit, const Paths &P,
                 const ProfileView *Profile, raw_ostream &OS) {
  std::vector<ShrinkRow> Rows = shrinkRows(R, Limit, Profile);
  OS << "<section id=\"what-to-shrink\"><h2>What to shrink</h2>\n"
        "<p class=\"note\">Types just over a class boundary or the limit, one "
        "row each with its sites: a type this many bytes smaller takes the "
        "next smaller class (less memory per object), or, over the limit, a "
        "specialized routine. "
     << (Profile ? "Ranked by the bytes the run would not have allocated."
                 : "Fewest bytes to shed first; with --profile, ranked by "
                   "what the run would save.")
     << "</p>\n";
  if (Rows.empty()) {
    OS << "<p>No site has a known size above the smallest class.</p>"
          "</section>\n";
    return;
  }
  OS << "<table id=\"shrink\" class=\"wide sortable\"><thead><tr>"
        "<th data-type=\"n\" style=\"width:7em\">bytes to shed</th>"
        "<th>type</th><th style=\"width:6em\" data-type=\"n\">size</th>"
        "<th style=\"width:10em\">now</th><th style=\"width:12em\">then</th>";
  if (Profile)
    OS << "<th data-type=\"n\" style=\"width:8em\">allocations</th>"
          "<th data-type=\"n\" style=\"width:7em\">bytes saved</th>";
  OS << "<th data-type=\"n\" style=\"width:4em\">sites</th><th>where</th>"
        "</tr></thead><tbody>\n";
  constexpr std::size_t kShownPlaces = 6;
  for (const ShrinkRow &Row : ArrayRef(Rows).take_front(kHotRows)) {
    std::string Then =
        (Row.Now ? "" : "specialized, ") + shrinkClassName(Row.Into);
    std::vector<std::string> Where;
    for (const MergedSite *M : ArrayRef(Row.Sites).take_front(kShownPlaces))
      Where.push_back(P.link(M->S));
    if (Row.Sites.size() > kShownPlaces)
      Where.push_back(formatv("and {0} more", Row.Sites.size() - kShownPlaces));
    OS << formatv("<tr data-over=\"{0}\" data-type=\"{1}\" "
                  "data-sites=\"{2}\" data-saved=\"{3}\"><td class=\"n\">{0} "
                  "B</td><td><code>{1}</code></td><td class=\"n\" "
                  "data-sort=\"{4}\">{4} B</td><td>{5}</td><td>{6}</td>",
                  Row.Over, escape(Row.Type), Row.Sites.size(),
                  std::llround(Row.BytesSaved), Row.Size,
                  escape(shrinkClassName(Row.Now)), escape(Then));
    if (Profile)
      OS << formatv(
          "<td class=\"n\" data-sort=\"{0}\">{1}</td>"
          "<td class=\"n\" data-sort=\"{2}\">{3}</td>",
          std::llround(Row.Allocations), escape(estimateWord(Row.Allocations)),
          std::llround(Row.BytesSaved), escape(byteWord(Row.BytesSaved)));
    OS << formatv("<td class=\"n\">{0}</td><td>{1}</td></tr>\n",
                  Row.Sites.size(), join(Where, ", "));
  }
  OS << "</tbody></table></section>\n";
}

void printRun(const Report &R, const RunStats &Run, raw_ostream &OS) {
  std::uint64_t Spec = 0, Gen = 0;
  std::vector<RunJoin> Rows = joinRun(R, Run);
  OS << "<section id=\"run\"><h2>One run of the program</h2>\n";
  OS << formatv("<p class=\"note\">From its SIZESPEC_STATS table (mode {0}): "
                "the allocations the run made in each class and kind, "
                "through the specialized routines and the generic path, next "
                "to the specialized sites that feed them.</p>\n",
                escape(Run.Mode));
  OS << "<table id=\"run-stats\" class=\"sortable\"><thead><tr>"
        "<th data-type=\"n\">class</th><th data-type=\"n\">size</th>"
        "<th>kind</th><th data-type=\"n\">specialized sites</th>"
        "<th data-type=\"n\">allocations</th>"
        "<th data-type=\"n\">through specialized routines</th>"
        "<th data-type=\"n\">through the generic path</th></tr></thead>"
        "<tbody>\n";
  for (const RunJoin &J : Rows) {
    Spec += J.Specialized;
    Gen += J.Generic;
    OS << formatv("<tr data-class=\"{0}\" data-kind=\"{2}\"><td class=\"n\">"
                  "{0}</td><td class=\"n\" data-sort=\"{1}\">{1} B</td>"
                  "<td>{2}</td><td class=\"n\">{3}</td><td class=\"n\">{4}</td>"
                  "<td class=\"n\">{5}</td><td class=\"n\">{6}</td></tr>\n",
                  runClassName(J.Class), runClassSize(J.Class),
                  J.Scan ? "scan" : "noscan", J.SpecializedSites, J.Allocations,
                  J.Specialized, J.Generic);
  }
  OS << formatv("</tbody><tfoot><tr><td colspan=\"5\">all classes; and {0} "
                "large allocation{1} (system allocator)</td>"
                "<td class=\"n\" id=\"run-specialized\">{2}</td>"
                "<td class=\"n\" id=\"run-generic\">{3}</td></tr></tfoot>"
                "</table></section>\n",
                Run.LargeAllocations, plural(Run.LargeAllocations), Spec, Gen);
}

void printCompiles(const Report &R, raw_ostream &OS) {
  OS << "<section id=\"compiles\"><h2>Compiles</h2>\n"
        "<table id=\"settings\"><thead><tr><th>settings</th>"
        "<th>translation units</th></tr></thead><tbody>\n";
  for (const auto &[Settings, N] : R.Compiles)
    OS << formatv("<tr><td><code>{0}</code></td><td class=\"n\">{1}</td>"
                  "</tr>\n",
                  escape(Settings.empty() ? "(none recorded)" : Settings), N);
  OS << "</tbody></table></section>\n";
}

void printFiles(const Report &R, const Paths &P, raw_ostream &OS) {
  struct FileCounts {
    unsigned Sites = 0, Specialized = 0, Generic = 0, NotEligible = 0,
             Removed = 0;
    std::map<std::string, unsigned> Reasons;
  };
  std::map<StringRef, FileCounts> Files;
  for (const MergedSite &M : R.Sites) {
    FileCounts &F = Files[M.S.File];
    ++F.Sites;
    switch (kindOf(M.S)) {
    case SiteKind::Specialized:
      ++F.Specialized;
      break;
    case SiteKind::Generic:
      ++F.Generic;
      break;
    case SiteKind::NotEligible:
      ++F.NotEligible;
      break;
    case SiteKind::Removed:
      ++F.Removed;
      break;
    }
    if (!M.S.Specialized)
      ++F.Reasons[M.S.Reason];
  }
  OS << "<section id=\"by-file\"><h2>Files</h2>\n";
  if (!P.Base.empty())
    OS << "<p class=\"note\">Paths below <code>" << escape(P.Base)
       << "</code> are shown relative to it.</p>\n";
  OS << "<table id=\"files\" class=\"wide sortable\"><thead><tr><th>file</th>"
        "<th data-type=\"n\" style=\"width:5em\">sites</th>"
        "<th data-type=\"n\" style=\"width:7em\">specialized</th>"
        "<th data-type=\"n\" style=\"width:6em\">generic</th>"
        "<th data-type=\"n\" style=\"width:7em\">not eligible</th>"
        "<th data-type=\"n\" style=\"width:6em\">removed</th>"
        "<th>not specialized, by reason</th></tr></thead><tbody>\n";
  for (const auto &[File, F] : Files) {
    std::vector<std::string> Reasons;
    for (const auto &[Reason, N] : F.Reasons)
      Reasons.push_back(formatv("{0} {1}", Reason, N).str());
    auto It = P.Readable.find(File);
    std::string Name =
        It == P.Readable.end()
            ? "<code>" + escape(P.display(File)) + "</code>"
            : formatv("<a href=\"#src-{0}\" data-file-filter=\"{1}\">"
                      "<code>{2}</code></a>",
                      It->second, escape(File), escape(P.display(File)))
                  .str();
    OS << formatv("<tr data-file=\"{0}\"><td>{1}</td><td class=\"n\">{2}</td>"
                  "<td class=\"n\">{3}</td><td class=\"n\">{4}</td>"
                  "<td class=\"n\">{5}</td><td class=\"n\">{6}</td>"
                  "<td>{7}</td></tr>\n",
                  escape(File), Name, F.Sites, F.Specialized, F.Generic,
                  F.NotEligible, F.Removed, escape(join(Reasons, ", ")));
  }
  OS << "</tbody></table></section>\n";
}

/// A <select> over the values one column of the site table takes.
void printSelect(raw_ostream &OS, StringRef Id, StringRef Label,
                 const std::set<std::string> &Values) {
  OS << formatv("<label>{0} <select id=\"filter-{1}\"><option value=\"\">"
                "all</option>",
                Label, Id);
  for (const std::string &V : Values)
    OS << formatv("<option value=\"{0}\">{0}</option>", escape(V));
  OS << "</select></label>\n";
}

void printSites(const Report &R, const Paths &P, raw_ostream &OS) {
  std::set<std::string> Reasons, Forms, Classes;
  for (const MergedSite &M : R.Sites) {
    if (!M.S.Specialized)
      Reasons.insert(M.S.Reason);
    Forms.insert(M.S.Form);
    if (M.S.Class)
      Classes.insert(std::to_string(*M.S.Class));
  }
  OS << "<section id=\"site-list\"><h2>Sites</h2>\n<div class=\"filters\">\n";
  printSelect(OS, "status", "status",
              {"specialized", "not-specialized", "removed"});
  printSelect(OS, "reason", "reason", Reasons);
  // Numeric order for classes.
  std::vector<std::string> ByNumber(Classes.begin(), Classes.end());
  llvm::sort(ByNumber, [](const std::string &A, const std::string &B) {
    return std::stoul(A) < std::stoul(B);
  });
  OS << "<label>class <select id=\"filter-class\"><option value=\"\">all"
        "</option>";
  for (const std::string &C : ByNumber)
    OS << formatv("<option value=\"{0}\">{0} ({1} B)</option>", C,
                  class_size(std::stoul(C)));
  OS << "</select></label>\n";
  printSelect(OS, "form", "form", Forms);
  OS << formatv("<label>file <input id=\"filter-file\" type=\"search\" "
                "placeholder=\"part of a path\"></label>\n"
                "<span><span id=\"shown-count\">{0}</span> of {0} shown"
                "</span>\n</div>\n",
                R.Sites.size());
  OS << "<table id=\"sites\" class=\"wide sortable\"><thead><tr>"
        "<th style=\"width:22%\">location</th><th style=\"width:20%\">site"
        "</th><th data-type=\"n\" style=\"width:5em\">size</th>"
        "<th data-type=\"n\" style=\"width:4em\">class</th>"
        "<th style=\"width:5em\">kind</th><th style=\"width:8em\">status</th>"
        "<th>routine or reason</th><th style=\"width:14%\">translation units"
        "</th></tr></thead><tbody>\n";
  for (const MergedSite &M : R.Sites) {
    const SiteRecord &S = M.S;
    std::vector<std::string> TUs;
    for (const Origin &O : M.Origins)
      TUs.push_back(O.MainFile);
    OS << formatv("<tr class=\"{0}{1}\" data-status=\"{0}\" "
                  "data-reason=\"{2}\" data-class=\"{3}\" data-form=\"{4}\" "
                  "data-file=\"{5}\">",
                  statusCode(S), M.Conflict ? " conflict" : "",
                  escape(S.Reason),
                  S.Class ? std::to_string(*S.Class) : std::string(),
                  escape(S.Form), escape(S.File));
    OS << "<td data-sort=\"" << escape(P.location(S)) << "\">" << P.link(S)
       << "</td>";
    OS << "<td><code>" << escape(S.Describe) << "</code></td>";
    OS << "<td class=\"n\" data-sort=\"" << S.Size.value_or(0) << "\">"
       << (S.Size ? formatv("{0} B", *S.Size).str() : std::string("?"))
       << "</td>";
    OS << "<td class=\"n\">"
       << (S.Class ? std::to_string(*S.Class) : std::string("?")) << "</td>";
    OS << "<td>" << scanWord(S) << "</td>";
    OS << "<td class=\"status\">"
       << (S.removed()     ? "removed by the optimizer"
           : S.Specialized ? "specialized"
                           : "not specialized")
       << "</td>";
    if (S.Specialized) {
      OS << "<td><code>" << escape(S.Routine) << "</code>";
      if (std::string Note = outcomeNote(S); !Note.empty())
        OS << "<br><small>" << escape(Note) << "</small>";
      OS << "</td>";
    } else
      OS << "<td>" << escape(S.Reason) << ": "
         << escape(S.Message.empty() ? S.Reason : S.Message) << "</td>";
    OS << "<td>" << escape(join(TUs, ", "));
    if (M.Conflict)
      OS << " <strong>(translation units disagree on this site: "
         << escape(originList(M)) << ")</strong>";
    OS << "</td></tr>\n";
  }
  OS << "</tbody></table></section>\n";
}

} // namespace

void printHtml(const Report &R, const OutputOptions &Opts, raw_ostream &OS) {
  std::uint64_t Limit = commonLimit(R);
  std::vector<html::SourceFile> Sources =
      Opts.ShowSites ? html::loadSources(R, Opts.SourceDir)
                     : std::vector<html::SourceFile>();
  Paths P;
  if (Opts.SourceDir.empty()) {
    P.Base = commonDirectory(R);
  } else {
    SmallString<256> Base(Opts.SourceDir);
    sys::fs::make_absolute(Base);
    sys::path::remove_dots(Base, /*remove_dot_dot=*/true);
    P.Base = Base.str().str();
  }
  for (const html::SourceFile &F : Sources)
    if (F.Text)
      P.Readable[F.Path] = F.Id;

  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n<meta name=\"viewport\" "
        "content=\"width=device-width\">\n"
        "<title>sizespec report</title>\n<style>"
     << html::kStyle << "</style>\n</head>\n<body>\n<h1>sizespec report</h1>\n";
  for (const InputError &E : Opts.Errors)
    OS << "<p class=\"error\">error: " << escape(E.Path) << ": "
       << escape(E.Message) << "</p>\n";
  printHeader(R, Limit, OS);
  if (Opts.ShowSummary) {
    html::printCharts(R, Limit, OS);
    if (Opts.Profile)
      html::printProfile(
          R, *Opts.Profile, [&](const SiteRecord &S) { return P.link(S); }, OS);
    printShrink(R, Limit, P, Opts.Profile, OS);
    if (Opts.Run)
      printRun(R, *Opts.Run, OS);
    printCompiles(R, OS);
  }
  if (Opts.ShowSites) {
    printFiles(R, P, OS);
    printSites(R, P, OS);
    html::printSources(R, Sources, OS);
  }
  OS << "<script>" << html::kScript << "</script>\n</body>\n</html>\n";
}

namespace html {

std::string escape(StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

} // namespace html
} // namespace report
} // namespace sizespec
