//===- HtmlAssets.cpp - The page's style and script -----------------------===//
//
// Inline, so the page opens from a CI artifact without network access. The
// script only sorts, filters and opens sources: the page reads whole without
// it.
//
//===----------------------------------------------------------------------===//

#include "Html.h"

namespace sizespec {
namespace report {
namespace html {

const char kStyle[] = R"css(
body { font-family: system-ui, sans-serif; margin: 1.2em auto; color: #222;
       max-width: 1360px; padding: 0 12px; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; }
h2 { font-size: 1.15em; margin-top: 1.6em; border-bottom: 1px solid #ddd; }
p.lead { margin-top: 0; color: #444; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left;
         vertical-align: top; }
th { background: #f4f4f4; }
th.sortable { cursor: pointer; }
th.sortable::after { content: " \2195"; color: #999; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
code { font-family: ui-monospace, monospace; font-size: 0.92em; }
table.wide { width: 100%; table-layout: fixed; }
table.wide td { overflow-wrap: anywhere; }
tr.specialized td.status { color: #176117; }
tr.not-specialized td.status { color: #9a4a00; }
tr.removed td.status { color: #34558f; }
tr.conflict { background: #fff4d6; }
figure { margin: 0.8em 0; }
figcaption { font-weight: 600; margin-bottom: 0.2em; }
svg.chart { width: 100%; height: auto; max-width: 1320px; }
svg .bar.specialized, .key.specialized { fill: #3a8f3a; background: #3a8f3a; }
svg .bar.generic, .key.generic { fill: #e08a1e; background: #e08a1e; }
svg .bar.not-eligible, .key.not-eligible { fill: #9a9a9a; background: #9a9a9a; }
svg .bar.removed, .key.removed { fill: #6f8fc7; background: #6f8fc7; }
.key.not-specialized { background: #e08a1e; }
.key.no-plugin, .key.not-joined { background: #b9b9b9; }
svg.icicle rect.frame { stroke: #fff; stroke-width: 0.5; }
svg.icicle rect.frame.specialized { fill: #8cc78c; }
svg.icicle rect.frame.not-specialized { fill: #f0b66a; }
svg.icicle rect.frame.removed { fill: #a9bde3; }
svg.icicle rect.frame.no-plugin, svg.icicle rect.frame.not-joined { fill: #d4d4d4; }
svg.icicle text.frame-label { font-size: 11px; pointer-events: none; }
svg .axis { stroke: #666; }
svg .limit { stroke: #b00020; stroke-width: 2; stroke-dasharray: 6 4; }
svg text { font-size: 11px; fill: #333; }
svg .limit-label { fill: #b00020; font-weight: 600; }
.key { display: inline-block; width: 0.9em; height: 0.9em; margin: 0 0.3em 0 1em;
       vertical-align: middle; }
.filters { margin: 0.5em 0; display: flex; gap: 1em; flex-wrap: wrap;
           align-items: center; }
.filters label { font-size: 0.92em; }
table.source { border: none; width: 100%; table-layout: fixed; }
table.source td { border: none; padding: 0 0.5em; white-space: pre;
                  font-family: ui-monospace, monospace; font-size: 0.85em; }
table.source td.ln { width: 4em; text-align: right; color: #999; }
table.source td.code { overflow-x: hidden; text-overflow: ellipsis; }
tr.site-line td.code { background: #f3f7ff; }
tr.remark td.code { font-weight: 600; white-space: pre-wrap; }
tr.remark.specialized td.code { color: #176117; }
tr.remark.generic td.code { color: #9a4a00; }
tr.remark.not-eligible td.code { color: #666; }
tr.remark.removed td.code { color: #34558f; }
details.source { margin: 0.3em 0; }
details.source > summary { cursor: pointer; }
p.error { color: #a00000; }
p.note { color: #555; font-size: 0.92em; }
:target { outline: 2px solid #4a7bd0; }
@media print {
  body { max-width: none; margin: 0; font-size: 9pt; }
  table.wide { table-layout: auto; }
  table.wide th { width: auto !important; }
  table.wide td { overflow-wrap: normal; word-break: normal; }
  .filters, th.sortable::after { display: none; }
  tr, figure { break-inside: avoid; }
  table.source td.code { white-space: pre-wrap; }
}
)css";

const char kScript[] = R"js(
"use strict";
window.addEventListener("error", (e) => {
  document.documentElement.dataset.error = String(e.message);
});
(function () {
  const sites = document.getElementById("sites");
  const rows = sites ? Array.from(sites.tBodies[0].rows) : [];
  const pick = (id) => document.getElementById(id);
  const filters = ["status", "reason", "class", "form"];

  function apply() {
    const file = (pick("filter-file") || {}).value || "";
    let shown = 0;
    for (const row of rows) {
      let ok = !file || row.dataset.file.includes(file);
      for (const f of filters) {
        const v = (pick("filter-" + f) || {}).value || "";
        if (v && row.dataset[f] !== v) ok = false;
      }
      row.hidden = !ok;
      if (ok) shown++;
    }
    const count = pick("shown-count");
    if (count) count.textContent = String(shown);
  }

  function sortBy(table, index, numeric) {
    const body = table.tBodies[0];
    const all = Array.from(body.rows);
    const dir = table.dataset.sortIndex === String(index) &&
                table.dataset.sortDir === "asc" ? "desc" : "asc";
    const key = (row) => {
      const cell = row.cells[index];
      const v = cell.dataset.sort !== undefined ? cell.dataset.sort
                                                : cell.textContent;
      return numeric ? Number(v) || 0 : v;
    };
    all.sort((a, b) => {
      const x = key(a), y = key(b);
      const c = x < y ? -1 : x > y ? 1 : 0;
      return dir === "asc" ? c : -c;
    });
    for (const row of all) body.appendChild(row);
    table.dataset.sortIndex = String(index);
    table.dataset.sortDir = dir;
  }

  for (const table of document.querySelectorAll("table.sortable")) {
    const head = table.tHead ? table.tHead.rows[0] : null;
    if (!head) continue;
    Array.from(head.cells).forEach((th, i) => {
      th.classList.add("sortable");
      th.addEventListener("click",
                          () => sortBy(table, i, th.dataset.type === "n"));
    });
  }
  for (const f of filters.concat(["file"])) {
    const el = pick("filter-" + f);
    if (el) el.addEventListener("input", apply);
  }

  // A link to a source line opens its file first.
  function reveal(hash) {
    const target = hash && document.getElementById(hash.slice(1));
    if (!target) return;
    const details = target.closest("details");
    if (details) details.open = true;
    target.scrollIntoView({block: "center"});
  }
  window.addEventListener("hashchange", () => reveal(location.hash));
  for (const a of document.querySelectorAll("a[data-file-filter]")) {
    a.addEventListener("click", () => {
      const el = pick("filter-file");
      if (el) { el.value = a.dataset.fileFilter; apply(); }
    });
  }
  window.addEventListener("beforeprint", () => {
    for (const d of document.querySelectorAll("details")) d.open = true;
  });
  reveal(location.hash);
  apply();
  document.documentElement.dataset.ready = "yes";
})();
)js";

} // namespace html
} // namespace report
} // namespace sizespec
