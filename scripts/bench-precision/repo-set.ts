/**
 * This repository's contracts: the committed tree in generated/ (bundles,
 * types, manifest), the type names compile() gives them under the settings
 * of charter.config.yaml, and as instances each contract's examples and
 * counterexamples, read by the check stage (`examples` entries, the
 * `x-charter-counterexamples` list, the `.examples/` and
 * `.counterexamples/` folders), plus the data files of
 * examples/typed-client, which ajv sorts into valid and invalid (the client
 * reads them to show both).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resolveSettings } from "../../src/cli/config.js";
import { parseSource } from "../../src/compiler/load/parse-source.js";
import { manifestContracts, unitOf, type Tree } from "./manifest-units.js";
import type { UnitSpec } from "./measure.js";
import { contractFacts } from "./names.js";
import type { RawInstance } from "./probes.js";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** examples/typed-client's data files, by the contract the client reads them with. */
const CLIENT_DATA: readonly { contract: string; files: (name: string) => boolean; folder: string }[] = [
  { contract: "agent/result", folder: "examples/typed-client/data/results", files: (f) => /\.(json|ya?ml)$/.test(f) },
  {
    contract: "problems/contract",
    folder: "examples/typed-client/data/problems",
    files: (f) => /(^|\/)contract\.ya?ml$/.test(f) || f.startsWith("invalid/"),
  },
];

function readTree(dir: string): Map<string, string> {
  const tree = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    tree.set(path.relative(dir, file).split(path.sep).join("/"), readFileSync(file, "utf8"));
  }
  return tree;
}

function clientData(contract: string): RawInstance[] {
  const out: RawInstance[] = [];
  for (const entry of CLIENT_DATA.filter((e) => e.contract === contract)) {
    const folder = path.join(REPO_ROOT, entry.folder);
    const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter(entry.files).sort();
    for (const file of files) {
      const absolute = path.join(folder, file);
      const { parsed } = parseSource(readFileSync(absolute, "utf8"), absolute);
      if (parsed) out.push({ source: path.relative(REPO_ROOT, absolute), value: parsed.value, declared: "judged" });
    }
  }
  return out;
}

export interface RepoSet {
  units: UnitSpec[];
  contracts: number;
  /** The tree the checks import charter's types from. */
  typesRoot: string;
}

export async function repoUnits(): Promise<RepoSet> {
  const { settings, diagnostics } = await resolveSettings({}, REPO_ROOT);
  if (!settings) throw new Error(`charter.config.yaml: ${diagnostics.map((d) => d.message).join("; ")}`);
  const tree: Tree = readTree(settings.outDir);
  const typesRoot = path.join(settings.outDir, "types");
  const contracts = manifestContracts(tree);
  const facts = await contractFacts(
    settings,
    contracts.map((c) => c.name),
    true,
  );
  const units: UnitSpec[] = [];
  for (const contract of contracts) {
    const declared = facts.declared.get(contract.name) ?? [];
    const pointers = [...new Set(["", ...declared.map((d) => d.schemaPointer)])];
    for (const pointer of pointers) {
      const raws: RawInstance[] = declared
        .filter((d) => d.schemaPointer === pointer)
        .map((d) => ({
          source: `${path.relative(REPO_ROOT, d.file)}${d.fromExamplesKeyword || d.pointer !== "" ? `#${d.pointer}` : ""}`,
          value: d.value,
          declared: d.expected ? "invalid" : "valid",
        }));
      if (pointer === "") raws.push(...clientData(contract.name));
      if (raws.length > 0)
        units.push(unitOf(tree, contract, pointer, facts.typeNames.get(contract.name), typesRoot, raws));
    }
  }
  return { units, contracts: contracts.length, typesRoot };
}
