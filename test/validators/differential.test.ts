/**
 * The standalone validators charter writes must decide exactly as ajv does
 * when it compiles the same bundled schema at run time: ajv's verdict; every
 * violation ajv's all-errors function lists, except those inside a failed
 * anyOf, oneOf, contains or propertyNames past each branch's first (the
 * one-module form), and none it does not list; and, stopped at the first
 * violation (the runtime's limit 0), the list ajv's first-error function gives. Instances: the
 * examples of this repository's contracts, the valid and invalid instances of
 * a SchemaStore sample, and instances derived from all of them by seeded
 * mutations (so every run checks the same ones).
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { getAtPointer } from "../../src/core/json-pointer.js";
import { parseSource } from "../../src/compiler/load/parse-source.js";
import type { Dialect } from "../../src/schema/dialect.js";
import { resolveSettings } from "../../src/cli/config.js";
import { createAjv, type AjvSettings } from "../../src/targets/validators/create-ajv.js";
import { policyFor, type Formats } from "../../src/settings/validation.js";
import { SCHEMASTORE, SCHEMASTORE_OPTIONS } from "../../scripts/schemastore-corpus.js";
import { generateImportable } from "../helpers/generate-importable.js";
import { readdirSync, readFileSync } from "node:fs";

type Validator = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; schemaPath: string; keyword: string; params: unknown }[] | null;
};
interface Manifest {
  contracts: {
    name: string;
    $id: string;
    dialect: Dialect;
    source: string;
    artifacts: { schema: string; validator?: string };
  }[];
}
interface Case {
  label: string;
  data: unknown;
}

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const CORPUS = path.join(SCHEMASTORE, "..");
// Every dialect charter generates validators for, from the corpus: draft-04, draft-07, 2020-12.
const SAMPLE = [
  "global",
  "web-manifest-share-target",
  "all-contributors",
  "asconfig-schema",
  "bxci.schema-2.x",
  "openhab-5.1",
  "enonic-xp-site-8.0.0",
];
const MUTATIONS_PER_INSTANCE = 12;

/** A small seeded generator (mulberry32): the same mutations on every run and machine. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REPLACEMENTS: unknown[] = [null, 0, -1, 1.5, 1e12, "", "x", "not-a-uri :", true, [], {}, [1, "a"], { "": null }];

/** One instance changed in one place: a value replaced, a member removed or added, an item duplicated. */
function mutate(data: unknown, next: () => number): unknown {
  const copy = structuredClone(data);
  const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        places.push({ parent: value, key: i });
        collect(item);
      });
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        places.push({ parent: value as Record<string, unknown>, key: k });
        collect(v);
      }
    }
  };
  collect(copy);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  if (places.length === 0) return pick(REPLACEMENTS);
  const { parent, key } = pick(places);
  const kind = Math.floor(next() * 4);
  if (kind === 0) (parent as Record<string | number, unknown>)[key] = structuredClone(pick(REPLACEMENTS));
  else if (kind === 1) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else if (kind === 2) {
    if (Array.isArray(parent)) parent.push(structuredClone(parent[key as number]));
    else parent[`${String(key)}-extra`] = structuredClone(parent[key as string]);
  } else {
    const value = (parent as Record<string | number, unknown>)[key];
    (parent as Record<string | number, unknown>)[key] =
      typeof value === "string"
        ? value.repeat(40)
        : typeof value === "number"
          ? -value - 1
          : Array.isArray(value)
            ? []
            : value === null
              ? "null"
              : {};
  }
  return copy;
}

function withMutations(cases: readonly Case[], seed: number): Case[] {
  const next = random(seed);
  return cases.flatMap((c) => [
    c,
    ...Array.from({ length: MUTATIONS_PER_INSTANCE }, (_, i) => ({
      label: `${c.label} mutation ${i}`,
      data: mutate(c.data, next),
    })),
  ]);
}

const errorsOf = (v: Validator) =>
  (v.errors ?? []).map((e) => JSON.stringify([e.instancePath, e.keyword, e.params])).sort();

const COMPOSITE_KEYWORDS = new Set(["anyOf", "oneOf", "contains", "propertyNames", "not", "if"]);

/**
 * ajv's violations that ours leave out without cause: each one left out must lie at or below a
 * value where ours report a failed composite (its branches stop at their first error there).
 */
