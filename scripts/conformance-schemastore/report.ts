/**
 * The side-by-side report, as markdown: the counts table, the schemas charter
 * cannot handle that the naive pipeline can (grouped by charter's diagnostic
 * code, each with its diagnostics), the instances charter judges wrongly where
 * ajv judges right, and the run times. Pure: it renders what the sides
 * measured and computes nothing about the schemas itself.
 */
import path from "node:path";
import { ALL_CODES } from "../../src/cli/all-codes.js";
import { CORPUS_ROOT } from "./paths.js";
import type {
  AjvResults,
  CharterResults,
  CharterSchemaResult,
  DiagnosticLine,
  Json2tsResults,
  SchemaFacts,
  Verdict,
} from "./results.js";

export interface ReportInput {
  facts: SchemaFacts[];
  charter: CharterResults | undefined;
  ajv: AjvResults | undefined;
  json2ts: Json2tsResults | undefined;
  notes: string[];
}

const TITLE = new Map<string, string>(ALL_CODES.map((c) => [c.code, c.title]));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rel = (file: string) => path.relative(CORPUS_ROOT, file);
const esc = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

interface InstanceTally {
  total: number;
  checked: number;
  right: number;
}

function tally(
  facts: readonly SchemaFacts[],
  verdicts: Map<string, Verdict[]>,
  kind: "positive" | "negative",
): InstanceTally {
  let total = 0;
  let checked = 0;
  let right = 0;
  for (const f of facts) {
    total += kind === "positive" ? f.instances.positive : f.instances.negative;
    for (const v of verdicts.get(f.name) ?? []) {
      if (v.kind !== kind) continue;
      checked++;
      if (v.accepted === (kind === "positive")) right++;
    }
  }
  return { total, checked, right };
}

/** The codes that explain a charter failure: its own errors, or for CH402/CH604 its dependency's. */
function causeOf(s: CharterSchemaResult, stage: "bundle" | "types" | "validator"): string {
  const relevant = (d: DiagnosticLine) =>
    stage === "types"
      ? d.code.startsWith("CH6")
      : stage === "validator"
        ? d.code.startsWith("CH7")
        : !d.code.startsWith("CH6") && !d.code.startsWith("CH7");
  const own = s.errors.filter(relevant).map((d) => d.code);
  const codes = new Set(own.filter((c) => c !== "CH402" && c !== "CH604"));
  if (codes.size === 0) {
    for (const d of s.dependencyErrors) codes.add(`${own.includes("CH604") ? "CH604" : "CH402"} ← ${d.code}`);
  }
  if (codes.size === 0) for (const c of own) codes.add(c);
  return [...codes].sort().join(" + ") || "(no diagnostic)";
}

function diagnosticLines(s: CharterSchemaResult, stage: "bundle" | "types" | "validator", limit = 6): string[] {
  const relevant = (d: DiagnosticLine) =>
    stage === "types"
      ? d.code.startsWith("CH6")
      : stage === "validator"
        ? d.code.startsWith("CH7")
        : !d.code.startsWith("CH6") && !d.code.startsWith("CH7");
  const own = s.errors.filter(relevant);
  const out = own.slice(0, limit).map((d) => `    - \`${d.code}\` ${d.at ? `${d.at}: ` : ""}${esc(d.message)}`);
  if (own.length > limit) out.push(`    - … ${own.length - limit} more`);
  if (own.some((d) => d.code === "CH402" || d.code === "CH604")) {
    const deps = s.dependencyErrors.slice(0, limit);
    for (const d of deps) out.push(`    - via dependency: \`${d.code}\` ${d.at}: ${esc(d.message)}`);
    if (s.dependencyErrors.length > limit)
      out.push(`    - … ${s.dependencyErrors.length - limit} more in dependencies`);
  }
  return out;
}

function grouped(
  entries: readonly { s: CharterSchemaResult; extra: string }[],
  stage: "bundle" | "types" | "validator",
): string[] {
  const groups = new Map<string, { s: CharterSchemaResult; extra: string }[]>();
  for (const e of entries) {
    const cause = causeOf(e.s, stage);
    groups.set(cause, [...(groups.get(cause) ?? []), e]);
  }
  const lines: string[] = [];
  for (const [cause, members] of [...groups].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))) {
    const titles = cause
      .split(/ \+ | ← /)
      .map((c) => TITLE.get(c))
      .filter(Boolean)
      .join("; ");
    lines.push(`#### ${cause} (${members.length})${titles ? `: ${titles}` : ""}`, "");
    for (const { s, extra } of members) {
      lines.push(`- **${s.name}**${extra ? ` (${extra})` : ""}`);
      lines.push(...diagnosticLines(s, stage));
    }
    lines.push("");
  }
  return lines;
}

