/**
 * The site's one stylesheet: light and dark from the reader's system setting, colours chosen for
 * a contrast of at least 4.5:1 (axe-core checks it), and a print layout without the
 * interactive parts.
 */
export const SITE_CSS = `:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1f24; --muted: #4d5661; --line: #d0d7de; --panel: #f6f8fa;
  --link: #0550ae; --ok: #116329; --bad: #a40e26; --accent: #8250df;
  font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9da7b3; --line: #30363d; --panel: #161b22;
    --link: #6cb6ff; --ok: #56d364; --bad: #ff7b72; --accent: #d2a8ff; }
}
body { margin: 0; background: var(--bg); color: var(--fg); }
main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
a { color: var(--link); }
code, pre, textarea { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: 0.5rem; }
header.site { border-bottom: 1px solid var(--line); padding: 0.6rem 1.5rem; background: var(--panel); }
.lead { font-size: 1.1rem; color: var(--fg); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.toc ul { display: flex; flex-wrap: wrap; gap: 0.4rem 1.2rem; padding: 0; list-style: none; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid var(--line); padding: 0.35rem 0.55rem; text-align: left; vertical-align: top; }
thead th { background: var(--panel); }
tbody th { font-weight: normal; }
tbody th p { margin: 0.3rem 0 0; color: var(--muted); font-size: 0.9em; }
td.count { text-align: right; }
td.source code { white-space: nowrap; }
.flag { border: 1px solid var(--line); border-radius: 0.8rem; padding: 0 0.45rem; font-size: 0.85em; color: var(--accent); }
.rules li { margin: 0.25rem 0; }
.decision td.cell-required { color: var(--ok); font-weight: 600; }
.decision td.cell-absent { color: var(--bad); }
.change { font-weight: 600; }
.change-breaking { color: var(--bad); }
ul.changes { margin: 0; padding-left: 1.1rem; }
ul.member-names { columns: 14rem; }
.decision td.cell-none { color: var(--muted); }
.cards { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0.75rem; }
.card { border: 1px solid var(--line); border-radius: 0.4rem; padding: 0.6rem 0.8rem; background: var(--panel); }
.card p { margin: 0.3rem 0; }
.card-title { font-weight: 600; }
.definition { border-top: 1px solid var(--line); margin-top: 1.5rem; }
.pointer { color: var(--muted); font-weight: normal; font-size: 0.8em; }
.side-by-side { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); gap: 1rem; }
.code-block { min-width: 0; }
.code-head { display: flex; justify-content: space-between; align-items: center; color: var(--muted); }
pre { background: var(--panel); border: 1px solid var(--line); padding: 0.75rem; overflow: auto; max-height: 32rem; margin: 0.3rem 0 1rem; }
button { font: inherit; padding: 0.3rem 0.8rem; border: 1px solid var(--line); border-radius: 0.3rem; background: var(--panel); color: var(--fg); cursor: pointer; }
textarea, input[type="search"] { width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid var(--muted); border-radius: 0.3rem; background: var(--bg); color: var(--fg); }
label { display: block; font-weight: 600; margin: 0.5rem 0 0.25rem; }
.playground button { margin: 0.5rem 0; }
#verdict.valid { color: var(--ok); font-weight: 600; }
#verdict.invalid { color: var(--bad); font-weight: 600; }
#search-results { list-style: none; padding: 0; }
#search-results li { padding: 0.25rem 0; border-bottom: 1px solid var(--line); }
header.site .search { max-width: 48rem; }
header.site #search-results { max-height: 60vh; overflow-y: auto; margin: 0; }
#search-status:empty { display: none; }
.graph-wrap { overflow-x: auto; }
.graph rect { fill: var(--panel); stroke: var(--muted); }
.graph a:hover rect, .graph a:focus rect { stroke: var(--link); stroke-width: 2; }
.graph text { fill: var(--fg); font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.graph path { fill: none; stroke: var(--muted); }
.graph marker path { fill: var(--muted); stroke: none; }
.kind { color: var(--muted); font-size: 0.85em; margin-right: 0.4rem; }
:target { outline: 2px solid var(--accent); outline-offset: 2px; }
@media print {
  header.site, .toc, #try, .copy, .search, .skip { display: none; }
  pre { max-height: none; white-space: pre-wrap; overflow: visible; }
  .table-wrap { overflow: visible; }
  a { color: inherit; }
  section { break-inside: avoid-page; }
}
`;
