import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSource } from "../../src/compiler/load/load-source.js";
import { createDocument } from "../../src/compiler/resolve/create-document.js";
import { resolveReferences } from "../../src/compiler/resolve/resolve-references.js";
import type { LoadFile } from "../../src/schema/resolved-graph.js";
import { sourceUri } from "../../src/schema/uri.js";
import { compileTree } from "../helpers/compile-tree.js";
import { tempTree } from "../helpers/temp-tree.js";

interface Row {
  files: Record<string, string>;
  code: string;
  /** Source-relative file the diagnostic must name. */
  file: string;
  line: number;
  column: number;
  message: RegExp;
  /** The contract that is not produced, when not the one of `file`. */
  contract?: string;
}

// One row per kind of bad reference: each must be located at the offending node.
const rows: Record<string, Row> = {
  "unmapped https reference": {
    files: { "src/a.yaml": "type: object\nproperties:\n  x: { $ref: 'https://elsewhere.example.test/s.json' }\n" },
    code: "CH206",
    file: "a.yaml",
    line: 3,
    column: 14,
    message: /no source declares as its \$id and no --catalog mapping covers; charter does not fetch/,
  },
  "relative path leaving the source tree": {
    files: { "src/a.yaml": "$ref: ../../etc/passwd\n", "outside.yaml": "{}" },
    code: "CH205",
    file: "a.yaml",
    line: 1,
    column: 7,
    message: /points outside the source directory/,
  },
  "sibling that climbs out and back": {
    files: { "src/d/a.yaml": "$ref: ../../src/b.yaml\n", "src/b.yaml": "{}" },
    code: "CH205",
    file: "d/a.yaml",
    line: 1,
    column: 7,
    message: /outside the source directory/,
  },
  "missing file": {
    files: { "src/a.yaml": "properties:\n  b: {$ref: nope.yaml}\n" },
    code: "CH207",
    file: "a.yaml",
    line: 2,
    column: 13,
    message: /names a file that does not exist in the source tree/,
  },
  "pointer naming nothing": {
    files: { "src/a.yaml": "$ref: b.yaml#/$defs/missing\n", "src/b.yaml": "$defs: {present: {}}\n" },
    code: "CH208",
    file: "a.yaml",
    line: 1,
    column: 7,
    message: /b\.yaml has no schema at "#\/\$defs\/missing"/,
  },
  "anchor naming nothing": {
    files: { "src/a.yaml": "$ref: '#nowhere'\n" },
    code: "CH208",
    file: "a.yaml",
    line: 1,
    column: 7,
    message: /no anchor "nowhere" in a\.yaml/,
  },
  "reference that is not a string": {
    files: { "src/a.yaml": "$ref: {not: a string}\n" },
    code: "CH204",
    file: "a.yaml",
    line: 1,
    column: 7,
    message: /\$ref must be a string/,
  },
  "unknown dialect": {
    files: { "src/a.yaml": "$schema: http://json-schema.org/draft-03/schema#\n" },
    code: "CH201",
    file: "a.yaml",
    line: 1,
    column: 10,
    message: /not a dialect charter reads/,
  },
  "two documents claiming one $id": {
    files: { "src/a.yaml": "$id: https://x.test/s.json\n", "src/b.yaml": "type: object\n$id: https://x.test/s.json\n" },
    code: "CH203",
    // Both claims are errors (test/resolve/shared-ids.test.ts); the first in file order is this one.
    file: "a.yaml",
    line: 1,
    column: 6,
    message: /"https:\/\/x\.test\/s\.json" is also the \$id of b\.yaml:2:6/,
  },
  "two sources with one contract name": {
    files: { "src/a.yaml": "{}", "src/a.json": "{}" },
    code: "CH108",
    file: "a.json",
    line: 1,
    column: 1,
    message: /contract name "a" is also given by a\.yaml/,
  },
  "two sources whose outputs differ only by letter case": {
    files: { "src/Foo.yaml": "x-charter-name: BigFoo\ntype: string\n", "src/foo.json": '{"type": "number"}' },
    code: "CH108",
    file: "Foo.yaml",
    line: 1,
    column: 1,
    message:
      /contract "Foo" cannot be written: its outputs differ from those of foo\.json only by letter case, which macOS \(and, for letter case, Windows\) ignores/,
  },
  "one output folder spelt two ways": {
    files: { "src/Agent/a.yaml": "type: string\n", "src/agent/b.yaml": "type: string\n" },
    code: "CH108",
    file: "Agent/a.yaml",
    line: 1,
    column: 1,
    message:
      /contract "Agent\/a" cannot be written: its folder Agent\/ is spelt agent\/ by agent\/b\.yaml: the two differ only by letter case/,
  },
  "reference into a charter keyword": {
    files: { "src/a.yaml": "x-charter-shared: {type: string}\nproperties:\n  a: {$ref: '#/x-charter-shared'}\n" },
    code: "CH210",
    file: "a.yaml",
    line: 3,
    column: 13,
    message: /points into a charter keyword, which bundles drop/,
  },
  "nested relative $id taking a contract's canonical $id": {
    files: {
      "src/a.yaml": "properties:\n  b: {$ref: b.yaml}\n$defs:\n  n: {$id: b.schema.json, type: string}\n",
      "src/b.yaml": "type: integer\n",
    },
    code: "CH404",
    file: "b.yaml",
    line: 1,
    column: 1,
    contract: "a",
    message:
      /two schema resources in the bundle of "a" get the \$id https:\/\/contracts\.example\.test\/b\.schema\.json \(the other is in a\.yaml\)/,
  },
};