export function renderReport(input: ReportInput): string {
  const { facts, charter, ajv, json2ts } = input;
  const measured = facts.filter((f) => !f.skipped);
  const charterBy = new Map((charter?.schemas ?? []).map((s) => [s.name, s]));
  const ajvBy = new Map((ajv?.schemas ?? []).map((s) => [s.name, s]));
  const tsBy = new Map((json2ts?.schemas ?? []).map((s) => [s.name, s]));
  const count = <T>(map: Map<string, T>, pick: (v: T) => boolean) =>
    measured.filter((f) => map.has(f.name) && pick(map.get(f.name)!)).length;
  const na = (present: unknown, text: string) => (present ? text : "not run");

  const charterVerdicts = new Map(measured.map((f) => [f.name, charterBy.get(f.name)?.verdicts ?? []]));
  const ajvVerdicts = new Map(measured.map((f) => [f.name, ajvBy.get(f.name)?.verdicts ?? []]));
  const cPos = tally(measured, charterVerdicts, "positive");
  const cNeg = tally(measured, charterVerdicts, "negative");
  const aPos = tally(measured, ajvVerdicts, "positive");
  const aNeg = tally(measured, ajvVerdicts, "negative");
  const skippedInstances = measured.reduce((n, f) => n + f.instances.skipped, 0);
  const unparseable = measured.reduce((n, f) => n + f.instances.unparseable, 0);
  const charterTypesBytes = [...charterBy.values()].reduce((n, s) => n + s.typesBytes, 0);
  const charterTypesLines = [...charterBy.values()].reduce((n, s) => n + s.typesLines, 0);
  const tsOk = (json2ts?.schemas ?? []).filter((s) => s.ok);

  const lines: string[] = [];
  lines.push("# SchemaStore side by side: charter vs the naive pipeline", "");
  lines.push(
    `Corpus: ${facts.length} schemas in \`${rel(path.join(CORPUS_ROOT, "schemas"))}\`; ${facts.length - measured.length} skipped as upstream's \`skiptest\` does, ${measured.length} measured. ` +
      `Instances of the measured schemas: ${cPos.total} positive, ${cNeg.total} negative (${skippedInstances} skipped: TOML without a parser in node_modules; ${unparseable} unparseable).`,
    "",
  );
  lines.push("## Counts", "");
  lines.push("| measure | charter | naive pipeline |", "| --- | --- | --- |");
  lines.push(`| schemas | ${measured.length} | ${measured.length} |`);
  lines.push(
    `| bundled (charter) / compiled by ajv (naive) | ${na(charter, String(count(charterBy, (s) => s.bundled)))} | ${na(ajv, String(count(ajvBy, (s) => s.compiled)))} |`,
  );
  lines.push(
    `| types produced | ${na(charter, String(count(charterBy, (s) => s.typesProduced)))} | ${na(json2ts, String(count(tsBy, (s) => s.ok)))} |`,
  );
  lines.push(
    `| types compiling under \`tsc --strict\` | ${na(charter, `${count(charterBy, (s) => s.typesTscOk === true)} of ${count(charterBy, (s) => s.typesProduced)}`)} | ${na(
      json2ts,
      `${count(tsBy, (s) => s.tscOk === true)} of ${json2ts?.tscSampled ?? 0} checked${json2ts && json2ts.tscSampled < tsOk.length ? ` (sample of ${tsOk.length})` : ""}`,
    )} |`,
  );
  lines.push(
    `| validators produced | ${na(charter, String(count(charterBy, (s) => s.validatorProduced)))} | ${na(ajv, String(count(ajvBy, (s) => s.compiled)))} |`,
  );
  lines.push(
    `| positive instances accepted (of total) | ${na(charter, `${cPos.right} of ${cPos.total} (${cPos.checked} checked)`)} | ${na(ajv, `${aPos.right} of ${aPos.total} (${aPos.checked} checked)`)} |`,
  );
  lines.push(
    `| negative instances rejected (of total) | ${na(charter, `${cNeg.right} of ${cNeg.total} (${cNeg.checked} checked)`)} | ${na(ajv, `${aNeg.right} of ${aNeg.total} (${aNeg.checked} checked)`)} |`,
  );
  lines.push(
    `| types output | ${na(charter, `${charterTypesBytes.toLocaleString("en")} bytes, ${charterTypesLines.toLocaleString("en")} lines`)} | ${na(
      json2ts,
      `${tsOk.reduce((n, s) => n + s.bytes, 0).toLocaleString("en")} bytes, ${tsOk.reduce((n, s) => n + s.lines, 0).toLocaleString("en")} lines`,
    )} |`,
  );
  lines.push("");
  lines.push(
    '"checked" counts instances that were parsed and had a validator to run; an instance of a schema without a validator, a skipped TOML file, or an unparseable file is in the total but neither accepted nor rejected.',
    "",
  );

  lines.push("## Run times (wall clock)", "");
  if (charter) {
    lines.push(
      `- charter: ${seconds(charter.wallMs)} in all: compile ${seconds(charter.compileMs)} (stages, ms: ${Object.entries(
        charter.stageMs,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ", ",
        )}), write ${seconds(charter.writeMs)}, \`tsc --strict\` on the types ${seconds(charter.tscMs)}, instances through the runtime ${seconds(charter.instancesMs)}.`,
    );
  }
  if (ajv) lines.push(`- naive (a) ajv: ${seconds(ajv.wallMs)} (instances, compile and checks, one ajv per schema).`);
  if (json2ts) {
    lines.push(
      `- naive (b) json-schema-to-typescript: ${seconds(json2ts.wallMs)} in all with ${json2ts.workers} worker process(es) (sum of per-schema generation times ${seconds(json2ts.generationMsSum)}), of which \`tsc --strict\` ${seconds(json2ts.tscMs)}. Network attempts recorded by the guard: ${json2ts.networkAttempts.length}.`,
    );
  }
  lines.push("");

  if (charter) {
    lines.push("## Schemas charter cannot handle that the naive pipeline can", "");
    const notBundled = measured.filter(
      (f) => charterBy.get(f.name) && !charterBy.get(f.name)!.bundled && ajvBy.get(f.name)?.compiled,
    );
    lines.push(`### Not bundled by charter, compiled by ajv (${notBundled.length})`, "");
    lines.push(
      ...grouped(
        notBundled.map((f) => ({
          s: charterBy.get(f.name)!,
          extra: tsBy.get(f.name)?.ok ? "json-schema-to-typescript also succeeds" : "",
        })),
        "bundle",
      ),
    );
    const noValidator = measured.filter(
      (f) => charterBy.get(f.name)?.bundled && !charterBy.get(f.name)!.validatorProduced && ajvBy.get(f.name)?.compiled,
    );
    lines.push(`### Bundled, but no validator from charter; ajv compiles (${noValidator.length})`, "");
    lines.push(
      ...grouped(
        noValidator.map((f) => ({ s: charterBy.get(f.name)!, extra: "" })),
        "validator",
      ),
    );
    const noTypes = measured.filter(
      (f) => charterBy.get(f.name)?.bundled && !charterBy.get(f.name)!.typesProduced && tsBy.get(f.name)?.ok,
    );
    lines.push(
      `### Bundled, but no types from charter; json-schema-to-typescript produces some (${noTypes.length})`,
      "",
    );
    lines.push(
      ...grouped(
        noTypes.map((f) => {
          const t = tsBy.get(f.name)!;
          return {
            s: charterBy.get(f.name)!,
            extra:
              t.tscOk === undefined
                ? "naive output not type-checked"
                : t.tscOk
                  ? "naive output compiles under tsc --strict"
                  : "naive output does not compile either",
          };
        }),
        "types",
      ),
    );
    const tscFails = measured.filter((f) => charterBy.get(f.name)?.typesTscOk === false);
    if (tscFails.length > 0) {
      lines.push(`### charter types that \`tsc --strict\` rejects (${tscFails.length})`, "");
      for (const f of tscFails)
        lines.push(`- **${f.name}**: ${esc((charterBy.get(f.name)!.tscErrors ?? []).join("; "))}`);
      lines.push("");
    }

    lines.push("## Instances charter judges wrongly where ajv judges right", "");
    const wrong: string[] = [];
    const bothWrong: string[] = [];
    let ajvOnlyWrong = 0;
    for (const f of measured) {
      const c = charterBy.get(f.name)?.verdicts ?? [];
      const a = new Map((ajvBy.get(f.name)?.verdicts ?? []).map((v) => [v.file, v]));
      for (const v of c) {
        const av = a.get(v.file);
        const cRight = v.accepted === (v.kind === "positive");
        if (!av) continue;
        const aRight = av.accepted === (av.kind === "positive");
        if (!cRight && aRight) {
          wrong.push(
            `- **${f.name}** \`${rel(v.file)}\` (${v.kind}): charter ${v.accepted ? "accepts" : `rejects: ${esc((v.errors ?? []).join("; "))}`}; ajv ${av.accepted ? "accepts" : `rejects: ${esc((av.errors ?? []).join("; "))}`}`,
          );
        } else if (!cRight && !aRight) {
          bothWrong.push(
            `- **${f.name}** \`${rel(v.file)}\` (${v.kind}): charter ${v.accepted ? "accepts" : `rejects: ${esc((v.errors ?? []).join("; "))}`}; ajv ${av.accepted ? "accepts" : `rejects: ${esc((av.errors ?? []).join("; "))}`}`,
          );
        } else if (cRight && !aRight) ajvOnlyWrong++;
      }
    }
    lines.push(...(wrong.length > 0 ? wrong : ["None."]), "");
    lines.push(
      `Where both have a validator: both wrong on ${bothWrong.length} instance(s); ajv wrong and charter right on ${ajvOnlyWrong}.`,
      "",
    );
    for (const line of bothWrong) lines.push(line);
    if (bothWrong.length > 0) lines.push("");
    const unchecked = measured.filter(
      (f) => charterBy.get(f.name) && !charterBy.get(f.name)!.validatorProduced && ajvBy.get(f.name)?.compiled,
    );
    const lost = unchecked.reduce((n, f) => n + (ajvBy.get(f.name)?.verdicts.length ?? 0), 0);
    lines.push(
      `Instances charter could not check because it produced no validator for their schema (ajv checked them): ${lost}, across ${
        unchecked
          .filter((f) => (ajvBy.get(f.name)?.verdicts.length ?? 0) > 0)
          .map((f) => f.name)
          .join(", ") || "no schema"
      }.`,
      "",
    );

    // The other direction, in short: what the naive pipeline cannot do that charter does.
    const naiveOnlyFails = measured.filter(
      (f) => charterBy.get(f.name)?.validatorProduced && ajvBy.get(f.name) && !ajvBy.get(f.name)!.compiled,
    );
    lines.push(
      `## The other direction: ajv fails to compile, charter produces a validator (${naiveOnlyFails.length})`,
      "",
    );
    for (const f of naiveOnlyFails) lines.push(`- ${f.name}: ${esc(ajvBy.get(f.name)!.error ?? "")}`);
    lines.push("");
    const typesOnlyCharter = measured.filter(
      (f) => charterBy.get(f.name)?.typesProduced && tsBy.get(f.name) && !tsBy.get(f.name)!.ok,
    );
    lines.push(
      `## The other direction: json-schema-to-typescript fails, charter produces types (${typesOnlyCharter.length})`,
      "",
    );
    if (typesOnlyCharter.length > 0) lines.push(typesOnlyCharter.map((f) => f.name).join(", "), "");
    const bothNoTypes = measured.filter(
      (f) =>
        charterBy.get(f.name) && !charterBy.get(f.name)!.typesProduced && tsBy.get(f.name) && !tsBy.get(f.name)!.ok,
    );
    lines.push(
      `Neither produces types: ${bothNoTypes.map((f) => `${f.name} (charter: ${causeOf(charterBy.get(f.name)!, charterBy.get(f.name)!.bundled ? "types" : "bundle")})`).join(", ") || "none"}.`,
      "",
    );
    const naiveTscFails = measured.filter((f) => tsBy.get(f.name)?.tscOk === false);
    lines.push(
      `json-schema-to-typescript outputs that \`tsc --strict\` rejects (${naiveTscFails.length}): ${naiveTscFails.map((f) => `${f.name} (${esc(tsBy.get(f.name)!.tscErrors?.[0] ?? "")})`).join("; ") || "none"}.`,
      "",
    );
  }

  if (json2ts) {
    const failed = (json2ts.schemas ?? []).filter((s) => !s.ok);
    const byReason = new Map<string, string[]>();
    for (const s of failed) {
      const reason = (s.error ?? "").replace(/"[^"]*"|'[^']*'|\/[^\s]+/g, "…").slice(0, 120);
      byReason.set(reason, [...(byReason.get(reason) ?? []), s.name]);
    }
    lines.push(`## json-schema-to-typescript failures (${failed.length})`, "");
    for (const [reason, names] of [...byReason].sort((a, b) => b[1].length - a[1].length))
      lines.push(`- ${esc(reason)} (${names.length}): ${names.join(", ")}`);
    lines.push("");
  }

  lines.push("## Method and caveats", "");
  for (const note of input.notes) lines.push(`- ${note}`);
  lines.push("");
  return lines.join("\n");
}
