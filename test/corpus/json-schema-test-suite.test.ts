/**
 * A fast slice of the JSON-Schema-Test-Suite through the whole pipeline (YAML
 * sources, bundling, standalone validators, the runtime) beside ajv on the
 * original schemas; `npm run conformance` runs all of it. The slice holds the
 * files where charter once lost tests ajv passes, or is right where ajv is not,
 * and the dynamic references charter resolves at bundle time.
 */
import { symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runAjv } from "../../scripts/conformance/ajv-side.js";
import { runCharter } from "../../scripts/conformance/charter-side.js";
import { passes } from "../../scripts/conformance/outcome.js";
import { readDraft, readRemotes, remotesDir, type Draft } from "../../scripts/conformance/suite.js";
import { tempTree } from "../helpers/temp-tree.js";

const SUITE = fileURLToPath(new URL("../../../shared/corpora/json-schema-test-suite", import.meta.url));
const NODE_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));
const FILES = [
  "dynamicRef.json",
  "enum.json",
  "format.json",
  "properties.json",
  "recursiveRef.json",
  "ref.json",
  "refOfUnknownKeyword.json",
  "required.json",
  "vocabulary.json",
  "optional/format/date.json",
];

/** What charter still fails in the slice, and why (none: dynamic references are resolved at bundle time, and `$vocabulary` is honoured). */
const KNOWN: Record<Draft, string[]> = {
  draft7: [],
  "draft2019-09": [],
  "draft2020-12": [],
};

describe("the JSON-Schema-Test-Suite, a slice through the whole pipeline", () => {
  it.each(["draft7", "draft2019-09", "draft2020-12"] as const)(
    "%s: charter fails no test ajv passes, and only the known ones",
    { timeout: 120_000 },
    async (draft) => {
      const groups = readDraft(SUITE, draft).filter((g) => FILES.includes(g.file));
      const work = tempTree();
      symlinkSync(NODE_MODULES, path.join(work, "node_modules"));
      const charter = await runCharter(groups, {
        split: "draft",
        typeCheck: false,
        remotesDir: remotesDir(SUITE),
        workDir: path.join(work, draft),
      });
      const ajv = runAjv(draft, groups, readRemotes(SUITE));
      const lost: string[] = [];
      const failing: string[] = [];
      for (const group of groups) {
        group.tests.forEach((test, i) => {
          const name = `${group.file}#${group.index}: ${test.description}`;
          const ours = passes(charter.outcomes.get(group)!.verdicts[i]!, test.valid);
          if (!ours) failing.push(name);
          if (!ours && passes(ajv.outcomes.get(group)!.verdicts[i]!, test.valid)) lost.push(name);
        });
      }
      expect(lost).toEqual([]);
      expect(failing).toEqual(KNOWN[draft]);
    },
  );
});
