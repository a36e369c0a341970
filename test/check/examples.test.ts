import { describe, expect, it } from "vitest";
import { compileTree } from "../helpers/compile-tree.js";
import { generateImportable } from "../helpers/generate-importable.js";

const located = (
  diagnostics: { code: string; line?: number | undefined; column?: number | undefined; message: string }[],
) => diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);

const ORDER = `type: object
required: [id]
additionalProperties: false
properties:
  id: { type: string, minLength: 3 }
  qty: { type: integer, minimum: 1 }
examples:
  - { id: A-1 }
  - { id: A-2, qty: 0 }
x-charter-counterexamples:
  - value: { id: A }
    error: { keyword: minLength, pointer: /id }
  - value: { id: A-3, qty: 2 }
    error: { keyword: minimum }
  - value: { id: A-4, colour: red }
    error: { keyword: required, pointer: "" }
$defs:
  qty:
    type: integer
    minimum: 1
    examples: [1, 0]
    x-charter-counterexamples:
      - value: 0
        error: { keyword: minimum, pointer: "" }
`;

describe("examples and counterexamples", () => {
  it("fail generation where an example is rejected, a counterexample accepted, or refused for another reason", async () => {
    const tree = await compileTree({ "src/order.yaml": ORDER });
    expect(located(tree.diagnostics)).toEqual([
      "9:5 CH705 example does not satisfy its schema: /qty minimum: must be >= 1",
      "13:5 CH706 counterexample satisfies the schema; it should fail with minimum",
      "15:5 CH707 counterexample fails, but not with required at /: / additionalProperties: must NOT have additional properties",
      "21:19 CH705 example does not satisfy its schema: / minimum: must be >= 1",
    ]);
    expect(tree.files.has("validators/order.js")).toBe(false);
  });

  it("pass silently when the schema says what they say", async () => {
    const good = ORDER.replace("  - { id: A-2, qty: 0 }\n", "")
      .replace(
        "  - value: { id: A-3, qty: 2 }\n    error: { keyword: minimum }\n",
        "  - value: { id: A-3, qty: 0 }\n    error: { keyword: minimum }\n",
      )
      .replace(
        '    error: { keyword: required, pointer: "" }',
        '    error: { keyword: additionalProperties, pointer: "" }',
      )
      .replace("examples: [1, 0]", "examples: [1, 2]");
    const tree = await compileTree({ "src/order.yaml": good });
    expect(located(tree.diagnostics)).toEqual([]);
    expect(tree.files.has("validators/order.js")).toBe(true);
  });

  it("refuse malformed and misplaced declarations at their place", async () => {
    const tree = await compileTree({
      "src/a.yaml": `type: object
x-charter-counterexamples:
  - { error: { keyword: type } }
  - { value: 1 }
  - { value: 1, error: { keyword: type, pointer: id } }
  - { value: 1, error: { keyword: type }, why: typo }
properties:
  b:
    type: string
    x-charter-counterexamples: [{ value: 1, error: { keyword: type } }]
`,
      "src/c.yaml": "x-charter-counterexamples: { value: 1 }\n",
    });
    expect(located(tree.diagnostics)).toEqual([
      "3:5 CH303 counterexample 0 needs the invalid instance under `value`",
      "4:5 CH303 counterexample 1 needs `error: { keyword: ... }`, the violation it must produce",
      '5:50 CH303 counterexample 2: error.pointer must be a JSON pointer into the value ("" or starting with "/")',
      "6:5 CH303 counterexample 3 has unknown key why",
      "10:32 CH303 x-charter-counterexamples is read at the root of a contract or of a top-level definition only",
      "1:1 CH310 the root has no constraint, so the contract accepts any value",
      "1:28 CH303 x-charter-counterexamples must be a list of { value, error: { keyword, pointer } }",
    ]);
    expect(tree.failed).toEqual(["a", "c"]);
  });

  it("are also read from files beside the source, one instance a file, which are not contracts", async () => {
    const files = {
      "src/agent/order.yaml": "type: object\nrequired: [id]\nproperties:\n  id: { type: string, minLength: 3 }\n",
      "src/agent/order.examples/small.yaml": "id: A-1\n",
      "src/agent/order.examples/wrong.json": '{"id": 7}',
      "src/agent/order.counterexamples/short.yaml": "value: { id: A }\nerror: { keyword: minLength, pointer: /id }\n",
      "src/agent/order.counterexamples/fine.yaml": "value: { id: A-2 }\nerror: { keyword: required }\n",
    };
    const where = (file?: string) => file?.split("/src/")[1];
    const tree = await compileTree(files);
    expect(tree.diagnostics.map((d) => `${where(d.file)}:${d.line}:${d.column} ${d.code}`)).toEqual([
      "agent/order.counterexamples/fine.yaml:1:1 CH706",
      "agent/order.examples/wrong.json:1:1 CH705",
    ]);
    expect(tree.produced).toEqual(["agent/order"]);

    const malformed = await compileTree({
      ...files,
      "src/agent/order.counterexamples/malformed.yaml": "value: { id: A }\n",
    });
    expect(malformed.diagnostics.map((d) => `${where(d.file)}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      "agent/order.counterexamples/malformed.yaml:1:1 CH303 the counterexample needs `error: { keyword: ... }`, the violation it must produce",
    ]);
    expect(malformed.failed).toEqual(["agent/order"]);
  });

  it("warn about an instance folder whose contract no source defines", async () => {
    const tree = await compileTree({
      "src/order.yaml": "type: string\n",
      "src/ordr.examples/a.yaml": "x\n",
      "src/order.examples/a.yaml": "x\n",
    });
    expect(tree.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["CH114", "warning", 'ordr.examples/ holds instances for "ordr", which no source defines; they are not checked'],
    ]);
  });

  it("never follow an instance folder that is a symbolic link out of the tree", async () => {
    const { symlinkSync } = await import("node:fs");
    const { tempTree } = await import("../helpers/temp-tree.js");
    const outside = tempTree({ "secret.yaml": "id: 7\n" });
    const tree = await compileTree({ "src/order.yaml": "type: object\nproperties:\n  id: { type: string }\n" });
    symlinkSync(outside, `${tree.dir}/src/order.examples`);
    const { compile } = await import("../../src/pipeline/compile.js");
    const again = await compile({
      sourceDir: `${tree.dir}/src`,
      outDir: `${tree.dir}/out`,
      baseUri: "https://x.test/",
      catalog: [],
      typeCheck: false,
    });
    expect(again.diagnostics).toEqual([]);
  });

  it("read an examples entry that a $ref points at as a schema, not as an instance (JSON-Schema-Test-Suite refOfUnknownKeyword)", async () => {
    const { result, load } = await generateImportable({
      "src/s.yaml": "examples: [{ type: string }]\n$ref: '#/examples/0'\n",
    });
    expect(result.diagnostics).toEqual([]);
    const { validate } = await load("validators/s.js");
    expect([validate!("a"), validate!(1)]).toEqual([true, false]);
  });
});
