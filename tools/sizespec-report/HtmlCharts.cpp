//===- HtmlCharts.cpp - The page's picture, as inline SVG -----------------===//
//
// Drawn here, not in the browser: the charts need no script, print as they
// show, and a test reads their bars from the DOM (data-bucket, data-kind,
// data-value on each bar).
//
//===----------------------------------------------------------------------===//

#include "Html.h"

#include "sizespec/model/Codes.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <map>
#include <numeric>

using namespace llvm;

namespace sizespec {
namespace report {
namespace html {
namespace {

constexpr unsigned kBuckets = kRuntimeBucket;
constexpr SiteKind kKinds[] = {SiteKind::Specialized, SiteKind::Generic,
                               SiteKind::NotEligible, SiteKind::Removed};
constexpr unsigned kNumKinds = std::size(kKinds);

// Geometry of a histogram, in SVG user units (the page is 1400 px wide).
constexpr unsigned kWidth = 1320, kHeight = 230;
constexpr unsigned kLeft = 70, kBottom = 44, kTop = 24;
constexpr unsigned kSlot = (kWidth - kLeft - 10) / kBuckets;
constexpr unsigned kBar = kSlot - 8;

using Counts = std::array<std::array<std::uint64_t, kNumKinds>, kBuckets + 1>;

unsigned slotX(unsigned Bucket) { return kLeft + (Bucket - 1) * kSlot; }

void histogram(raw_ostream &OS, StringRef Id, StringRef Title,
               const Counts &Values, std::uint64_t Limit, bool Bytes) {
  std::uint64_t Max = 1;
  for (unsigned B = 1; B <= kBuckets; ++B)
    Max = std::max(Max, std::accumulate(Values[B].begin(), Values[B].end(),
                                        std::uint64_t(0)));
  auto Word = [&](std::uint64_t V) {
    return Bytes ? bytes(V) : std::to_string(V);
  };
  const unsigned PlotH = kHeight - kTop - kBottom;
  OS << formatv("<figure><figcaption>{0}</figcaption>\n"
                "<svg id=\"{1}\" class=\"chart\" viewBox=\"0 0 {2} {3}\" "
                "role=\"img\" aria-label=\"{0}\">\n",
                escape(Title), Id, kWidth, kHeight);
  // Axis and three ticks.
  OS << formatv("<line class=\"axis\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" "
                "y2=\"{1}\"/>\n",
                kLeft - 4, kTop + PlotH, kWidth - 6);
  for (unsigned T = 0; T <= 2; ++T) {
    std::uint64_t V = Max * T / 2;
    unsigned Y = kTop + PlotH - PlotH * T / 2;
    OS << formatv("<text class=\"tick\" x=\"{0}\" y=\"{1}\" "
                  "text-anchor=\"end\">{2}</text>\n",
                  kLeft - 8, Y + 4, escape(Word(V)));
  }
  for (unsigned B = 1; B <= kBuckets; ++B) {
    unsigned X = slotX(B);
    double Y = kTop + PlotH;
    for (unsigned K = 0; K < kNumKinds; ++K) {
      std::uint64_t V = Values[B][K];
      if (!V)
        continue;
      double H = double(PlotH) * double(V) / double(Max);
      Y -= H;
      StringRef Kind = kindName(kKinds[K]);
      OS << formatv("<rect class=\"bar {0}\" data-bucket=\"{1}\" "
                    "data-kind=\"{0}\" data-value=\"{2}\" x=\"{3}\" "
                    "y=\"{4:F1}\" width=\"{5}\" height=\"{6:F1}\">"
                    "<title>{7}: {8} {0}</title></rect>\n",
                    Kind, B, V, X, Y, kBar, H, escape(bucketLabel(B)),
                    escape(Word(V)));
    }
    // Class sizes under the axis, every other one where they crowd.
    if (B <= kNumClasses && B > 8 && B % 2)
      continue;
    // The last two labels are words; the second goes one line lower.
    OS << formatv("<text class=\"label\" x=\"{0}\" y=\"{1}\" "
                  "text-anchor=\"middle\">{2}</text>\n",
                  X + kBar / 2, kTop + PlotH + (B == kRuntimeBucket ? 30 : 16),
                  escape(bucketLabel(B)));
  }
  // The limit: between the last class it lets through and the next.
  unsigned Last = Limit == 0 ? 0 : class_of(Limit);
  if (Last == 0 && Limit > 0)
    Last = kNumClasses;
  unsigned LX = kLeft + Last * kSlot - 4;
  OS << formatv("<line class=\"limit\" data-limit=\"{0}\" x1=\"{1}\" "
                "y1=\"{2}\" x2=\"{1}\" y2=\"{3}\"/>\n"
                "<text class=\"limit-label\" x=\"{4}\" y=\"{5}\" "
                "text-anchor=\"end\">limit {0} B</text>\n",
                Limit, LX, kTop - 6, kTop + PlotH, LX - 4, kTop + 8);
  OS << "</svg></figure>\n";
}

void reasonsChart(raw_ostream &OS, const std::map<std::string, unsigned> &By) {
  OS << "<figure><figcaption>Not specialized, by reason</figcaption>\n";
  if (By.empty()) {
    OS << "<p>Every site is specialized.</p></figure>\n";
    return;
  }
  unsigned Max = 1;
  for (const auto &[Reason, N] : By)
    Max = std::max(Max, N);
  const unsigned Row = 22, Label = 260, BarW = 700;
  OS << formatv("<svg id=\"reasons-chart\" class=\"chart\" viewBox=\"0 0 {0} "
                "{1}\" role=\"img\" aria-label=\"sites by reason\">\n",
                Label + BarW + 80, By.size() * Row + 6);
  unsigned Y = 4;
  for (const auto &[Reason, N] : By) {
    unsigned W = std::max(1u, BarW * N / Max);
    OS << formatv("<text class=\"label\" x=\"{0}\" y=\"{1}\" "
                  "text-anchor=\"end\">{2}</text>\n"
                  "<rect class=\"bar {11}\" data-reason=\"{2}\" "
                  "data-value=\"{3}\" x=\"{4}\" y=\"{5}\" width=\"{6}\" "
                  "height=\"{7}\"><title>{2}: {3} site{8} ({9})</title>"
                  "</rect>\n"
                  "<text class=\"value\" x=\"{10}\" y=\"{1}\">{3}</text>\n",
                  Label - 8, Y + 14, escape(Reason), N, Label, Y, W, Row - 6,
                  N == 1 ? "" : "s", escape(reasonMessage(Reason)),
                  Label + W + 6, kindName(kindOfReason(Reason)));
    Y += Row;
  }
  OS << "</svg></figure>\n";
}

} // namespace

unsigned bucketOf(const SiteRecord &S) {
  if (S.Class)
    return *S.Class;
  if (!S.Size)
    return kRuntimeBucket;
  unsigned C = class_of(*S.Size);
  return C ? C : kLargeBucket;
}

std::string bucketLabel(unsigned Bucket) {
  if (Bucket == kLargeBucket)
    return "large";
  if (Bucket == kRuntimeBucket)
    return "runtime";
  return formatv("{0} B", class_size(Bucket)).str();
}

std::string bytes(std::uint64_t N) {
  if (N < 1024)
    return formatv("{0} B", N).str();
  if (N < 1024 * 1024)
    return formatv("{0:F1} KiB", N / 1024.0).str();
  return formatv("{0:F1} MiB", N / (1024.0 * 1024.0)).str();
}

void printCharts(const Report &R, std::uint64_t Limit, raw_ostream &OS) {
  Counts Sites{}, Bytes{};
  for (const MergedSite &M : R.Sites) {
    unsigned B = bucketOf(M.S);
    unsigned K = static_cast<unsigned>(kindOf(M.S));
    ++Sites[B][K];
    Bytes[B][K] += M.S.Size.value_or(0);
  }
  OS << "<section id=\"picture\"><h2>The picture</h2>\n"
        "<p class=\"legend\"><span class=\"key specialized\"></span>"
        "specialized <span class=\"key generic\"></span>generic path "
        "<span class=\"key not-eligible\"></span>not eligible "
        "<span class=\"key removed\"></span>removed by the optimizer</p>\n";
  histogram(OS, "histogram-sites", "Sites by size class", Sites, Limit,
            /*Bytes=*/false);
  histogram(OS, "histogram-bytes",
            "Bytes per allocation, summed over the sites of each class "
            "(runtime sizes count 0)",
            Bytes, Limit, /*Bytes=*/true);
  reasonsChart(OS, R.Counts.ByReason);
  OS << "</section>\n";
}

} // namespace html
} // namespace report
} // namespace sizespec
