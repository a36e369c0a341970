/**
 * The report: per set, the totals side by side, a row per contract, the
 * soundness misses (defects of charter's types), what was left out and why,
 * and the mutation figures with their caps.
 */
import { CATEGORIES, CATEGORY_LABELS } from "./classify.js";
import type { Side, UnitResult } from "./measure.js";
import type { MutantCaps } from "./mutants.js";
import { percent, setTotals, soundnessMisses, unitStats, type Ratio, type SetTotals, type SideStats } from "./stats.js";

export interface SetReport {
  title: string;
  /** Lines on what the set is (sizes, exclusions decided before measuring). */
  facts: string[];
  units: UnitResult[];
  wallMs: number;
  /** When, at which commit, on what machine, with which seed. */
  measured: string;
  caps: MutantCaps;
}

const SIDE_LABEL: Record<Side, string> = { charter: "charter", json2ts: "json-schema-to-typescript" };

const cell = (r: Ratio) => (r.of === 0 ? "–" : `${r.hit}/${r.of}`);
const pair = (c: Ratio | undefined, j: Ratio | undefined) => `${c ? cell(c) : "n/a"} · ${j ? cell(j) : "n/a"}`;

function ratioOf(c: Ratio, j: Ratio): string {
  if (c.of === 0 || j.of === 0) return "";
  const jr = j.hit / j.of;
  return jr === 0 ? (c.hit > 0 ? "∞" : "") : (c.hit / c.of / jr).toFixed(2);
}

type Row = [string, (s: SideStats) => Ratio];

function measureRows(): Row[] {
  return [
    ["soundness: valid instances accepted", (s) => s.soundness],
    ["precision: invalid instances rejected", (s) => s.precision],
    ["structural precision", (s) => s.structural],
    ...CATEGORIES.map((c): Row => [`… ${CATEGORY_LABELS[c]}`, (s) => s.byCategory[c]]),
    ["precision on the given invalid instances", (s) => s.givenInvalid],
    ["precision on mutants", (s) => s.mutants],
    ["… of valid instances the side's types accept (own count)", (s) => s.mutantsOfAccepted],
  ];
}

function totalsTable(totals: SetTotals): string[] {
  const { charter, json2ts } = totals.common;
  const lines = [
    `Over the ${totals.commonUnits} contracts both sides typed (ratio: charter's rate over json-schema-to-typescript's):`,
    "",
    "| measure | instances | charter | json-schema-to-typescript | ratio |",
    "| --- | ---: | ---: | ---: | ---: |",
  ];
  for (const [label, pick] of measureRows()) {
    const [c, j] = [pick(charter), pick(json2ts)];
    lines.push(
      `| ${label} | ${c.of === j.of ? c.of : `${c.of} · ${j.of}`} | ${c.hit} (${percent(c)}) | ${j.hit} (${percent(j)}) | ${ratioOf(c, j)} |`,
    );
  }
  const own = (side: Side) =>
    `${SIDE_LABEL[side]} over all ${totals.ownUnits[side]} contracts it typed: soundness ${cell(totals.own[side].soundness)} (${percent(totals.own[side].soundness)}), precision ${cell(totals.own[side].precision)} (${percent(totals.own[side].precision)}), structural ${cell(totals.own[side].structural)} (${percent(totals.own[side].structural)}).`;
  lines.push("", `- ${own("charter")}`, `- ${own("json2ts")}`);
  return lines;
}

function contractTable(units: readonly UnitResult[]): string[] {
  const header = [
    "contract",
    "valid",
    "invalid",
    "soundness",
    "precision",
    "structural",
    ...CATEGORIES.map((c) => CATEGORY_LABELS[c]),
  ];
  const lines = [
    "Each cell: charter · json-schema-to-typescript (accepted valid, or rejected invalid, over the instances of that kind); n/a: that side has no types for the contract (see below).",
    "",
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
  ];
  for (const unit of units) {
    const [c, j] = [unitStats(unit, "charter"), unitStats(unit, "json2ts")];
    const valid = unit.probes.filter((p) => p.origin === "valid").length;
    const invalid = unit.probes.length - valid;
    const pick = (f: (s: SideStats) => Ratio) => pair(c && f(c), j && f(j));
    const cells = [
      unit.id,
      String(valid),
      String(invalid),
      pick((s) => s.soundness),
      pick((s) => s.precision),
      pick((s) => s.structural),
      ...CATEGORIES.map((k) => pick((s) => s.byCategory[k])),
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines;
}

function missesSection(units: readonly UnitResult[]): string[] {
  const misses = soundnessMisses(units, "charter");
  const lines = [`### Soundness misses of charter's types (${misses.length})`, ""];
  if (misses.length === 0) return [...lines, "None: charter's types accept every valid instance checked.", ""];
  lines.push("Valid instances (ajv accepts them) that charter's root type rejects: each is a defect of the types.", "");
  for (const m of misses) lines.push(`- \`${m.unit}\`: ${m.source}: ${m.message.replace(/\|/g, "\\|")}`);
  const theirs = soundnessMisses(units, "json2ts");
  const byUnit = new Map<string, number>();
  for (const m of theirs) byUnit.set(m.unit, (byUnit.get(m.unit) ?? 0) + 1);
  lines.push(
    "",
    `json-schema-to-typescript's types reject ${theirs.length} valid instance(s)${byUnit.size > 0 ? `: ${[...byUnit].map(([u, n]) => `${u} ${n}`).join(", ")}` : ""}.`,
    "",
  );
  return lines;
}

function groupedReasons(units: readonly UnitResult[], side: Side): string {
  const reasons = new Map<string, string[]>();
  for (const unit of units) {
    const o = unit.sides[side];
    if (o.status === "checked" || o.reason === "no instance to check") continue;
    const key = o.reason
      .replace(/\d+(\.\d+)? s\b/g, "N s")
      .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, "…")
      .slice(0, 120);
    reasons.set(key, [...(reasons.get(key) ?? []), unit.id]);
  }
  if (reasons.size === 0) return "none";
  return [...reasons]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([reason, ids]) => `${ids.length} × ${reason} (${ids.slice(0, 4).join(", ")}${ids.length > 4 ? ", …" : ""})`)
    .join("; ");
}