function unexplained(ours: Validator, theirs: Validator): string[] {
  const left = errorsOf(ours);
  const composites = (ours.errors ?? []).filter((e) => COMPOSITE_KEYWORDS.has(e.keyword)).map((e) => e.instancePath);
  return (theirs.errors ?? []).flatMap((e) => {
    const key = JSON.stringify([e.instancePath, e.keyword, e.params]);
    const at = left.indexOf(key);
    if (at >= 0) {
      left.splice(at, 1);
      return [];
    }
    const below = composites.some((p) => e.instancePath === p || e.instancePath.startsWith(`${p}/`));
    return below ? [] : [key];
  });
}

/** Our violations that ajv's all-errors function does not list (as many times): none, when ours only leave some out. */
function notListedBy(ours: Validator, theirs: Validator): string[] {
  const left = errorsOf(theirs);
  return errorsOf(ours).filter((e) => {
    const at = left.indexOf(e);
    if (at >= 0) left.splice(at, 1);
    return at < 0;
  });
}

/**
 * charter's schema paths start at the bundle's root; ajv's at the schema of
 * the function that reported the error. Each of ours must name a place in the
 * bundle, and end with the path ajv gives for the same error.
 */
function schemaPathsAgree(bundle: unknown, ours: Validator, theirs: Validator): string[] {
  const problems: string[] = [];
  for (const e of ours.errors ?? []) {
    const pointer = decodeURIComponent(e.schemaPath.slice(1));
    // A contract that extends a dialect's meta-schema (charter/source) refers to it by URL, unbundled:
    // what that meta-schema finds is placed in the meta-schema, as ajv places it.
    const extendsMetaSchema = JSON.stringify(bundle).includes('"$ref":"https://json-schema.org/');
    if (getAtPointer(bundle, pointer) === undefined && !extendsMetaSchema)
      problems.push(`${e.schemaPath} is not in the bundle`);
    const same = (theirs.errors ?? []).filter(
      (t) =>
        t.instancePath === e.instancePath &&
        t.keyword === e.keyword &&
        JSON.stringify(t.params) === JSON.stringify(e.params),
    );
    // charter names a `false` subschema by its own pointer where ajv appends "/false schema".
    if (!same.some((t) => e.schemaPath.endsWith(t.schemaPath.slice(1).replace(/\/false schema$/, ""))))
      problems.push(`${e.schemaPath} does not end with ajv's ${same.map((t) => t.schemaPath).join(" or ")}`);
  }
  return problems;
}

/** Compares the generated modules of one contract export with ajv compiling the bundle, over every case. */
async function compare(
  outDir: string,
  manifest: Manifest,
  contract: string,
  exportName: string,
  pointer: string,
  cases: readonly Case[],
  formats: Formats = "dialect",
) {
  const entry = manifest.contracts.find((c) => c.name === contract)!;
  const bundle = JSON.parse(readFileSync(path.join(outDir, entry.artifacts.schema), "utf8")) as object;
  const compiled = (settings: AjvSettings): Validator => {
    const ajv = createAjv(entry.dialect, { ...settings, formats }, { warnings: [] });
    ajv.addSchema(bundle);
    return ajv.getSchema(entry.$id + (pointer ? `#${pointer}` : "")) as Validator;
  };
  const modulePath = path.join(outDir, entry.artifacts.validator!);
  const module = (await import(pathToFileURL(modulePath).href)) as Record<string, Validator> & {
    __charterErrors: { limit: number; list: Validator["errors"]; nest: number };
  };
  const ours = module[exportName]!;
  const cap = module.__charterErrors;
  const ajvFirst = compiled({});
  const ajvAll = compiled({ allErrors: true });
  let valid = 0;
  for (const { label, data } of cases) {
    const verdict = ours(data);
    expect(verdict, `${contract} ${label}: the standalone verdict`).toBe(ajvFirst(data));
    ajvAll(data);
    expect(notListedBy(ours, ajvAll), `${contract} ${label}: violations ajv's all-errors function lists`).toEqual([]);
    expect(unexplained(ours, ajvAll), `${contract} ${label}: ajv's violations left out`).toEqual([]);
    expect(schemaPathsAgree(bundle, ours, ajvAll), `${contract} ${label}: the schema paths`).toEqual([]);
    if (!verdict) {
      // Stopped at the first violation, as the runtime's `errors: "first"` and `isValid` run it.
      cap.limit = 0;
      let stopped: Validator["errors"] = undefined;
      try {
        ours(data);
      } catch (thrown) {
        if (thrown !== cap) throw thrown;
        stopped = cap.list;
      } finally {
        Object.assign(cap, { limit: Infinity, list: null, nest: 0 });
      }
      expect(errorsOf({ errors: stopped } as Validator), `${contract} ${label}: the first violation`).toEqual(
        errorsOf(ajvFirst),
      );
    }
    if (verdict) valid++;
  }
  return { valid, invalid: cases.length - valid };
}

