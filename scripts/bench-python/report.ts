/**
 * The Python models' section of docs/benchmarks.md: written between its own markers, which sit
 * inside the hand-written part that `npm run bench` carries over, so that neither script drops
 * the other's text; a page without the markers gets the section before that part's end.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { KEPT_END } from "../kept-summary.js";
import { CLASSES, cell, classLabel, type Tally } from "./tally.js";

export const SECTION_START = "<!-- Written by `npm run bench:python` (scripts/bench-python/main.ts) from here. -->";
export const SECTION_END = "<!-- End of what `npm run bench:python` writes. -->";

export interface SetFigures {
  title: string;
  facts: string[];
  tally: Tally;
}

function table(sets: readonly SetFigures[]): string[] {
  const header = [
    "",
    ...sets.flatMap((s) => [`${s.title}: Python models`, ...(s.tally.types ? [`${s.title}: TypeScript types`] : [])]),
  ];
  const row = (label: string, python: (t: Tally) => string, types: (t: NonNullable<Tally["types"]>) => string) =>
    `| ${[label, ...sets.flatMap((s) => [python(s.tally), ...(s.tally.types ? [types(s.tally.types)] : [])])].join(" | ")} |`;
  const lines = [
    `| ${header.join(" | ")} |`,
    `| --- | ${header
      .slice(1)
      .map(() => "---:")
      .join(" | ")} |`,
    row(
      "instances (valid · invalid by the committed validator)",
      (t) => `${t.instances} (${t.valid} · ${t.invalid})`,
      () => "",
    ),
    row(
      "`validate` helper agrees with the validator",
      (t) => cell({ hit: t.agree, of: t.instances }),
      () => "",
    ),
    row(
      "valid instances the bare models accept",
      (t) => cell({ hit: t.valid - t.validRejected.length, of: t.valid }),
      () => "",
    ),
    row(
      "invalid instances rejected",
      (t) => cell(t.modelRejects),
      (t) => cell(t.all),
    ),
    row(
      "structural (all classes but other)",
      (t) => cell(t.structural),
      (t) => cell(t.structural),
    ),
  ];
  for (const c of CLASSES) {
    if (sets.every((s) => s.tally.byClass.get(c)!.of === 0)) continue;
    lines.push(
      row(
        `… ${classLabel(c)}`,
        (t) => cell(t.byClass.get(c)),
        (t) => cell(t.byClass.get(c)),
      ),
    );
  }
  return lines;
}

function defects(sets: readonly SetFigures[]): string[] {
  const lines: string[] = [];
  for (const s of sets) {
    for (const v of s.tally.disagreements)
      lines.push(
        `- ${s.title}: \`${v.contract}\` ${v.source}: helper ${v.helper ? "accepts" : "rejects"}, validator ${v.ajv ? "accepts" : "rejects"}${v.helperError ? ` (${v.helperError.slice(0, 160)})` : ""}`,
      );
    for (const v of s.tally.validRejected)
      lines.push(
        `- ${s.title}: \`${v.contract}\` ${v.source}: the bare model rejects a valid instance (${(v.modelError ?? "").slice(0, 160)})`,
      );
  }
  return lines.map((l) => l.replace(/\|/g, "\\|"));
}

export function renderSection(sets: readonly SetFigures[], measured: string): string {
  return [
    SECTION_START,
    "",
    "### Python models against the committed validators",
    "",
    `- ${measured}`,
    ...sets.flatMap((s) => s.facts.map((f) => `- ${s.title}: ${f}`)),
    "- Each instance goes through the contract's committed validator module (its verdict decides valid and invalid), the bare model (`TypeAdapter(Root).validate_json`) and the module's `validate` helper (jsonschema installed). Classes: ajv's first error over the bundle, as in the TypeScript types' precision above; the TypeScript column is charter's types on the same given invalid instances (those the saved run has), from a saved `npm run bench:precision` run of that set (no mutants here).",
    "",
    ...table(sets),
    "",
    ...(defects(sets).length === 0
      ? ["No disagreement of a helper and no valid instance a bare model rejects."]
      : ["Defects (each a soundness bug of the Python target):", "", ...defects(sets)]),
    "",
    SECTION_END,
  ].join("\n");
}

/** `page` with the section replaced, or inserted before the end of the hand-written part (else at the end). */
export function withSection(page: string, section: string): string {
  const start = page.indexOf(SECTION_START);
  const end = page.indexOf(SECTION_END, start);
  if (start !== -1 && end !== -1) return page.slice(0, start) + section + page.slice(end + SECTION_END.length);
  const kept = page.indexOf(KEPT_END);
  if (kept === -1) return `${page.trimEnd()}\n\n${section}\n`;
  return `${page.slice(0, kept).trimEnd()}\n\n${section}\n${page.slice(kept)}`;
}

export function writeSection(file: string, section: string): void {
  writeFileSync(file, withSection(readFileSync(file, "utf8"), section));
}
