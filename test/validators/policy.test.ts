import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { DEFAULT_VALIDATION, policyFor, type ValidationSettings } from "../../src/settings/validation.js";
import { runCli } from "../helpers/run-cli.js";
import { generateImportable } from "../helpers/generate-importable.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";
import path from "node:path";

// draft-07, whose formats are asserted by default: unknown ones are findings.
const FORMATS =
  "$schema: http://json-schema.org/draft-07/schema#\ntype: object\nproperties:\n  a: {type: string, format: uint32}\n  b: {type: string, format: uint32}\n  c: {type: string, format: language}\n";
const LOOSE =
  "type: object\nproperties:\n  n: {minimum: 1}\n  t: {type: array, prefixItems: [{type: string}]}\nrequired: [n, ghost]\n";

async function generate(files: Record<string, string>, validation: ValidationSettings) {
  const dir = tempTree(files);
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: "https://p.test/",
    catalog: [],
    typeCheck: false,
    validation,
  });
  const located = result.diagnostics.map(
    (d) => `${d.file ? path.relative(dir, d.file) : ""}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`,
  );
  return { result, located };
}

const settings = (
  defaults: Partial<ValidationSettings["defaults"]>,
  contracts: Record<string, Partial<ValidationSettings["defaults"]>> = {},
): ValidationSettings => ({
  defaults: { ...DEFAULT_VALIDATION.defaults, ...defaults },
  contracts: new Map(Object.entries(contracts)),
});

