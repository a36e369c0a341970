import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { jsonKeyLines } from "../../compiler/load/json-key-lines.js";
import { parseJsonSource } from "../../compiler/load/parse-json-source.js";
import { parseSource } from "../../compiler/load/parse-source.js";
import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { CHARTER_KEYWORD } from "../../schema/keywords.js";
import type { DocsContract, DocsInput } from "../../targets/docs/docs-input.js";
import { registryTypeNames } from "../../targets/docs/type-declarations.js";

interface ManifestEntry {
  name: string;
  $id: string;
  dialect: string;
  source: string;
  digest: string;
  embeds?: string[];
  version?: string;
  artifacts: { schema: string; types?: string; validator?: string };
}

interface Manifest {
  sourceRoot?: string;
  version?: string;
  contracts: ManifestEntry[];
}

/** What `charter docs` reads, and the validator files the payload box bundles. */
export interface DocsTree {
  input: DocsInput;
  /** The validator module of each contract that has one, by contract name. */
  validators: Map<string, string>;
}

/**
 * Reads the committed generated tree (manifest, bundles, types, the registry) and each
 * contract's source, for its lines and counterexamples. A source that is gone or no longer
 * parses costs its lines only: the tree is what the site documents.
 */
export async function readDocsTree(outDir: string, rootDir: string): Promise<DocsTree | { missing: string }> {
  const manifestFile = path.join(outDir, "manifest.json");
  const registryFile = path.join(outDir, "validators", "index.js");
  if (!existsSync(manifestFile)) return { missing: "manifest.json" };
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as Manifest;
  const declarationsFile = path.join(outDir, "validators", "index.d.ts");
  const typeNames = existsSync(declarationsFile)
    ? registryTypeNames(await readFile(declarationsFile, "utf8"))
    : new Map<string, string>();
  const registry = existsSync(registryFile)
    ? (
        (await import(pathToFileURL(registryFile).href)) as {
          registry: Record<string, { rules: Record<string, string> }>;
        }
      ).registry
    : {};
  const sourceRoot = path.resolve(outDir, manifest.sourceRoot ?? "../schema-src");
  const validators = new Map<string, string>();
  const contracts: DocsContract[] = [];
  for (const entry of manifest.contracts) {
    const sourceFile = path.join(sourceRoot, entry.source);
    const source = await readSource(sourceFile);
    const typesFile = entry.artifacts.types === undefined ? undefined : path.join(outDir, entry.artifacts.types);
    const contract: DocsContract = {
      name: entry.name,
      source: path.relative(rootDir, sourceFile).split(path.sep).join("/"),
      digest: entry.digest,
      dialect: entry.dialect,
      id: entry.$id,
      schema: JSON.parse(await readFile(path.join(outDir, entry.artifacts.schema), "utf8")) as JsonObject,
      embeds: entry.embeds ?? [],
      sourceLines: source.lines,
      counterexamples: source.counterexamples,
      rules: Object.prototype.hasOwnProperty.call(registry, entry.name) ? registry[entry.name]!.rules : {},
      hasValidator: entry.artifacts.validator !== undefined,
      ...(entry.version !== undefined ? { version: entry.version } : {}),
    };
    if (typesFile !== undefined && existsSync(typesFile)) contract.typesModule = await readFile(typesFile, "utf8");
    if (entry.artifacts.validator !== undefined)
      validators.set(entry.name, path.join(outDir, entry.artifacts.validator));
    contracts.push(contract);
  }
  const input: DocsInput = { contracts, typeNames };
  if (manifest.version !== undefined) input.version = manifest.version;
  return { input, validators };
}

async function readSource(
  file: string,
): Promise<{ lines: Map<string, number>; counterexamples: DocsContract["counterexamples"] }> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  // A JSON source without counterexamples needs its keys' lines only, which a scan finds
  // without reading the value (the full reading was a fifth of `charter docs` on the SchemaStore
  // corpus; the YAML parser, which reads JSON too, took longer still).
  const json = file.endsWith(".json");
  if (json && text !== undefined && !text.includes(CHARTER_KEYWORD.counterexamples))
    return { lines: jsonKeyLines(text) ?? new Map(), counterexamples: [] };
  const parse = json ? parseJsonSource : parseSource;
  const parsed = text === undefined ? undefined : parse(text, file).parsed;
  if (parsed === undefined) return { lines: new Map(), counterexamples: [] };
  const lines = new Map<string, number>();
  for (const [pointer, position] of parsed.positions) lines.set(pointer, position.line);
  // A member's line is its key's, where a reader finds it.
  for (const [pointer, position] of parsed.keyPositions) lines.set(pointer, position.line);
  const declared = isJsonObject(parsed.value) ? parsed.value[CHARTER_KEYWORD.counterexamples] : undefined;
  const counterexamples = Array.isArray(declared)
    ? declared.flatMap((item: JsonValue) =>
        isJsonObject(item) && item["value"] !== undefined
          ? [item["error"] === undefined ? { value: item["value"] } : { value: item["value"], error: item["error"] }]
          : [],
      )
    : [];
  return { lines, counterexamples };
}
