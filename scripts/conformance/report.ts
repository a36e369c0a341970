/**
 * The conformance report, in Markdown: counts, every test where charter and
 * ajv part ways, what both fail, then what charter refused or crashed on and
 * what the runner itself had to work around.
 */
import type { AjvRun } from "./ajv-side.js";
import type { CharterRun, Split } from "./charter-side.js";
import { passes, type Verdict } from "./outcome.js";
import { PARTS, REMOTES_URI, type Draft, type SuiteGroup } from "./suite.js";

export interface DraftRun {
  draft: Draft;
  groups: SuiteGroup[];
  charter: CharterRun;
  ajv: AjvRun;
  ajvMs: number;
}

export interface RunSettings {
  suiteDir: string;
  split: Split;
  typeCheck: boolean;
  totalMs: number;
  /** CPU time of the process: steadier than wall time on a shared machine. */
  cpuMs: number;
}

interface TestRow {
  group: SuiteGroup;
  test: number;
  charter: Verdict;
  ajv: Verdict;
}

export function renderReport(runs: readonly DraftRun[], settings: RunSettings): string {
  const rows = runs.flatMap(testRows);
  const charterPasses = (r: TestRow) => passes(r.charter, r.group.tests[r.test]!.valid);
  const ajvPasses = (r: TestRow) => passes(r.ajv, r.group.tests[r.test]!.valid);
  const onlyAjv = rows.filter((r) => ajvPasses(r) && !charterPasses(r));
  const onlyCharter = rows.filter((r) => charterPasses(r) && !ajvPasses(r));
  const neither = rows.filter((r) => !charterPasses(r) && !ajvPasses(r));

  const counts = runs.flatMap((run) =>
    PARTS.map((part) => rows.filter((r) => r.group.draft === run.draft && r.group.part === part))
      .filter((part) => part.length > 0)
      .map((part) => {
        const n = part.length;
        const count = (test: (r: TestRow) => boolean) => part.filter(test).length;
        return row([
          run.draft,
          part[0]!.group.part,
          n,
          share(count(charterPasses), n),
          share(count(ajvPasses), n),
          count((r) => ajvPasses(r) && !charterPasses(r)),
          count((r) => charterPasses(r) && !ajvPasses(r)),
          count((r) => !charterPasses(r) && !ajvPasses(r)),
        ]);
      }),
  );
  const bothFailByFile = [...groupBy(neither, (r) => `${r.group.draft}/${r.group.file}`).values()].map((fileRows) => {
    const tally = (pick: (r: TestRow) => Verdict) =>
      [...groupBy(fileRows, pick)].map(([verdict, n]) => `${n.length} ${verdict}`).join(", ");
    return row([
      fileRows[0]!.group.draft,
      fileRows[0]!.group.file,
      fileRows.length,
      tally((r) => r.charter),
      tally((r) => r.ajv),
    ]);
  });

  return [
    "# JSON-Schema-Test-Suite conformance: charter and ajv",
    "",
    `Suite: ${settings.suiteDir}. Charter: compile() with one shared tree per ${settings.split}, and each group that fails in company compiled again alone; ` +
      `types ${settings.typeCheck ? "emitted and type-checked" : "emitted, not type-checked"}; verdicts from the generated standalone validators through bindContracts (skipRules). ` +
      `ajv: the original schema, the dialect's class, ajv-formats, every remote it accepts added under its ${REMOTES_URI} URI, strict: false.`,
    "",
    `Total run time: ${seconds(settings.totalMs)} (CPU: ${seconds(settings.cpuMs)}).`,
    "",
    ...table(
      ["draft", "charter compiles", "charter compile()", "charter validation", "groups compiled alone", "ajv"],
      runs.map((r) =>
        row([
          r.draft,
          r.charter.compiles,
          seconds(r.charter.compileMs),
          seconds(r.charter.validateMs),
          r.charter.isolated.length,
          seconds(r.ajvMs),
        ]),
      ),
    ),
    "",
    "## Counts",
    "",
    ...table(
      ["draft", "part", "tests", "charter pass", "ajv pass", "only ajv passes", "only charter passes", "both fail"],
      counts,
    ),
    "",
    `## ajv passes, charter fails (${onlyAjv.length})`,
    "",
    ...testTable(onlyAjv),
    "",
    `## charter passes, ajv fails (${onlyCharter.length})`,
    "",
    ...testTable(onlyCharter),
    "",
    `## Both fail (${neither.length}), by file`,
    "",
    ...table(["draft", "file", "tests", "charter", "ajv"], bothFailByFile),
    "",
    "<details><summary>Every test both fail</summary>",
    "",
    ...testTable(neither),
    "",
    "</details>",
    ...refusals(runs),
    ...crashes(runs),
    ...charterNotes(runs),
    "",
    "## Remotes ajv would not add (their meta-schema is another dialect's)",
    "",
    ...runs.map((run) => {
      const byFolder = groupBy(run.ajv.skippedRemotes, (uri) => uri.slice(REMOTES_URI.length).split("/")[0]!);
      return `- ${run.draft}: ${[...byFolder].map(([folder, uris]) => `${uris.length} in ${folder}/`).join(", ") || "none"}`;
    }),
    "",
  ].join("\n");
}

