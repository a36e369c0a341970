/**
 * Property: for random sources (schemas built from a grammar of the keywords
 * charter handles, with hostile text in names and descriptions), written to
 * disk in two different orders, `compile` returns without throwing and gives
 * byte-identical output both times. fast-check shrinks any failure to a small
 * counterexample and prints its seed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { tempTree } from "../helpers/temp-tree.js";

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    "*/",
    "`${x}`",
    '"quoted"',
    "line\nbreak",
    "</script>",
    "__proto__",
    "constructor",
    "ÄÖÜ ı",
    "\\u0000",
  ),
);
const name = fc.oneof(
  fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/),
  fc.constantFrom("__proto__", "constructor", "class", "x-y", "$ref", "*/"),
);

type Schema = Record<string, unknown>;
const { schema } = fc.letrec<{ schema: Schema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record(
      { type: fc.constantFrom("string", "integer", "number", "boolean", "null"), description: text },
      { requiredKeys: ["type"] },
    ),
    fc.record({
      enum: fc.uniqueArray(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), {
        minLength: 1,
        maxLength: 4,
        selector: (v) => JSON.stringify(v),
      }),
    }),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(name, tie("schema"), { maxKeys: 4 }),
        additionalProperties: fc.boolean(),
        title: text,
      },
      { requiredKeys: ["type", "properties"] },
    ),
    fc.record(
      { type: fc.constant("array"), items: tie("schema"), minItems: fc.nat(3) },
      { requiredKeys: ["type", "items"] },
    ),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ $ref: fc.constantFrom("#/$defs/shared", "common.yaml#/$defs/id") }),
  ),
}));

const contract = fc.record({ root: schema, shared: schema });
const project = fc.record({
  contracts: fc
    .uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 3 })
    .chain((names) =>
      fc.tuple(fc.constant(names), fc.array(contract, { minLength: names.length, maxLength: names.length })),
    ),
  order: fc.nat(),
});

async function generate(files: [string, string][]): Promise<Map<string, string>> {
  const dir = tempTree();
  for (const [file, content] of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: "https://p.test/",
    catalog: [],
    typeCheck: false,
  });
  return result.files;
}

describe("property: random sources", () => {
  it(
    "compile without throwing, to the same bytes whatever the order files were written in",
    { timeout: 240_000 },
    async () => {
      let produced = 0;
      await fc.assert(
        fc.asyncProperty(project, async ({ contracts: [names, bodies], order }) => {
          const files: [string, string][] = [["src/common.yaml", "$defs:\n  id: { type: string, minLength: 1 }\n"]];
          names.forEach((n, i) =>
            files.push([`src/${n}.json`, JSON.stringify({ ...bodies[i]!.root, $defs: { shared: bodies[i]!.shared } })]),
          );
          const rotated = [...files.slice(order % files.length), ...files.slice(0, order % files.length)].reverse();
          const first = await generate(files);
          const second = await generate(rotated);
          expect([...second]).toEqual([...first]);
          if ([...first.keys()].some((file) => file.startsWith("validators/") && file !== "validators/common.js"))
            produced++;
        }),
        { numRuns: 40, seed: 20261129 },
      );
      // The property is about real output, not about sources refused early.
      expect(produced).toBeGreaterThan(20);
    },
  );
});
