import { readFile } from "node:fs/promises";
import path from "node:path";
import { compile } from "../../pipeline/compile.js";
import { hasErrors, type Diagnostic, type DiagnosticPlace, type SourcePosition } from "../../core/diagnostic.js";
import { fragmentToPointer, joinPointer, splitPointer } from "../../core/json-pointer.js";
import { parseSource } from "../../compiler/load/parse-source.js";
import { contractTree, isDiffInput } from "../../diff/contract-tree.js";
import { diffTrees, type ContractTree, type JudgedFinding } from "../../diff/diff-trees.js";
import { baseUnreadable, findingDiagnostic, versionDiagnostic } from "../../diff/diff-diagnostics.js";
import type { ParsedArgs } from "../args.js";
import type { Settings } from "../config.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, type CliIo } from "../io.js";
import { displayPath, formatDiagnostic, relativeDiagnostic } from "../print.js";
import { readGitTree } from "../read-git-tree.js";
import { readTree } from "../read-tree.js";
import { definitionPagesOf, placeHref } from "../../targets/docs/page-links.js";
import { registryTypeNames } from "../../targets/docs/type-declarations.js";
import { errorCount } from "../run-summary.js";

/**
 * `charter diff --base REF | --base-dir DIR`: the contracts of the working
 * tree (compiled afresh, in memory) against another version of the generated
 * tree, each change judged by the config's `diff` section and the versions.
 */
export async function runDiff(args: ParsedArgs, settings: Settings, io: CliIo): Promise<number> {
  const against = args.base !== undefined ? `${args.base}` : displayPath(path.resolve(io.cwd, args.baseDir!), io.cwd);
  const base = await readBase(args, settings, io.cwd);
  if (typeof base === "string") {
    const unreadable = baseUnreadable(against, base);
    if (args.format === "json")
      io.stdout(
        JSON.stringify({ command: "diff", ok: false, base: against, diagnostics: [unreadable] }, null, 2) + "\n",
      );
    else io.stderr(formatDiagnostic(unreadable, io.cwd, args.format) + "\n");
    return EXIT_USAGE;
  }
  const result = await compile({ ...settings, typeCheck: false });
  if (hasErrors(result.diagnostics)) {
    if (args.format === "json") {
      io.stdout(
        JSON.stringify(
          {
            command: "diff",
            ok: false,
            base: against,
            diagnostics: result.diagnostics.map((d) => relativeDiagnostic(d, io.cwd)),
          },
          null,
          2,
        ) + "\n",
      );
      return EXIT_FINDINGS;
    }
    for (const d of result.diagnostics) io.stdout(formatDiagnostic(d, io.cwd, args.format) + "\n");
    io.stdout(`charter diff: ${errorCount(result.diagnostics)} in the sources; nothing compared\n`);
    return EXIT_FINDINGS;
  }
  const head = contractTree(new Map([...result.files].filter(([file]) => isDiffInput(file))));
  if (typeof head === "string") throw new Error(`the fresh tree has no manifest: ${head}`);
  const report = diffTrees(base, head, settings.diff);
  const locate = await locator(head, settings.sourceDir);

  const docsLink = args.format === "github" ? docsLinker(settings.docsBaseUrl, result.files) : undefined;
  const findings = report.findings.map((f) => {
    const d = findingDiagnostic(
      f,
      locate(f.contract, f.headPointer ?? f.basePointer, f.headPointer ? f.keyword : undefined),
    );
    const link = f.headPointer === undefined ? undefined : docsLink?.(f.contract, f.headPointer);
    return link === undefined ? d : { ...d, message: `${d.message} (docs: ${link})` };
  });
  const versions = report.versions.flatMap((v) => versionDiagnostic(v, locate(v.contract, "#")) ?? []);

  if (args.format === "json") {
    const located = report.findings.map((f, i) => ({ ...f, ...where(findings[i]!, io.cwd) }));
    io.stdout(
      JSON.stringify(
        { command: "diff", ok: report.ok, base: against, findings: located, versions: report.versions },
        null,
        2,
      ) + "\n",
    );
    return report.ok ? EXIT_OK : EXIT_FINDINGS;
  }
  for (const d of [...findings, ...versions]) io.stdout(formatDiagnostic(d, io.cwd, args.format) + "\n");
  const count = (verdict: JudgedFinding["verdict"]) => report.findings.filter((f) => f.verdict === verdict).length;
  const parts = [
    `${count("breaking")} breaking`,
    `${count("allowed-by-version")} allowed by version bumps`,
    `${count("ignored")} ignored`,
    `${count("compatible")} compatible`,
  ];
  io.stdout(`charter diff: ${parts.join(", ")} (against ${against})\n`);
  return report.ok ? EXIT_OK : EXIT_FINDINGS;
}