describe("standalone validators against ajv.compile on the same bundle", () => {
  it("agree on this repository's contract examples, counterexamples and their mutations", async () => {
    const outDir = path.join(REPO, "generated");
    const manifest = JSON.parse(readFileSync(path.join(outDir, "manifest.json"), "utf8")) as Manifest;
    const { registry } = (await import("../../generated/validators/index.js")) as {
      registry: Record<string, { contract: string; exportName: string }>;
    };
    // Formats are checked as this repository's config says for each contract.
    const { settings } = await resolveSettings({ catalog: [] }, REPO);
    let checked = 0;
    for (const [name, entry] of Object.entries(registry)) {
      const contract = manifest.contracts.find((c) => c.name === entry.contract)!;
      const source = parseSource(
        readFileSync(path.join(outDir, "..", "schema-src", contract.source), "utf8"),
        contract.source,
      ).parsed!.value as Record<string, unknown>;
      const pointer = name.includes("#") ? decodeURIComponent(name.slice(name.indexOf("#") + 1)) : "";
      const schema = pointer
        .split("/")
        .slice(1)
        .reduce<unknown>(
          (s, token) => (s as Record<string, unknown>)[token.replace(/~1/g, "/").replace(/~0/g, "~")],
          source,
        ) as {
        examples?: unknown[];
        "x-charter-counterexamples"?: { value: unknown }[];
      };
      const examples = (schema.examples ?? []).map((data, i) => ({ label: `example ${i}`, data }));
      const counterexamples = (schema["x-charter-counterexamples"] ?? []).map((c, i) => ({
        label: `counterexample ${i}`,
        data: c.value,
      }));
      if (examples.length + counterexamples.length === 0) continue;
      const outcome = await compare(
        outDir,
        manifest,
        entry.contract,
        entry.exportName,
        pointer,
        withMutations([...examples, ...counterexamples], 1),
        policyFor(settings!.validation, entry.contract).formats,
      );
      expect(outcome.valid, `${name}: examples are valid`).toBeGreaterThanOrEqual(examples.length);
      expect(outcome.invalid, `${name}: counterexamples and some mutations are invalid`).toBeGreaterThan(
        counterexamples.length,
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it(
    "agree on a SchemaStore sample in three dialects: its instances and their mutations",
    { timeout: 240_000 },
    async () => {
      const sources = Object.fromEntries(
        SAMPLE.map((name) => [`src/${name}.json`, readFileSync(path.join(SCHEMASTORE, `${name}.json`), "utf8")]),
      );
      const { outDir, result } = await generateImportable(sources, {
        baseUri: SCHEMASTORE_OPTIONS.baseUri,
        catalog: SCHEMASTORE_OPTIONS.catalog,
        typeNaming: "qualified",
      });
      expect(result.failed).toEqual([]);
      const manifest = JSON.parse(result.files.get("manifest.json")!) as Manifest;
      expect(new Set(manifest.contracts.map((c) => c.dialect))).toEqual(new Set(["draft-04", "draft-07", "2020-12"]));
      let seed = 100;
      for (const name of SAMPLE) {
        const read = (kind: string) =>
          readdirSync(path.join(CORPUS, kind, name))
            .filter((f) => f.endsWith(".json"))
            .sort()
            .map((f) => ({
              label: `${kind}/${f}`,
              data: JSON.parse(readFileSync(path.join(CORPUS, kind, name, f), "utf8")) as unknown,
            }));
        const valid = read("test");
        const invalid = read("negative_test");
        const outcome = await compare(
          outDir,
          manifest,
          name,
          "validate",
          "",
          withMutations([...valid, ...invalid], seed++),
        );
        // The corpus's own verdicts hold too (mutations may land either way).
        expect(outcome.valid, name).toBeGreaterThanOrEqual(valid.length);
        expect(outcome.invalid, name).toBeGreaterThanOrEqual(invalid.length);
      }
    },
  );
});
