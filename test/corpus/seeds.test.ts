/**
 * The schemas printed in the seed documents (../shared/seeds, the documents
 * this project was made from), saved as sources exactly as printed, generate
 * with charter's default settings. The seeds are read where they lie, never
 * copied here; without them this test fails rather than passing on nothing.
 */
import { existsSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { bindContracts, type Registry } from "charter-runtime";
import { printedSchemas, type PrintedSchema } from "../helpers/printed-schemas.js";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const SEEDS = fileURLToPath(new URL("../../../shared/seeds/", import.meta.url));
const NODE_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));

/** The schemas each seed prints, in order, counted by reading the seeds: an extractor that finds more or fewer fails. */
const PRINTED: Record<string, PrintedSchema["syntax"][]> = {
  // A problem manifest whose contract holds its parameter, result and metric schemas inline, in YAML.
  "000_1bf7fe32a63d81b4.txt": ["yaml", "yaml", "yaml"],
  // An evaluation-set manifest with a definition for the per-case file.
  "001_b87e0d359796526d.txt": ["json"],
  "002_184ca1be2a2ad76c.txt": [],
  "003_368922bc4f47114a.txt": [],
  // A task; then a root that is only a $ref to one of the message definitions beside it. The evidence-package YAML is no schema.
  "004_4a3b04029d2c5503.txt": ["json", "json"],
};

interface SeedSchema extends PrintedSchema {
  seed: string;
}

function seedSchemas(): SeedSchema[] {
  if (!existsSync(SEEDS))
    throw new Error(
      `the seed documents are missing: expected them in ${SEEDS} (../shared/seeds beside the repository)`,
    );
  const seeds = readdirSync(SEEDS)
    .filter((f) => f.endsWith(".txt"))
    .sort();
  expect(seeds, "the seed documents (update PRINTED when one is added)").toEqual(Object.keys(PRINTED));
  return seeds.flatMap((seed) =>
    printedSchemas(readFileSync(path.join(SEEDS, seed), "utf8")).map((schema) => ({ seed, ...schema })),
  );
}

/** Two ways to name the contracts: by seed and place, and by the name the schema gives itself, as its authors would save it. */
const LAYOUTS = {
  "by seed and index": (s: SeedSchema) => `seed-${s.seed.slice(0, 3)}-${s.index}`,
  // The stem of its $id, else the definition its root is (the harness's action.json), else the key it is printed under.
  "by the schema's own name": (s: SeedSchema) => {
    const value = s.value as Record<string, unknown>;
    if (typeof value.$id === "string") return value.$id.replace(/^.*\//, "").replace(/(\.schema)?\.json$/, "");
    if (typeof value.$ref === "string" && value.$ref.startsWith("#/$defs/"))
      return value.$ref.slice("#/$defs/".length).toLowerCase();
    if (s.key !== undefined) return s.key.replace(/-schema$/, "");
    throw new Error(`${s.seed} #${s.index} names itself nowhere`);
  },
} satisfies Record<string, (s: SeedSchema) => string>;

/** Instances to put to each generated validator and to ajv on the printed schema; the seeds print none of their own. */
const PROBES: unknown[] = [null, {}, [], "", 0, true];

describe("the schemas printed in the seed documents", () => {
  it("are found, each where it is printed, and only those", () => {
    const schemas = seedSchemas();
    for (const [seed, syntaxes] of Object.entries(PRINTED)) {
      expect(
        schemas.filter((s) => s.seed === seed).map((s) => s.syntax),
        seed,
      ).toEqual(syntaxes);
    }
    for (const s of schemas) {
      // The text saved as the source is the schema itself, standing alone.
      expect(s.syntax === "json" ? JSON.parse(s.text) : parseYaml(s.text), `${s.seed} #${s.index}`).toEqual(s.value);
    }
    // No two seeds give a schema the same $id: saved together, each keeps its own.
    const ids = schemas.flatMap((s) =>
      typeof (s.value as { $id?: unknown }).$id === "string" ? [(s.value as { $id: string }).$id] : [],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(Object.keys(LAYOUTS) as (keyof typeof LAYOUTS)[])(
    "generate with the default settings, saved as printed and named %s",
    { timeout: 180_000 },
    async (layout) => {
      const schemas = seedSchemas();
      const named = new Map(schemas.map((s) => [LAYOUTS[layout](s), s]));
      expect(named.size, "one contract per schema").toBe(schemas.length);
      // No config file: every setting is charter's default.
      const dir = tempTree(
        Object.fromEntries([...named].map(([name, s]) => [`schema-src/${name}.${s.syntax}`, s.text])),
      );
      const run = await runCli(["generate"], dir);
      const errors = `${run.stdout}\n${run.stderr}`.split("\n").filter((line) => / error CH\d+ /.test(line));
      expect({ code: run.code, errors }, run.stdout + run.stderr).toEqual({ code: 0, errors: [] });

      const generated = path.join(dir, "generated");
      for (const name of named.keys()) {
        for (const file of [`schemas/${name}.schema.json`, `types/${name}.ts`, `validators/${name}.js`]) {
          expect(existsSync(path.join(generated, file)), `${name}: ${file}`).toBe(true);
        }
      }

      // Linked only now: with a node_modules beside the config, generate would keep its cache in it.
      symlinkSync(NODE_MODULES, path.join(dir, "node_modules"));
      const { registry } = (await import(pathToFileURL(path.join(generated, "validators/index.js")).href)) as {
        registry: Registry;
      };
      const runtime = bindContracts(registry);
      const checked: string[] = [];
      for (const [name, s] of named) {
        // ajv on the schema as printed is the judge of every verdict, for the root and each definition the runtime exports.
        const ajv = new Ajv2020({ strict: false, allErrors: true });
        const value = s.value as Record<string, unknown>;
        const key = typeof value.$id === "string" ? value.$id : `urn:seed:${name}`;
        ajv.addSchema(value, typeof value.$id === "string" ? undefined : key);
        for (const contract of runtime.contracts().filter((c) => c === name || c.startsWith(`${name}#`))) {
          const judge = ajv.getSchema(key + contract.slice(name.length))!;
          expect(judge, contract).toBeDefined();
          for (const probe of PROBES) {
            expect((await runtime.validate(contract, probe)).ok, `${contract} on ${JSON.stringify(probe)}`).toBe(
              judge(probe),
            );
          }
          checked.push(contract);
        }
      }
      // Each contract was put to the probes, and so was each definition its validators export.
      expect(checked.filter((c) => !c.includes("#")).sort()).toEqual([...named.keys()].sort());
      expect(checked.length).toBeGreaterThan(named.size);
    },
  );
});
