import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { corpusCases } from "../../scripts/bench-python/cases.js";
import { CORPUS_PACKAGE, corpusPresent, corpusTree } from "../../scripts/bench-python/corpus-tree.js";
import { verdictsOf } from "../../scripts/bench-python/verdicts.js";
import { tempTree } from "../helpers/temp-tree.js";
import { pythonWithPydantic } from "./python-env.js";

// A fast slice of `npm run bench:python`'s SchemaStore run: schemas whose instances once made a
// helper disagree or a module fail to import (draft-04 ids and const, ECMA patterns, uri formats,
// members named `list` or `str`).
const SUBSET = [
  "all-contributors",
  "appsettings",
  "clasp",
  "es6importsorterrc",
  "global",
  "npm-badges",
  "nswag",
  "pubspec",
  "web-manifest",
];

function missing(): string | undefined {
  if (!corpusPresent()) return "the SchemaStore corpus is not at ../shared/corpora/schemastore: this test skips";
  const found = pythonWithPydantic();
  if ("missing" in found) return found.missing;
  if (spawnSync(found.python, ["-c", "import jsonschema, referencing"]).status !== 0)
    return `${found.python} has no jsonschema: the helpers would check the models alone, so this test skips`;
  return undefined;
}
const why = missing();

describe.skipIf(why !== undefined)(`Python models on SchemaStore instances ${why ?? ""}`, () => {
  it("agree with the committed validators and accept every valid instance", async () => {
    const tree = await corpusTree(tempTree(), SUBSET);
    expect(tree.failed).toEqual([]);
    const { cases } = await corpusCases(tree.produced);
    const python = (pythonWithPydantic() as { python: string }).python;
    const { verdicts, withoutModule } = await verdictsOf(tree.dir, CORPUS_PACKAGE, python, cases);
    expect(withoutModule).toBe(0);
    expect(verdicts).toHaveLength(cases.length);
    const disagree = verdicts.filter((v) => v.helper !== v.ajv);
    expect(disagree.map((v) => `${v.source}: helper ${v.helper} (${v.helperError ?? ""}), validator ${v.ajv}`)).toEqual(
      [],
    );
    expect(verdicts.filter((v) => v.ajv && !v.model).map((v) => `${v.source}: ${v.modelError ?? ""}`)).toEqual([]);
    // Both kinds are there, so the test can fail either way.
    expect(verdicts.filter((v) => v.ajv).length).toBeGreaterThan(20);
    expect(verdicts.filter((v) => !v.ajv).length).toBeGreaterThan(5);
  }, 300_000);
});
