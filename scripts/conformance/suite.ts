/**
 * Reads the JSON-Schema-Test-Suite: the test groups of one draft folder, and
 * the remote documents its tests reference as http://localhost:1234/....
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Dialect } from "../../src/schema/dialect.js";

export const DRAFTS = ["draft7", "draft2019-09", "draft2020-12"] as const;
export type Draft = (typeof DRAFTS)[number];

export const DIALECT_OF: Record<Draft, Dialect> = {
  draft7: "draft-07",
  "draft2019-09": "2019-09",
  "draft2020-12": "2020-12",
};

/** The URI prefix under which the suite's tests expect the documents of `remotes/`. */
export const REMOTES_URI = "http://localhost:1234/";

/**
 * `required`: the top-level files of a draft folder, which every implementation
 * must pass. `optional-format`: `optional/format/*`, where format assertion is
 * opt-in. `optional-other`: the rest of `optional/` (bignums, ECMAScript regex
 * semantics, cross-draft references, ...), reported apart so that neither
 * optional group blurs the required numbers.
 */
export type Part = "required" | "optional-format" | "optional-other";
export const PARTS: readonly Part[] = ["required", "optional-format", "optional-other"];

export interface SuiteTest {
  description: string;
  data: unknown;
  valid: boolean;
}

export interface SuiteGroup {
  draft: Draft;
  /** Path of the test file inside the draft folder, `/`-separated (`optional/format/date.json`). */
  file: string;
  part: Part;
  /** Position of the group in its file. */
  index: number;
  description: string;
  schema: unknown;
  tests: SuiteTest[];
}

export interface RemoteDocument {
  uri: string;
  schema: unknown;
}

/** Every test group of one draft, in file order (files in code-point order of path). */
export function readDraft(suiteDir: string, draft: Draft): SuiteGroup[] {
  const folder = path.join(suiteDir, "tests", draft);
  const groups: SuiteGroup[] = [];
  for (const file of jsonFiles(folder)) {
    const part: Part = !file.startsWith("optional/")
      ? "required"
      : file.startsWith("optional/format/")
        ? "optional-format"
        : "optional-other";
    const parsed = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as {
      description: string;
      schema: unknown;
      tests: SuiteTest[];
    }[];
    parsed.forEach((group, index) =>
      groups.push({
        draft,
        file,
        part,
        index,
        description: group.description,
        schema: group.schema,
        tests: group.tests,
      }),
    );
  }
  return groups;
}

/** Every document of `remotes/`, under the URI its tests use. */
export function readRemotes(suiteDir: string): RemoteDocument[] {
  const folder = remotesDir(suiteDir);
  return jsonFiles(folder).map((file) => ({
    uri: REMOTES_URI + file,
    schema: JSON.parse(readFileSync(path.join(folder, file), "utf8")) as unknown,
  }));
}

export function remotesDir(suiteDir: string): string {
  return path.join(suiteDir, "remotes");
}

function jsonFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((entry) => entry.split(path.sep).join("/"))
    .filter((entry) => entry.endsWith(".json"))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
