import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

describe("a reference that names nothing", () => {
  it("says what it most likely meant: a definition, a file, a file's definition, an anchor", async () => {
    const dir = tempTree({
      "schema-src/order.yaml": [
        "type: object",
        "properties:",
        '  a: { $ref: "#/$defs/lien" }',
        '  b: { $ref: "commn/address.yaml" }',
        '  c: { $ref: "common/address.yaml#/$defs/zpi" }',
        '  d: { $ref: "#nme" }',
        '  e: { $ref: "#/$defs/unrelated" }',
        "$defs:",
        "  line: { type: string }",
        "  n: { $anchor: name, type: string }",
        "",
      ].join("\n"),
      "schema-src/common/address.yaml": "type: object\n$defs:\n  zip: { type: string }\n",
      "schema-src/billing/invoice.yaml": "type: object\nproperties:\n  to: { $ref: ../common/adress.yaml }\n",
    });
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n").filter((line) => / CH20[78] /.test(line))).toEqual([
      'schema-src/billing/invoice.yaml:3:15: error CH207 $ref "../common/adress.yaml" names a file that does not exist in the source tree; did you mean "../common/address.yaml"?',
      'schema-src/order.yaml:3:14: error CH208 $ref "#/$defs/lien": order.yaml has no schema at "#/$defs/lien"; did you mean "#/$defs/line"?',
      'schema-src/order.yaml:4:14: error CH207 $ref "commn/address.yaml" names a file that does not exist in the source tree; did you mean "common/address.yaml"?',
      'schema-src/order.yaml:5:14: error CH208 $ref "common/address.yaml#/$defs/zpi": common/address.yaml has no schema at "#/$defs/zpi"; did you mean "common/address.yaml#/$defs/zip"?',
      'schema-src/order.yaml:6:14: error CH208 $ref "#nme": no anchor "nme" in order.yaml; did you mean "#name"?',
      // Nothing close: no guess.
      'schema-src/order.yaml:7:14: error CH208 $ref "#/$defs/unrelated": order.yaml has no schema at "#/$defs/unrelated"',
    ]);
  });
});
