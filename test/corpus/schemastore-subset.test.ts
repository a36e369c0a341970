import { copyFileSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { SCHEMASTORE, SCHEMASTORE_OPTIONS } from "../../scripts/schemastore-corpus.js";
import { tempTree } from "../helpers/temp-tree.js";

// A fast slice of the SchemaStore corpus for CI; `npm run corpus:schemastore` runs all of it.
const CORPUS = fileURLToPath(new URL("../../../shared/corpora/schemastore/", import.meta.url));
const SCHEMAS = SCHEMASTORE;
const SUBSET = [
  "anywork-ac-1.0",
  "azure-deviceupdate-import-manifest-4.0",
  "clasp",
  "podman-desktop-extension",
  "prisma",
  "taskfile",
];

async function compileSubset() {
  const dir = tempTree();
  for (const name of SUBSET) copyFileSync(path.join(SCHEMAS, `${name}.json`), path.join(dir, `${name}.json`));
  // The same catalogue mapping as the whole-corpus scripts, over a copied slice of its schemas.
  return compile({ ...SCHEMASTORE_OPTIONS, sourceDir: dir, outDir: path.join(dir, "..", "out"), typeNaming: "short" });
}

function instances(kind: "test" | "negative_test", name: string): [string, unknown][] {
  const dir = path.join(CORPUS, kind, name);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), "utf8"))]);
}

describe("SchemaStore subset through the catalog", () => {
  it("bundles what resolves offline and locates what does not", async () => {
    const result = await compileSubset();
    expect(result.produced).toEqual([
      "anywork-ac-1.0",
      "azure-deviceupdate-import-manifest-4.0",
      "clasp",
      "podman-desktop-extension",
      "prisma",
    ]);
    expect(result.failed).toEqual(["taskfile"]);
    const located = result.diagnostics.map(
      (d) => `${path.basename(d.file ?? "")}:${d.line}:${d.column} ${d.severity} ${d.code}`,
    );
    // taskfile's root names a schema on another host: an error, as ajv fails too.
    expect(located).toContain("taskfile.json:2:11 error CH206");
    // base-04 (which clasp uses) names a file it lacks, where no contract's root ever evaluates: a warning, as ajv never resolves it.
    expect(located).toContain("base-04.json:68:19 warning CH309");
    expect(located.filter((l) => l.startsWith("clasp.json"))).toEqual([]);
    // Documents reached through the catalog are embedded under the URI they were reached by.
    const podman = JSON.parse(result.files.get("schemas/podman-desktop-extension.schema.json")!) as {
      definitions: Record<string, unknown>;
    };
    expect(Object.keys(podman.definitions)).toContain("https://json.schemastore.org/package.json");
  });

  it("accepts the corpus's valid instances and rejects its invalid ones with the bundled schemas alone", async () => {
    const result = await compileSubset();
    for (const name of ["azure-deviceupdate-import-manifest-4.0", "prisma"]) {
      const ajv = new Ajv({ strict: false, allErrors: true });
      addFormats.default(ajv);
      const validate = ajv.compile(JSON.parse(result.files.get(`schemas/${name}.schema.json`)!));
      for (const [file, data] of instances("test", name)) expect(validate(data), `${name}/${file}`).toBe(true);
      for (const [file, data] of instances("negative_test", name))
        expect(validate(data), `${name}/${file}`).toBe(false);
    }
  });

  it(
    "handles the schemas the naive pipeline handled and charter once did not, each for its own cause",
    { timeout: 120_000 },
    async () => {
      const names = [
        "mkdocs-1.0",
        "partial-cibuildwheel",
        "pre-commit-config",
        "traefik-v2",
        "traefik-v2-file-provider",
      ];
      const dir = tempTree();
      for (const name of names) copyFileSync(path.join(SCHEMAS, `${name}.json`), path.join(dir, `${name}.json`));
      // mkdocs-1.0 is strict upstream (not in ajvNotStrictMode): its required name is declared by an allOf sibling's $ref.
      const validation = {
        ...SCHEMASTORE_OPTIONS.validation!,
        contracts: new Map([["mkdocs-1.0", { strictness: "strict" as const }]]),
      };
      const result = await compile({
        ...SCHEMASTORE_OPTIONS,
        sourceDir: dir,
        outDir: path.join(dir, "..", "out"),
        validation,
      });
      expect(
        result.diagnostics
          .filter((d) => d.severity === "error")
          .map((d) => `${path.basename(d.file ?? "")}:${d.line} ${d.code} ${d.message}`),
      ).toEqual([]);
      for (const name of names) {
        expect(result.files.has(`validators/${name}.js`), `${name} has validators`).toBe(true);
        expect(result.files.has(`types/${name}.ts`), `${name} has types`).toBe(true);
      }
      // Qualified names: traefik-v2's fileProvider definition gives way to the contract named traefik-v2-file-provider.
      expect(result.files.get("types/traefik-v2.ts")).toContain("TraefikV2_FileProvider");
      // pre-commit-config's negative tests rely on the assertions beside a draft-07 $ref applying (refSiblings: apply).
      const ajv = new Ajv({ strict: false, allErrors: true });
      addFormats.default(ajv);
      const validate = ajv.compile(JSON.parse(result.files.get("schemas/pre-commit-config.schema.json")!));
      for (const [file, data] of instances("test", "pre-commit-config")) expect(validate(data), file).toBe(true);
      for (const [file, data] of instances("negative_test", "pre-commit-config"))
        expect(validate(data), file).toBe(false);
    },
  );
});
