//===- HtmlProfile.cpp - The page's section on a run's allocations --------===//
//
// With --profile: the run's totals, the hottest sites (and those not
// specialized) with their verdicts and what shedding bytes would move, and
// an icicle chart of the bytes allocated by stack, root at the top, drawn
// here as inline SVG like the page's other charts. A test reads the
// tables' rows (data-rank, data-allocations, data-status) and the chart's
// frames (data-frame, data-bytes, data-depth) from the DOM.
//
//===----------------------------------------------------------------------===//

#include "Html.h"
#include "Shrink.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace llvm;

namespace sizespec {
namespace report {
namespace html {
namespace {

/// One frame of the icicle chart: the bytes allocated below it, by status.
struct Node {
  std::string Name;
  double Bytes = 0;
  std::map<std::string, double> ByStatus;
  std::map<std::string, std::size_t> Index;
  std::vector<Node> Children;

  Node &child(const std::string &N) {
    auto [It, New] = Index.try_emplace(N, Children.size());
    if (New)
      Children.push_back(Node{N});
    return Children[It->second];
  }
  StringRef status() const {
    StringRef Best = "not-joined";
    double Most = -1;
    for (const auto &[S, B] : ByStatus)
      if (B > Most)
        std::tie(Best, Most) = std::pair(StringRef(S), B);
    return Best;
  }
};

constexpr unsigned kChartWidth = 1320, kRow = 17, kMaxRows = 40;

void drawNode(raw_ostream &OS, const Node &N, double X, double Width,
              unsigned Depth, double Total) {
  if (Width < 0.5 || Depth >= kMaxRows)
    return;
  unsigned Y = Depth * kRow;
  std::string Label = N.Name;
  std::size_t Fits = std::size_t(std::max(0.0, (Width - 6) / 6.5));
  if (Label.size() > Fits)
    Label = Fits > 2 ? Label.substr(0, Fits - 1) + "…" : "";
  OS << formatv("<g><rect class=\"frame {0}\" data-frame=\"{1}\" "
                "data-bytes=\"{2}\" data-depth=\"{3}\" x=\"{4:F1}\" y=\"{5}\" "
                "width=\"{6:F1}\" height=\"{7}\"><title>{1}: {8} ({9:F1}%)"
                "</title></rect>",
                N.status(), escape(N.Name), std::llround(N.Bytes), Depth, X, Y,
                Width, kRow - 1, escape(byteWord(N.Bytes)),
                100 * N.Bytes / Total);
  if (!Label.empty())
    OS << formatv("<text class=\"frame-label\" x=\"{0:F1}\" y=\"{1}\">{2}"
                  "</text>",
                  X + 3, Y + 12, escape(Label));
  OS << "</g>\n";
  // Children widest first, as speedscope's "left heavy" view.
  std::vector<const Node *> Kids;
  for (const Node &C : N.Children)
    Kids.push_back(&C);
  std::stable_sort(Kids.begin(), Kids.end(), [](const Node *A, const Node *B) {
    return A->Bytes > B->Bytes;
  });
  double At = X;
  for (const Node *C : Kids) {
    double W = Width * C->Bytes / N.Bytes;
    drawNode(OS, *C, At, W, Depth + 1, Total);
    At += W;
  }
}

void printIcicle(const ProfileView &P, raw_ostream &OS) {
  Node Root{"all allocations"};
  for (const HotStack &H : P.Stacks) {
    StringRef Status = hotStatus(H.Join);
    Node *N = &Root;
    N->Bytes += H.Bytes;
    N->ByStatus[Status.str()] += H.Bytes;
    for (auto It = H.Frames.rbegin(); It != H.Frames.rend(); ++It) {
      N = &N->child(frameName(*It));
      N->Bytes += H.Bytes;
      N->ByStatus[Status.str()] += H.Bytes;
    }
  }
  unsigned Depth = 0;
  std::vector<std::pair<const Node *, unsigned>> Work{{&Root, 0}};
  while (!Work.empty()) {
    auto [N, D] = Work.back();
    Work.pop_back();
    Depth = std::max(Depth, D + 1);
    for (const Node &C : N->Children)
      Work.push_back({&C, D + 1});
  }
  Depth = std::min(Depth, kMaxRows);
  OS << "<figure><figcaption>Bytes allocated, by stack (root at the top; "
        "each frame as wide as the bytes allocated below it; coloured by "
        "how its sites were dealt with)</figcaption>\n";
  OS << "<p class=\"legend\"><span class=\"key specialized\"></span>"
        "specialized <span class=\"key not-specialized\"></span>not "
        "specialized <span class=\"key removed\"></span>removed "
        "<span class=\"key no-plugin\"></span>built without the plugin "
        "<span class=\"key not-joined\"></span>no site joined</p>\n";
  OS << formatv("<svg id=\"flame\" class=\"chart icicle\" viewBox=\"0 0 {0} "
                "{1}\" role=\"img\" aria-label=\"bytes allocated by stack\">\n",
                kChartWidth, Depth * kRow);
  if (Root.Bytes > 0)
    drawNode(OS, Root, 0, kChartWidth, 0, Root.Bytes);
  OS << "</svg></figure>\n";
}

/// The shrink row a site is in, if any.
const ShrinkRow *rowOf(ArrayRef<ShrinkRow> Rows, const MergedSite *M) {
  for (const ShrinkRow &R : Rows)
    if (is_contained(R.Sites, M))
      return &R;
  return nullptr;
}

void printHotTable(raw_ostream &OS, StringRef Id, ArrayRef<const HotSite *> Hot,
                   ArrayRef<ShrinkRow> Shrink,
                   function_ref<std::string(const SiteRecord &)> Link) {
  OS << formatv("<table id=\"{0}\" class=\"wide sortable\"><thead><tr>"
                "<th data-type=\"n\" style=\"width:3em\">#</th>"
                "<th data-type=\"n\" style=\"width:10em\">allocations</th>"
                "<th data-type=\"n\" style=\"width:7em\">bytes</th>"
                "<th data-type=\"n\" style=\"width:5em\">samples</th>"
                "<th>site</th><th>verdict</th>"
                "<th style=\"width:16em\">to shed</th></tr></thead><tbody>\n",
                Id);
  for (auto [I, H] : enumerate(Hot)) {
    std::string Site, Shed;
    if (H->Site) {
      Site = Link(H->Site->S);
      if (H->Reached)
        Site = "<code>" + escape(hotWhere(*H)) + "</code>, from " + Site;
      if (const ShrinkRow *R = rowOf(Shrink, H->Site))
        Shed = escape(formatv("{0} B: {1} -> {2}", R->Over,
                              shrinkClassName(R->Now), shrinkClassName(R->Into))
                          .str());
    } else {
      Site = "<code>" + escape(H->Where) + "</code>";
    }
    OS << formatv("<tr data-rank=\"{0}\" data-allocations=\"{1}\" "
                  "data-sigma=\"{2}\" data-bytes=\"{3}\" data-status=\"{4}\" "
                  "data-where=\"{5}\"><td class=\"n\">{0}</td>"
                  "<td class=\"n\" data-sort=\"{1}\">{6} ± {7}</td>"
                  "<td class=\"n\" data-sort=\"{3}\">{8}</td>"
                  "<td class=\"n\">{9}</td><td>{10}</td><td>{11}</td>"
                  "<td>{12}</td></tr>\n",
                  I + 1, std::llround(H->Allocations), std::llround(H->Sigma),
                  std::llround(H->Bytes), hotStatus(*H), escape(hotWhere(*H)),
                  escape(estimateWord(H->Allocations)),
                  escape(estimateWord(H->Sigma)), escape(byteWord(H->Bytes)),
                  H->Samples, Site, escape(hotVerdict(*H)), Shed);
  }
  OS << "</tbody></table>\n";
}

} // namespace

void printProfile(const Report &R, const ProfileView &P,
                  function_ref<std::string(const SiteRecord &)> Link,
                  raw_ostream &OS) {
  const ProfileData &D = P.Data;
  OS << "<section id=\"profile\"><h2>The run's allocations</h2>\n";
  if (!D.None.empty()) {
    OS << "<p class=\"lead\" id=\"profile-totals\" data-samples=\"0\">No "
          "samples: "
       << escape(D.None) << "</p></section>\n";
    return;
  }
  OS << formatv("<p class=\"lead\" id=\"profile-totals\" data-samples=\"{0}\" "
                "data-rate=\"{1}\" data-allocations=\"{2}\" data-bytes=\"{3}\">"
                "A sampled profile of one run (mode {4}): {0} samples, one "
                "every {1} bytes allocated on average, standing for about "
                "{5} allocations and {6}.</p>\n",
                D.TotalSamples, D.Rate, std::llround(P.Allocations),
                std::llround(P.Bytes), escape(D.Mode),
                escape(estimateWord(P.Allocations)), escape(byteWord(P.Bytes)));
  if (!P.LineTables)
    OS << "<p class=\"error\">Some of the program's sampled code has no line "
          "tables, so its samples are not joined to sites: build with -g or "
          "-gline-tables-only.</p>\n";
  for (const std::string &Problem : P.Problems)
    OS << "<p class=\"error\">cannot symbolize " << escape(Problem) << "</p>\n";
  std::vector<ShrinkRow> Shrink = shrinkRows(R, commonLimit(R), &P);
  HotLists Lists = hotLists(P);
  OS << "<h3>Hottest sites</h3>\n<p class=\"note\">By estimated allocations "
        "(± one standard deviation), each with its verdict and, a few bytes "
        "over a class, what shedding them would move.</p>\n";
  printHotTable(OS, "hot-sites", Lists.Hottest, Shrink, Link);
  OS << "<h3>Hottest sites not specialized</h3>\n<p class=\"note\">The work "
        "left to do, with each site's reason; code without site records "
        "(libraries built without the plugin) too.</p>\n";
  printHotTable(OS, "hot-not-specialized", Lists.NotSpecialized, Shrink, Link);
  if (!Lists.NotJoined.empty()) {
    OS << "<h3>Hottest code not joined to a site</h3>\n<p class=\"note\">"
          "Whether it was specialized is not known: each row says why, and "
          "what to do.</p>\n";
    printHotTable(OS, "hot-not-joined", Lists.NotJoined, Shrink, Link);
  }
  printIcicle(P, OS);
  OS << "</section>\n";
}

} // namespace html
} // namespace report
} // namespace sizespec