describe("validation policy", () => {
  it("applies the defaults, then folders from the outside in, then the contract itself", () => {
    const s = settings(
      {},
      {
        "vendor/": { strictness: "strict" },
        "vendor/old/": { strictness: "lenient", unknownFormats: "refuse" },
        "vendor/old/x": { unknownFormats: "ignore" },
      },
    );
    const [formats, examples, refSiblings, patterns] = ["dialect", "error", "ignore", "native"];
    const keywords: string[] = [];
    expect(policyFor(s, "agent/envelope")).toEqual({
      unknownFormats: "ignore",
      strictness: "lenient",
      formats,
      examples,
      refSiblings,
      patterns,
      keywords,
    });
    expect(policyFor(s, "vendor/a")).toEqual({
      unknownFormats: "ignore",
      strictness: "strict",
      formats,
      examples,
      refSiblings,
      patterns,
      keywords,
    });
    expect(policyFor(s, "vendor/old/y")).toEqual({
      unknownFormats: "refuse",
      strictness: "lenient",
      formats,
      examples,
      refSiblings,
      patterns,
      keywords,
    });
    expect(policyFor(s, "vendor/old/x")).toEqual({
      unknownFormats: "ignore",
      strictness: "lenient",
      formats,
      examples,
      refSiblings,
      patterns,
      keywords,
    });
    expect(policyFor(s, "vendor")).toEqual({
      unknownFormats: "ignore",
      strictness: "lenient",
      formats,
      examples,
      refSiblings,
      patterns,
      keywords,
    });
  });

  it("reports each unknown format once, at its first use, as a warning by default", async () => {
    const { result, located } = await generate({ "src/f.yaml": FORMATS }, settings({}));
    expect(located).toEqual([
      'src/f.yaml:4:29 warning CH701 format "uint32" is unknown to charter-runtime; the validator does not check it',
      'src/f.yaml:6:29 warning CH701 format "language" is unknown to charter-runtime; the validator does not check it',
    ]);
    expect(result.files.has("validators/f.js")).toBe(true);
  });

  it("refuses unknown formats where the config says so, and produces nothing for that contract", async () => {
    const { result, located } = await generate(
      { "src/f.yaml": FORMATS, "src/g.yaml": FORMATS },
      settings({}, { g: { unknownFormats: "refuse" } }),
    );
    expect(located.filter((l) => l.includes("CH703"))).toEqual([
      'src/g.yaml:4:29 error CH703 format "uint32" is unknown to charter-runtime, and this contract refuses unknown formats',
      'src/g.yaml:6:29 error CH703 format "language" is unknown to charter-runtime, and this contract refuses unknown formats',
    ]);
    expect(result.files.has("validators/f.js")).toBe(true);
    expect(result.files.has("validators/g.js")).toBe(false);
  });

  it("checks formats as the dialect says (2020-12: an annotation; draft-07: asserted), or as the config overrides", async () => {
    const email = (dialect: string) => `$schema: ${dialect}\ntype: string\nformat: email\n`;
    const { load, result } = await generateImportable(
      {
        "src/new.yaml": email("https://json-schema.org/draft/2020-12/schema"),
        "src/old.yaml": email("http://json-schema.org/draft-07/schema#"),
        "src/new-asserted.yaml": email("https://json-schema.org/draft/2020-12/schema"),
        "src/old-annotated.yaml": email("http://json-schema.org/draft-07/schema#"),
        "src/odd.yaml": "type: string\nformat: uint32\n",
      },
      { validation: settings({}, { "new-asserted": { formats: "assert" }, "old-annotated": { formats: "annotate" } }) },
    );
    // An annotation is not looked at, so an unknown one is no finding.
    expect(result.diagnostics).toEqual([]);
    const verdicts: Record<string, boolean[]> = {};
    for (const name of ["new", "old", "new-asserted", "old-annotated"]) {
      const { validate } = await load(`validators/${name}.js`);
      verdicts[name] = [validate!("a@b.test"), validate!("not an address")];
    }
    expect(verdicts).toEqual({
      new: [true, true],
      old: [true, false],
      "new-asserted": [true, false],
      "old-annotated": [true, true],
    });
  });

  it("makes an example its schema rejects a warning where the config says examples are annotations; counterexamples stay errors", async () => {
    const source =
      "type: object\nproperties:\n  n: { type: integer }\nexamples:\n  - { n: one }\nx-charter-counterexamples:\n  - value: { n: 2 }\n    error: { keyword: type }\n";
    const strict = await generate({ "src/own.yaml": source }, settings({}));
    expect(strict.located.filter((l) => /CH70[56]/.test(l))).toEqual([
      "src/own.yaml:5:5 error CH705 example does not satisfy its schema: /n type: must be integer",
      "src/own.yaml:7:5 error CH706 counterexample satisfies the schema; it should fail with type",
    ]);
    const lenient = await generate(
      { "src/vendor.yaml": source.replace(/x-charter-counterexamples[\s\S]*$/, "") },
      settings({ examples: "warning" }),
    );
    expect(lenient.result.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["warning CH705"]);
    expect(lenient.result.files.has("validators/vendor.js")).toBe(true);
  });

  it("under strict, makes ajv's strict-mode findings located errors; lenient accepts the same schema", async () => {
    const strict = await generate({ "src/loose.yaml": LOOSE }, settings({ strictness: "strict" }));
    expect(strict.located).toEqual([
      'src/loose.yaml:1:1 error CH704 required property "ghost" is not defined (ajv: at https://p.test/loose.schema.json#)',
      'src/loose.yaml:3:6 error CH704 missing type "number" for keyword "minimum" (ajv: at https://p.test/loose.schema.json#/properties/n)',
      'src/loose.yaml:4:6 error CH704 "prefixItems" is 1-tuple, but minItems or maxItems/items are not specified or different (ajv: at #/properties/t)',
    ]);
    expect(strict.result.files.has("validators/loose.js")).toBe(false);
    const lenient = await generate({ "src/loose.yaml": LOOSE }, settings({}));
    expect(lenient.located).toEqual([]);
  });

  it("under strict, sees the properties a referenced schema declares beside a required name (SchemaStore mkdocs-1.0)", async () => {
    const source =
      "type: object\nallOf:\n  - $ref: '#/$defs/core'\n  - required: [name]\n$defs:\n  core:\n    type: object\n    properties:\n      name: { type: string }\n";
    const { located } = await generate({ "src/site.yaml": source }, settings({ strictness: "strict" }));
    expect(located.filter((l) => l.includes("CH704"))).toEqual([]);
  });

  it("under strict, sees a property the enclosing object declares when if/then/else or allOf require it, and still reports one nothing declares", async () => {
    const source = [
      "type: object",
      "properties:",
      "  kind: { enum: [a, b] }",
      "  payload: { type: object }",
      "allOf:",
      "  - if: { properties: { kind: { const: a } } }",
      "    then: { required: [payload] }",
      "    else: { not: { required: [payload] } }",
      "  - anyOf:",
      "      - required: [kind]",
      "      - required: [ghost]",
      "",
    ].join("\n");
    const { located } = await generate({ "src/cond.yaml": source }, settings({ strictness: "strict" }));
    expect(located.filter((l) => l.includes("CH704"))).toEqual([
      'src/cond.yaml:11:9 error CH704 required property "ghost" is not defined (ajv: at https://p.test/cond.schema.json#/allOf/1/anyOf/1)',
    ]);
  });

  it("under strict, places a finding at the top of a referenced definition in that definition, not at the root", async () => {
    // ajv says `#` for the top of a definition it compiles apart; `#` also exists at the root.
    const source = [
      "type: object",
      "properties:",
      "  t: { $ref: '#/$defs/thing' }",
      "  u: { $ref: '#/$defs/other' }",
      "$defs:",
      "  thing:",
      "    properties:",
      "      q: { $ref: '#/$defs/other' }",
      "  other:",
      "    properties:",
      "      r: {}",
      "",
    ].join("\n");
    const { located } = await generate({ "src/defs.yaml": source }, settings({ strictness: "strict" }));
    expect(located.filter((l) => l.includes("CH704"))).toEqual([
      'src/defs.yaml:7:5 error CH704 missing type "object" for keyword "properties" (ajv: at https://p.test/defs.schema.json#/$defs/thing)',
      'src/defs.yaml:10:5 error CH704 missing type "object" for keyword "properties" (ajv: at https://p.test/defs.schema.json#/$defs/other)',
    ]);
  });

  it("under strict, places a finding inside a definition that ajv compiled on its own for a reference (schema-src/problems/schema-slot)", async () => {
    // `#/$defs/slot` holds a `$ref`, so ajv does not inline it: it compiles the definition apart
    // and says `#/anyOf/1` where the source has `#/$defs/slot/anyOf/1`.
    const source = [
      "oneOf:",
      "  - $ref: '#/$defs/file'",
      "  - $ref: '#/$defs/slot'",
      "$defs:",
      "  file: { type: string }",
      "  slot:",
      "    type: object",
      "    properties:",
      "      kind: { $ref: '#/$defs/kind' }",
      "    anyOf:",
      "      - required: [kind]",
      "      - required: [ghost]",
      "  kind: { enum: [a, b] }",
      "",
    ].join("\n");
    const { located } = await generate({ "src/slot.yaml": source }, settings({ strictness: "strict" }));
    expect(located.filter((l) => l.includes("CH704"))).toEqual([
      'src/slot.yaml:12:9 error CH704 required property "ghost" is not defined (ajv: at https://p.test/slot.schema.json#/$defs/slot/anyOf/1)',
    ]);
  });
  it("treats unknown keywords as annotations under lenient, and refuses them under strict unless x- or listed", async () => {
    const annotated =
      "type: object\nmarkdownDescription: '**x**'\nx-taplo: { links: { key: https://example.test } }\nproperties:\n  name:\n    type: string\n    x-intellij-html-description: <b>x</b>\n    maxLenght: 2\n";
    const lenient = await generate({ "src/a.yaml": annotated }, settings({ strictness: "lenient" }));
    // The typo is linted (a warning), not refused.
    expect(lenient.located).toEqual([
      'src/a.yaml:8:5 warning CH312 "maxLenght" is not a keyword; did you mean "maxLength"? As written it constrains nothing',
    ]);
    expect(lenient.result.files.has("validators/a.js")).toBe(true);
    // As ajv's strict mode: the typo and the unknown key are errors at their keys; x- keys pass.
    const strict = await generate({ "src/a.yaml": annotated }, settings({ strictness: "strict" }));
    expect(strict.located).toEqual([
      'src/a.yaml:2:1 error CH320 "markdownDescription" is not a JSON Schema keyword; under strictness: strict write your own keywords as "x-markdownDescription", or list "markdownDescription" in the config\'s validation.keywords',
      'src/a.yaml:8:5 error CH312 "maxLenght" is not a keyword; did you mean "maxLength"? As written it constrains nothing',
    ]);
    expect(strict.result.files.has("validators/a.js")).toBe(false);
    const listed = await generate(
      { "src/a.yaml": annotated },
      settings({ strictness: "strict", keywords: ["markdownDescription", "maxLenght"] }),
    );
    expect(listed.located).toEqual([]);
    expect(listed.result.files.has("validators/a.js")).toBe(true);
  });

  it("is read from the config file, each mistake located", async () => {
    const dir = tempTree({
      "charter.config.yaml": "validation:\n  strictness: strict\n  contracts:\n    vendor/: { strictness: lenient }\n",
      "schema-src/vendor/loose.yaml": LOOSE,
      "schema-src/mine.yaml": LOOSE,
    });
    const run = await runCli(["generate"], dir);
    expect(run.code).toBe(1);
    expect(
      run.stdout
        .split("\n")
        .filter((l) => l.includes("CH704"))
        .map((l) => l.split(":")[0]),
    ).toEqual(["schema-src/mine.yaml", "schema-src/mine.yaml", "schema-src/mine.yaml"]);
    expect(snapshotTree(path.join(dir, "generated"))).toEqual({});

    const bad = tempTree({
      "charter.config.yaml":
        "validation:\n  strictness: very\n  contracts:\n    a: { format: assert, formats: x }\n    b: []\n",
      "schema-src/a.yaml": "type: string\n",
    });
    const refused = await runCli(["generate"], bad);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      [
        'charter.config.yaml:2:15: error CH003 validation.strictness must be "lenient" or "strict"',
        'charter.config.yaml:4:10: error CH002 unknown key "format"; the keys are formats, examples, refSiblings, patterns, unknownFormats, strictness, keywords',
        'charter.config.yaml:4:35: error CH003 validation.contracts.a.formats must be "dialect" or "assert" or "annotate"',
        "charter.config.yaml:5:8: error CH003 validation.contracts.b must be a mapping",
        "",
      ].join("\n"),
    );
  });
});

