//===- HtmlFormat.cpp - The merged report as one self-contained page ------===//
//
// No scripts, no external style sheets or fonts: the page opens from a CI
// artifact without network access. Every string from a sidecar is escaped.
//
//===----------------------------------------------------------------------===//

#include "Formats.h"

#include "sizespec/size_classes.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace sizespec {
namespace report {
namespace {

/// Escapes text for an HTML element body or a quoted attribute value.
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

constexpr const char *kStyle = R"css(
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
th { background: #f2f2f2; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
code { font-family: ui-monospace, monospace; }
tr.specialized td.status { color: #176117; }
tr.not-specialized td.status { color: #9a4a00; }
tr.conflict { background: #fff4d6; }
p.error { color: #a00000; }
)css";

void countRow(raw_ostream &OS, StringRef Label, unsigned N) {
  OS << "<tr><td>" << escape(Label) << "</td><td class=\"n\">" << N
     << "</td></tr>\n";
}

void printSummary(const Summary &C, raw_ostream &OS) {
  OS << "<h2>Summary</h2>\n";
  OS << formatv("<p>{0} site{1} from {2} sidecar{3}; {4} duplicate "
                "record{5} merged; {6} conflicting site{7}.</p>\n",
                C.Sites, C.Sites == 1 ? "" : "s", C.Sidecars,
                C.Sidecars == 1 ? "" : "s", C.DuplicatesMerged,
                C.DuplicatesMerged == 1 ? "" : "s", C.Conflicts,
                C.Conflicts == 1 ? "" : "s");
  OS << "<table id=\"by-status\">\n<tr><th>status</th><th>sites</th></tr>\n";
  countRow(OS, "specialized", C.Specialized);
  countRow(OS, "not specialized", C.NotSpecialized);
  OS << "</table>\n";

  OS << "<h2>Specialized sites by class</h2>\n<table id=\"by-class\">\n"
        "<tr><th>class</th><th>size</th><th>scan</th><th>noscan</th></tr>\n";
  for (const auto &[Class, Counts] : C.ByClass)
    OS << formatv("<tr><td class=\"n\">{0}</td><td class=\"n\">{1} B</td>"
                  "<td class=\"n\">{2}</td><td class=\"n\">{3}</td></tr>\n",
                  Class, class_size(Class), Counts.first, Counts.second);
  OS << "</table>\n";

  OS << "<h2>Not specialized, by reason</h2>\n<table id=\"by-reason\">\n"
        "<tr><th>reason</th><th>sites</th><th>meaning</th></tr>\n";
  for (const auto &[Reason, N] : C.ByReason)
    OS << "<tr><td>" << escape(Reason) << "</td><td class=\"n\">" << N
       << "</td><td>" << escape(reasonDescription(Reason)) << "</td></tr>\n";
  OS << "</table>\n";

  OS << "<h2>Sites by form</h2>\n<table id=\"by-form\">\n"
        "<tr><th>form</th><th>sites</th></tr>\n";
  for (const auto &[Form, N] : C.ByForm)
    countRow(OS, Form, N);
  OS << "</table>\n";
}

void printSites(const Report &R, raw_ostream &OS) {
  OS << "<h2>Sites</h2>\n<table id=\"sites\">\n"
        "<tr><th>location</th><th>site</th><th>size</th><th>class</th>"
        "<th>kind</th><th>status</th><th>routine or reason</th>"
        "<th>translation units</th></tr>\n";
  for (const MergedSite &M : R.Sites) {
    const SiteRecord &S = M.S;
    OS << "<tr class=\"" << statusCode(S) << (M.Conflict ? " conflict" : "")
       << "\">";
    OS << "<td><code>"
       << escape(formatv("{0}:{1}:{2}", S.File, S.Line, S.Column).str())
       << "</code></td>";
    OS << "<td><code>" << escape(S.Describe) << "</code></td>";
    OS << "<td class=\"n\">"
       << (S.Size ? formatv("{0} B", *S.Size).str() : std::string("?"))
       << "</td>";
    OS << "<td class=\"n\">"
       << (S.Class ? std::to_string(*S.Class) : std::string("?")) << "</td>";
    OS << "<td>" << scanWord(S) << "</td>";
    OS << "<td class=\"status\">"
       << (S.Specialized ? "specialized" : "not specialized") << "</td>";
    if (S.Specialized)
      OS << "<td><code>" << escape(S.Routine) << "</code></td>";
    else
      OS << "<td>" << escape(S.Reason) << ": "
         << escape(S.Message.empty() ? S.Reason : S.Message) << "</td>";
    OS << "<td>" << escape(originList(M));
    if (M.Conflict)
      OS << " <strong>(translation units disagree on this site)</strong>";
    OS << "</td></tr>\n";
  }
  OS << "</table>\n";
}

} // namespace

void printHtml(const Report &R, const OutputOptions &Opts, raw_ostream &OS) {
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n"
        "<title>sizespec report</title>\n<style>"
     << kStyle << "</style>\n</head>\n<body>\n<h1>sizespec report</h1>\n";
  for (const InputError &E : Opts.Errors)
    OS << "<p class=\"error\">error: " << escape(E.Path) << ": "
       << escape(E.Message) << "</p>\n";
  if (Opts.ShowSummary)
    printSummary(R.Counts, OS);
  if (Opts.ShowSites)
    printSites(R, OS);
  OS << "</body>\n</html>\n";
}

} // namespace report
} // namespace sizespec