async function readBase(args: ParsedArgs, settings: Settings, cwd: string): Promise<ContractTree | string> {
  let files: Map<string, string>;
  if (args.base !== undefined) {
    const read = readGitTree(settings.outDir, args.base, isDiffInput);
    if (typeof read === "string") return `${displayPath(settings.outDir, cwd)}: ${read}`;
    // Before the project generated anything: every contract is new.
    if (read.size === 0)
      return {
        manifest: { manifestVersion: 1, baseUri: settings.baseUri, sourceRoot: "", contracts: [] },
        files: read,
      };
    files = read;
  } else {
    const dir = path.resolve(cwd, args.baseDir!);
    files = new Map();
    for (const [file, bytes] of readTree(dir))
      if (bytes !== null && isDiffInput(file)) files.set(file, bytes.toString("utf8"));
    if (files.size === 0) return `${displayPath(dir, cwd)} holds no generated tree`;
  }
  return contractTree(files);
}

/**
 * Where a finding is in the working tree's sources: a bundle pointer of the
 * contract's own document is the same pointer in its source; one inside an
 * embedded document (a top-level definition whose `$id` is another contract's,
 * whatever key the bundle gave it) is in that contract's source. A place that
 * is gone is shown at the nearest place that is still there.
 */
async function locator(
  head: ContractTree,
  sourceDir: string,
): Promise<(contract: string, pointer: string | undefined, keyword?: string) => DiagnosticPlace> {
  const sources = new Map<
    string,
    { file: string; positions: ReadonlyMap<string, SourcePosition>; keys: ReadonlyMap<string, SourcePosition> }
  >();
  const byId = new Map(head.manifest.contracts.map((c) => [c.$id, c.name]));
  /** By contract, then by `<container>/<key>`: the contract embedded there. */
  const embeddedAt = new Map<string, Map<string, string>>();
  for (const contract of head.manifest.contracts) {
    const file = path.join(sourceDir, contract.source);
    const parsed = parseSource(await readFile(file, "utf8").catch(() => ""), file).parsed;
    sources.set(contract.name, {
      file,
      positions: parsed?.positions ?? new Map(),
      keys: parsed?.keyPositions ?? new Map(),
    });
    const schemaFile = contract.artifacts["schema"];
    const bundle: unknown = JSON.parse((schemaFile !== undefined ? head.files.get(schemaFile) : undefined) ?? "null");
    const idKeyword = contract.dialect === "draft-04" ? "id" : "$id";
    const places = new Map<string, string>();
    for (const container of ["$defs", "definitions"]) {
      for (const [key, schema] of Object.entries(members(members(bundle)[container]))) {
        const id = members(schema)[idKeyword];
        const owner = typeof id === "string" ? byId.get(id) : undefined;
        if (owner !== undefined && owner !== contract.name) places.set(`${container}/${key}`, owner);
      }
    }
    embeddedAt.set(contract.name, places);
  }
  return (contract, pointer, keyword) => {
    let owner = contract;
    let tokens =
      pointer !== undefined && pointer.startsWith("#") ? splitPointer(fragmentToPointer(pointer.slice(1)) ?? "") : [];
    const embedded = tokens.length >= 2 ? embeddedAt.get(contract)?.get(`${tokens[0]}/${tokens[1]}`) : undefined;
    if (embedded !== undefined) {
      owner = embedded;
      tokens = tokens.slice(2);
    }
    const source = sources.get(owner);
    if (source === undefined) return {};
    // The keyword that changed, at its key (`maxLength:`), where the source has it there.
    const changed =
      keyword !== undefined ? source.keys.get(joinPointer("", ...tokens, ...splitPointer(`/${keyword}`))) : undefined;
    if (changed !== undefined) return { file: source.file, position: changed };
    for (let n = tokens.length; n >= 0; n--) {
      const at = joinPointer("", ...tokens.slice(0, n));
      const position = source.positions.get(at);
      if (position !== undefined) return { file: source.file, position };
    }
    return { file: source.file };
  };
}

/** A JSON object's members; none for anything else. */
function members(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A finding's place for `--format json`, beside its rule and pointers. */
function where(d: Diagnostic, cwd: string): { file?: string; line?: number; column?: number } {
  return {
    ...(d.file !== undefined ? { file: displayPath(d.file, cwd) } : {}),
    ...(d.line !== undefined ? { line: d.line, ...(d.column !== undefined ? { column: d.column } : {}) } : {}),
  };
}

/**
 * With `docs.baseUrl`, where the published site shows a place of the fresh tree: the member's
 * row on its contract's or definition's page, as `charter docs` anchors it.
 */
function docsLinker(
  baseUrl: string | undefined,
  files: ReadonlyMap<string, string>,
): ((contract: string, pointer: string) => string) | undefined {
  if (baseUrl === undefined) return undefined;
  const pages = definitionPagesOf(registryTypeNames(files.get("validators/index.d.ts") ?? "").keys());
  return (contract, pointer) => `${baseUrl}${placeHref(contract, pointer, pages)}`;
}