function refusals(runs: readonly DraftRun[]): string[] {
  const refused = runs.flatMap((run) =>
    run.groups.flatMap((group) => {
      const refusal = run.charter.outcomes.get(group)!.refusal;
      const ajv = run.ajv.outcomes.get(group)!.refusal;
      return refusal
        ? [
            row([
              label(group),
              group.tests.length,
              ajv ? `refused: ${ajv.join("; ")}` : "compiles",
              refusal.join("<br>"),
            ]),
          ]
        : [];
    }),
  );
  return [
    "",
    `## Groups charter refuses to compile (${refused.length})`,
    "",
    ...table(["group", "tests", "ajv", "charter's diagnostics"], refused),
  ];
}

function crashes(runs: readonly DraftRun[]): string[] {
  const thrown = runs.flatMap((run) =>
    run.groups.flatMap((group) => [
      ...run.charter.outcomes.get(group)!.crashes.map((stack) => ({ group, stack: `charter: ${stack}` })),
      ...run.ajv.outcomes.get(group)!.crashes.map((stack) => ({ group, stack: `ajv: ${stack}` })),
    ]),
  );
  // One entry per distinct stack, naming every group that threw it.
  const entries = [...groupBy(thrown, (c) => c.stack)].flatMap(([stack, at]) => [
    `- ${[...new Set(at.map((c) => label(c.group)))].join(", ")}`,
    "",
    "```",
    ...stack.split("\n").slice(0, 8),
    "```",
    "",
  ]);
  return [
    "",
    "## Exceptions (where a diagnostic or a verdict was due)",
    "",
    ...(entries.length > 0 ? entries : ["None."]),
  ];
}

/** What charter did beside the verdicts, and what the runner worked around: each list should be short, most of them empty. */
function charterNotes(runs: readonly DraftRun[]): string[] {
  const all = <T>(pick: (run: CharterRun) => T[]) => runs.flatMap((r) => pick(r.charter));
  const mismatches = all((c) => c.validateMismatches).map(
    (m) =>
      `- ${label(m.group)}, test "${m.group.tests[m.test]!.description}": isValid ${m.isValid}, validate ok ${m.validateOk}`,
  );
  const incomplete = all((c) => c.incomplete).map(
    ({ group, types, errors }) =>
      `- ${label(group)}: ${types ? "types" : "no types"}${errors.length > 0 ? `; ${errors.join("; ")}` : ""}`,
  );
  const isolated = all((c) => c.isolated).map(({ group, reason }) => `- ${label(group)}: ${reason}`);
  const misread = all((c) => c.misread).map((group) => `- ${label(group)}`);
  return [
    ...section(`charter: validate() and isValid() disagree (${mismatches.length})`, mismatches),
    ...section(`charter: groups with validators but with errors, or without types (${incomplete.length})`, incomplete),
    ...section(`Groups compiled alone after failing in a shared compile (${isolated.length})`, isolated),
    ...section(`Sources charter reads back as another value than the suite's schema (${misread.length})`, misread),
  ];
}

function testRows(run: DraftRun): TestRow[] {
  return run.groups.flatMap((group) => {
    const charter = run.charter.outcomes.get(group)!.verdicts;
    const ajv = run.ajv.outcomes.get(group)!.verdicts;
    return group.tests.map((_, test) => ({ group, test, charter: charter[test]!, ajv: ajv[test]! }));
  });
}

function testTable(rows: readonly TestRow[]): string[] {
  if (rows.length === 0) return ["None."];
  return table(
    ["draft", "file", "group", "test", "expected", "charter", "ajv"],
    rows.map((r) => {
      const test = r.group.tests[r.test]!;
      return row([
        r.group.draft,
        `${r.group.file}#${r.group.index}`,
        r.group.description,
        test.description,
        test.valid ? "valid" : "invalid",
        r.charter,
        r.ajv,
      ]);
    }),
  );
}

function section(title: string, items: readonly string[]): string[] {
  return ["", `## ${title}`, "", ...(items.length > 0 ? items : ["None."])];
}

function table(header: readonly string[], rows: readonly string[]): string[] {
  return [row(header), row(header.map(() => "---")), ...rows];
}

function label(group: SuiteGroup): string {
  return `${group.draft}/${group.file}#${group.index} "${group.description}"`;
}

function row(cells: readonly (string | number)[]): string {
  return `| ${cells.map((c) => String(c).replace(/\|/g, "\\|").replace(/\n/g, " ")).join(" | ")} |`;
}

function share(count: number, total: number): string {
  return `${count} (${((100 * count) / total).toFixed(1)} %)`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
