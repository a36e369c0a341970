import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keywordVerdicts, pyrightErrors, type KeywordFixture } from "./keyword-fixtures.js";
import { pythonWithPydantic } from "./python-env.js";

const found = pythonWithPydantic();
const DIALECT = "$schema: https://json-schema.org/draft/2020-12/schema";

const FIXTURES: KeywordFixture[] = [
  {
    contract: "order",
    source: [
      DIALECT,
      "type: object",
      "properties:",
      "  customer:",
      "    type: object",
      "    required: [name]",
      "    additionalProperties: false",
      "    properties:",
      "      name: { type: string }",
      "      address:",
      "        type: [object, 'null']",
      "        properties: { city: { type: string } }",
      "  lines:",
      "    type: array",
      "    items:",
      "      type: object",
      "      required: [sku]",
      "      properties: { sku: { type: string }, qty: { type: integer } }",
      "  tree: { $ref: '#/$defs/node' }",
      "  # Named like a type another contract declares: the inline class takes another name.",
      "  item:",
      "    type: object",
      "    properties: { id: { type: string } }",
      "$defs:",
      "  node:",
      "    type: object",
      "    properties:",
      "      children: { type: array, items: { $ref: '#/$defs/node' } }",
      "      meta:",
      "        type: object",
      "        properties: { depth: { type: integer } }",
      "",
    ].join("\n"),
    instances: [
      {
        customer: { name: "a", address: { city: "b", zip: 1 } },
        lines: [{ sku: "x", qty: 1, more: true }],
        tree: { children: [{ children: [], meta: { depth: 2 } }] },
        item: { id: "i" },
      },
      { customer: { name: "a", address: null } },
      { customer: {} },
      { customer: { name: "a", other: 1 } },
      { customer: { name: "a", address: { city: 1 } } },
      { lines: [{ qty: 1 }] },
      { lines: [{ sku: "x", qty: "1" }] },
      { tree: { children: [{ meta: { depth: "deep" } }] } },
      { item: { id: 1 } },
    ],
  },
  {
    contract: "other",
    source: [DIALECT, "x-charter-name: OrderItem", "type: object", "properties: { name: { type: string } }", ""].join(
      "\n",
    ),
    instances: [{ name: "n" }, { name: 1 }],
  },
];

describe.skipIf("missing" in found)(
  `inline objects as classes in the Python models ${"missing" in found ? found.missing : ""}`,
  () => {
    it("read nested members by their own classes, agreeing with ajv", async () => {
      const { verdicts, packageDir } = await keywordVerdicts((found as { python: string }).python, FIXTURES);
      const show = (v: { contract: string; value: unknown }) => `${v.contract} ${JSON.stringify(v.value)}`;
      expect(verdicts.filter((v) => v.ajv && !v.model).map(show)).toEqual([]);
      expect(verdicts.filter((v) => v.helper !== v.ajv).map(show)).toEqual([]);
      // Every invalid instance breaks a member of an inline object, which a dict[str, Any] took.
      expect(verdicts.filter((v) => !v.ajv).map(show)).toEqual(verdicts.filter((v) => !v.model).map(show));
      expect(verdicts.filter((v) => !v.ajv).length).toBe(8);
      expect(pyrightErrors(packageDir)).toEqual([]);
      const order = readFileSync(path.join(packageDir, "fx", "order.py"), "utf8");
      for (const line of [
        "class OrderCustomer(BaseModel):",
        "    address: OrderCustomerAddress | None = None",
        "class OrderLinesItem(BaseModel):",
        "    lines: list[OrderLinesItem] | None = None",
        "class NodeMeta(BaseModel):",
        "    item: OrderItem2 | None = None",
      ])
        expect(order).toContain(line);
      // The package exports the declared types; an inline class is imported from its module.
      const init = readFileSync(path.join(packageDir, "fx", "__init__.py"), "utf8");
      expect(init).toContain("from .order import Node, Order\n");
    }, 120_000);
  },
);