describe("every bad reference is a located diagnostic, and its contract is not produced", () => {
  it.each(Object.entries(rows))("%s", async (_, row) => {
    const tree = await compileTree(row.files);
    const found = tree.diagnostics.find((d) => d.code === row.code);
    expect(found, JSON.stringify(tree.diagnostics)).toBeDefined();
    expect(found).toMatchObject({
      severity: "error",
      file: path.join(tree.dir, "src", row.file),
      line: row.line,
      column: row.column,
    });
    expect(found!.message).toMatch(row.message);
    const name = row.contract ?? row.file.replace(/\.(yaml|json)$/, "");
    expect(tree.failed).toContain(name);
    expect(tree.produced).not.toContain(name);
  });
});

describe("failures spread to dependants only", () => {
  it("does not produce a contract that references a broken one, and says why", async () => {
    const tree = await compileTree({
      "src/broken.yaml": "type: object\ntitle: a\ntitle: b\n",
      "src/user.yaml": "$ref: broken.yaml\n",
      "src/fine.yaml": "type: string\n",
    });
    expect(tree.produced).toEqual(["fine"]);
    expect(tree.failed).toEqual(["broken", "user"]);
    expect(tree.diagnostics.map((d) => d.code)).toEqual(["CH103", "CH402"]);
    expect(tree.diagnostics[1]!.message).toMatch(/references broken\.yaml, which has errors/);
  });
});

describe("a catalog file that cannot be read", () => {
  // The loader says whether the file is missing as a value; its message text decides nothing.
  const resolveWith = async (loaded: Awaited<ReturnType<LoadFile>>) => {
    const dir = tempTree({ "catalog/b.json": "{}", "src/a.yaml": "$ref: 'https://cat.test/b.json'\n" });
    const file = path.join(dir, "src/a.yaml");
    const { parsed } = await loadSource(file);
    const { document } = createDocument(parsed!, {
      key: "source:a.yaml",
      kind: "source",
      name: "a",
      file,
      relativePath: "a.yaml",
      retrievalUri: sourceUri("a.yaml"),
    });
    const graph = await resolveReferences(
      [document!],
      [{ prefix: "https://cat.test/", dir: path.join(dir, "catalog") }],
      async () => loaded,
    );
    // A reference that names nothing is kept as dangling (reported where evaluation reaches it); other findings are the document's.
    const dangling = [...graph.documents.values()].flatMap((d) =>
      d.references.flatMap((r) => (r.dangling ? [r.dangling] : [])),
    );
    return [...graph.documents.values()]
      .flatMap((d) => d.diagnostics)
      .concat(dangling, graph.diagnostics)
      .map((d) => `${d.code} ${d.message}`);
  };

  it("is missing when the loader says so, whatever its message", async () => {
    expect(
      await resolveWith({
        missing: true,
        diagnostics: [{ code: "CH101", severity: "error", message: "gone, in other words" }],
      }),
    ).toEqual([
      'CH207 $ref "https://cat.test/b.json" names a file that does not exist in the catalog folder its URI maps to',
    ]);
  });

  it("is a file that could not be loaded, with the loader's own finding, when the loader does not say missing, even if its message names ENOENT", async () => {
    const found = await resolveWith({
      diagnostics: [{ code: "CH101", severity: "error", message: "cannot read the file (ENOENT)" }],
    });
    expect(found).toContain("CH101 cannot read the file (ENOENT)");
    expect(found.some((line) => line.includes("names a catalog file that could not be loaded"))).toBe(true);
  });
});