describe("validation.patterns", () => {
  const SLOW =
    "type: object\nproperties:\n  word: { type: string, pattern: '^(a+)+$' }\n  code: { type: string, pattern: '^(?=.*[0-9])[a-z0-9]+$' }\n";

  it("linear: the validators build their patterns with the linear engine themselves, so no input runs long, without any setup", async () => {
    const { result, load } = await generateImportable(
      { "src/word.yaml": "type: string\npattern: '^(a+)+$'\n" },
      { validation: settings({ patterns: "linear" }) },
    );
    expect(result.diagnostics).toEqual([]);
    const code = result.files.get("validators/word.js")!;
    expect(code).toContain('import { linearPattern as __charter_linearPattern } from "charter-runtime/re2js";');
    expect(code).not.toContain("new RegExp(");
    const { validate } = await load("validators/word.js");
    const started = performance.now();
    expect([validate!("aaaa"), validate!("a".repeat(10_000) + "b")]).toEqual([true, false]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("linear: each pattern and patternProperties key of a contract is its own (ajv tells patterns apart by their text)", async () => {
    const source =
      "type: object\nproperties:\n  a: { type: string, pattern: '^a$' }\n  b: { type: string, pattern: '^b$' }\npatternProperties:\n  '^x-': { type: number }\n  '^y-': { type: string }\n";
    const { result, load } = await generateImportable(
      { "src/two.yaml": source + "examples: [{ a: a, b: b, x-1: 1, y-1: s }]\n" },
      { validation: settings({ patterns: "linear" }) },
    );
    expect(result.diagnostics).toEqual([]);
    const { validate } = await load("validators/two.js");
    const samples = [
      { a: "a", b: "b" },
      { a: "a", b: "a" },
      { a: "b" },
      { "x-1": 1, "y-1": "s" },
      { "x-1": "s" },
      { "y-1": 1 },
    ];
    const native = await generateImportable({ "src/two.yaml": source }, {});
    const { validate: reference } = await native.load("validators/two.js");
    expect(samples.map((s) => validate!(s))).toEqual(samples.map((s) => reference!(s)));
    expect(samples.map((s) => validate!(s))).toEqual([true, false, false, true, false, false]);
  });

  it("native (the default): patterns go through the runtime's engine switch, and a nested quantifier is CH318", async () => {
    const { result, located } = await generate({ "src/w.yaml": SLOW }, settings({}));
    expect(result.files.get("validators/w.js")).toContain(
      'import { pattern as __charter_pattern } from "charter-runtime/patterns";',
    );
    expect(located.filter((line) => line.includes("CH318"))).toHaveLength(1);
    expect(located.filter((line) => line.includes("error"))).toEqual([]);
  });

  it("linear: a pattern the engine cannot run is CH708 at its place, and CH318 is not said", async () => {
    const { located } = await generate(
      { "src/w.yaml": SLOW, "src/other.yaml": "patternProperties:\n  '(a)\\1': {}\n" },
      settings({ patterns: "linear" }),
    );
    expect(located).toEqual([
      'src/other.yaml:2:12 error CH708 pattern "(a)\\\\1" uses a backreference, which the linear engine this contract asks for (validation.patterns: linear) cannot run',
      'src/w.yaml:4:34 error CH708 pattern "^(?=.*[0-9])[a-z0-9]+$" uses a lookahead, which the linear engine this contract asks for (validation.patterns: linear) cannot run',
    ]);
  });
});