function exclusionsSection(units: readonly UnitResult[], caps: MutantCaps): string[] {
  const sum = (f: (u: UnitResult) => number) => units.reduce((n, u) => n + f(u), 0);
  const validRejected = units.flatMap((u) => u.excluded.validRejected);
  const keywords = new Map<string, number>();
  for (const v of validRejected) keywords.set(v.keyword, (keywords.get(v.keyword) ?? 0) + 1);
  const other = new Map<string, number>();
  for (const p of units.flatMap((u) => u.probes))
    if (p.category === "other") other.set(p.keyword ?? "?", (other.get(p.keyword ?? "?") ?? 0) + 1);
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(", ") || "none";
  const m = units.reduce(
    (acc, u) => ({
      instances: acc.instances + u.mutation.instances,
      candidates: acc.candidates + u.mutation.candidates,
      tried: acc.tried + u.mutation.tried,
      kept: acc.kept + u.mutation.kept,
      capped: acc.capped + u.mutation.capped,
    }),
    { instances: 0, candidates: 0, tried: 0, kept: 0, capped: 0 },
  );
  return [
    "### What was not checked, and the mutants",
    "",
    `- Declared valid but rejected by ajv (not a test of the types): ${validRejected.length} (first error: ${top(keywords)}).`,
    `- Declared invalid but accepted by ajv: ${sum((u) => u.excluded.invalidAccepted)}. ajv threw on ${sum((u) => u.excluded.ajvFailed)}; ajv could not compile ${units.filter((u) => u.ajvError).length} contract(s)${
      units.some((u) => u.ajvError)
        ? ` (${units
            .filter((u) => u.ajvError)
            .map((u) => u.id)
            .slice(0, 6)
            .join(", ")})`
        : ""
    }.`,
    `- Not writable as a TypeScript literal: ${sum((u) => u.excluded.unwritable)}; written with a computed \`__proto__\` key: ${sum((u) => u.computedKeys)}.`,
    `- charter has no root type to check: ${groupedReasons(units, "charter")}.`,
    `- json-schema-to-typescript has no root type to check: ${groupedReasons(units, "json2ts")}.`,
    `- Mutants: ${m.instances} valid instances mutated; ${m.candidates} candidate mutations, ${m.tried} judged by ajv, ${m.kept} rejected and kept; the caps cut ${m.capped} instance(s) short. Caps: ${caps.perInstance} mutants per instance, ${caps.triesPerInstance} candidates judged per instance, ${Math.round(caps.bytesPerInstance / 1024)} KiB of mutant JSON per instance (a large instance gets fewer).`,
    `- "other" violations by ajv keyword: ${top(other)}.`,
    "",
  ];
}

export function renderSet(set: SetReport): string {
  const totals = setTotals(set.units);
  return [
    `## ${set.title}`,
    "",
    `- ${set.measured} This set took ${(set.wallMs / 1000).toFixed(1)} s.`,
    ...set.facts.map((f) => `- ${f}`),
    "",
    "### Totals",
    "",
    ...totalsTable(totals),
    "",
    ...missesSection(set.units),
    ...exclusionsSection(set.units, set.caps),
    "### Per contract",
    "",
    ...contractTable(set.units),
    "",
  ].join("\n");
}

/** The few lines printed at the end of a run. */
export function summaryLines(set: SetReport): string[] {
  const totals = setTotals(set.units);
  const [c, j] = [totals.common.charter, totals.common.json2ts];
  const misses = soundnessMisses(set.units, "charter").length;
  const line = (label: string, f: (s: SideStats) => Ratio) =>
    `  ${label.padEnd(22)} charter ${percent(f(c)).padStart(8)} (${cell(f(c))})   json-schema-to-typescript ${percent(f(j)).padStart(8)} (${cell(f(j))})`;
  return [
    `${set.title}: ${totals.commonUnits} contracts both sides typed`,
    line("soundness", (s) => s.soundness),
    line("precision", (s) => s.precision),
    line("structural precision", (s) => s.structural),
    ...CATEGORIES.map((k) => line(k, (s) => s.byCategory[k])),
    line("mutants of accepted", (s) => s.mutantsOfAccepted),
    `  charter soundness misses (all contracts it typed): ${misses}`,
  ];
}
