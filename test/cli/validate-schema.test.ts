import { existsSync, symlinkSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** A YAML schema with a `$ref` to a sibling file, and data for it. */
const PEOPLE = {
  "schemas/person.yaml": `
type: object
required: [name, address]
properties:
  name: { type: string, minLength: 2 }
  email: { type: string, format: email }
  address: { $ref: "./address.yaml" }
`,
  "schemas/address.yaml": "type: object\nrequired: [city]\nproperties:\n  city: { type: string }\n",
  "data/good.yaml": "name: Al\naddress: { city: Paris }\n",
  "data/bad.yaml": "name: A\nemail: nope\naddress: { town: x }\n",
};

const lines = (text: string, prefix: string) => text.split("\n").filter((l) => l.startsWith(prefix));

describe("charter validate --schema", () => {
  it("compiles a YAML schema with a $ref to a sibling file and reports each violation located in the data", async () => {
    const dir = tempTree(PEOPLE);
    const good = await runCli(["validate", "--schema", "schemas/person.yaml", "data/good.yaml"], dir);
    expect(good.stderr).toBe("");
    expect(good.code).toBe(0);
    const bad = await runCli(["validate", "--schema", "schemas/person.yaml", "data/good.yaml", "data/bad.yaml"], dir);
    expect(bad.code).toBe(1);
    expect(lines(bad.stdout, "data/")).toEqual([
      "data/bad.yaml:1:7: error CH801 /name: must NOT have fewer than 2 characters [minLength at #/properties/name/minLength]",
      // Without a config, formats are asserted, as ajv-cli users expect.
      'data/bad.yaml:2:8: error CH801 /email: must match format "email" [format at #/properties/email/format]',
      expect.stringMatching(/^data\/bad\.yaml:3:10: error CH801 \/address: must have required property 'city' /),
    ]);
    expect(bad.stdout).toMatch(/charter validate: 1 of 2 files satisfy person \(sha256:[0-9a-f]{64}\)/);
  });

  it("compiles a JSON schema of another dialect, and checks JSON data", async () => {
    const dir = tempTree({
      "item.schema.json": JSON.stringify({
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { qty: { type: "integer", minimum: 1 }, tags: { type: "array", items: [{ type: "string" }] } },
        additionalProperties: false,
      }),
      "ok.json": '{"qty": 2, "tags": ["a", 3]}',
      "bad.json": '{\n  "qty": 0,\n  "tags": [1],\n  "extra": true\n}',
    });
    const ok = await runCli(["validate", "--schema", "item.schema.json", "ok.json"], dir);
    expect(ok.code).toBe(0);
    const bad = await runCli(["validate", "--schema", "item.schema.json", "bad.json"], dir);
    expect(bad.code).toBe(1);
    // draft-07's array form of `items` checks the first element only.
    expect(lines(bad.stdout, "bad.json").map((l) => l.replace(/ \[.*$/, ""))).toEqual([
      "bad.json:2:10: error CH801 /qty: must be >= 1",
      "bad.json:3:12: error CH801 /tags/0: must be string",
      `bad.json:4:3: error CH801 /: must NOT have additional properties: "extra"`,
    ]);
  });

  it("gives a broken schema charter's located diagnostic, exit 1, and leaves the folder as it was", async () => {
    const dir = tempTree({
      "broken.yaml": 'type: object\nproperties:\n  a: { $ref: "#/$defs/missing" }\n',
      "data.yaml": "a: 1\n",
    });
    const before = snapshotTree(dir);
    const result = await runCli(["validate", "--schema", "broken.yaml", "data.yaml"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^broken\.yaml:3:14: error CH208 \$ref "#\/\$defs\/missing"/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(snapshotTree(dir)).toEqual(before);
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
  });

  it("reports a schema that does not parse at its place in the schema file", async () => {
    const dir = tempTree({ "s.yaml": "type: object\nproperties: [unclosed\n", "d.yaml": "{}\n" });
    const result = await runCli(["validate", "--schema", "s.yaml", "d.yaml"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^s\.yaml:\d+:\d+: error CH\d{3} /);
  });

  it("refuses a missing schema file, in text and JSON", async () => {
    const dir = tempTree({ "d.yaml": "{}\n" });
    const text = await runCli(["validate", "--schema", "nope.yaml", "d.yaml"], dir);
    expect(text.code).toBe(2);
    expect(text.stderr).toBe("nope.yaml: error CH802 cannot read the schema (ENOENT)\n");
    const json = JSON.parse(
      (await runCli(["validate", "--schema", "nope.yaml", "d.yaml", "--format", "json"], dir)).stdout,
    );
    expect(json.ok).toBe(false);
    expect(json.diagnostics.map((d: { code: string; file: string }) => `${d.file} ${d.code}`)).toEqual([
      "nope.yaml CH802",
    ]);
  });

  it("answers in JSON with the contract route's shape and findings", async () => {
    const dir = tempTree({
      "schema-src/person.yaml": PEOPLE["schemas/person.yaml"],
      "schema-src/address.yaml": PEOPLE["schemas/address.yaml"],
      // The contract route asserts no format in 2020-12 unless told: this data has none to disagree on.
      "data/good.yaml": PEOPLE["data/good.yaml"],
      "data/bad.yaml": "name: A\naddress: { town: x }\n",
    });
    const generated = await runCli(["generate"], dir);
    expect(generated.code).toBe(0);
    // In this process the generated tree resolves charter-runtime through a project's node_modules, as an application would.
    symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    const files = ["data/good.yaml", "data/bad.yaml"];
    const viaContract = JSON.parse((await runCli(["validate", "person", ...files, "--format", "json"], dir)).stdout);
    const adHoc = await runCli(["validate", "--schema", "schema-src/person.yaml", ...files, "--format", "json"], dir);
    expect(adHoc.code).toBe(1);
    const viaSchema = JSON.parse(adHoc.stdout);
    expect(Object.keys(viaSchema).sort()).toEqual(Object.keys(viaContract).sort());
    expect(viaSchema.contract).toBe("person");
    expect(viaSchema.out).toBe("schema-src/person.yaml");
    const findings = (report: { results: { file: string; errors: object[] }[] }) =>
      report.results.map((r) => ({ file: r.file, errors: r.errors.map((e) => ({ ...e, schemaPath: undefined })) }));
    expect(findings(viaSchema)).toEqual(findings(viaContract));
    expect(viaSchema.results[1].errors.length).toBeGreaterThan(0);
  });

  it("honours a charter.config.yaml beside it: formats annotated there are not checked", async () => {
    const dir = tempTree({ ...PEOPLE, "charter.config.yaml": "validation:\n  formats: annotate\n" });
    const result = await runCli(["validate", "--schema", "schemas/person.yaml", "data/bad.yaml"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain("format");
    expect(result.stdout).toContain("/name: must NOT have fewer than 2 characters");
  });

  it("makes --out and a missing data file usage errors", async () => {
    const dir = tempTree(PEOPLE);
    const out = await runCli(["validate", "--schema", "schemas/person.yaml", "data/good.yaml", "--out", "x"], dir);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("--out does not apply to validate --schema");
    const none = await runCli(["validate", "--schema", "schemas/person.yaml"], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("validate --schema expects at least one data file");
  });

  it("resolves a reference against the schema's own $id through --catalog, which plain validate refuses", async () => {
    const dir = tempTree({
      ...PEOPLE,
      "schemas/located.yaml":
        "$id: https://example.com/s/located.json\nproperties:\n  address: { $ref: address.yaml }\n",
      "data/nowhere.yaml": "address: {}\n",
    });
    const args = ["validate", "--schema", "schemas/located.yaml", "data/nowhere.yaml"];
    const offline = await runCli(args, dir);
    expect(offline.code).toBe(1);
    expect(offline.stderr).toMatch(/^schemas\/located\.yaml:3:20: error CH206 /);
    const mapped = await runCli([...args, "--catalog", "https://example.com/s/=schemas"], dir);
    expect(mapped.code).toBe(1);
    expect(mapped.stdout).toContain("data/nowhere.yaml:1:10: error CH801 /address: must have required property 'city'");
    const plain = await runCli(["validate", "person", "data/good.yaml", "--catalog", "x=y"], dir);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain("--catalog applies to validate --schema only");
  });

  it("works as a real process, outside any project", () => {
    const dir = tempTree(PEOPLE);
    const result = spawnCli(["validate", "--schema", "schemas/person.yaml", "data/bad.yaml", "--format", "github"], {
      cwd: dir,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("::error file=data/bad.yaml,line=1,col=7");
  });
});
