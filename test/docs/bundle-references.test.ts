/**
 * References inside a document the bundle embeds: `#/definitions/x` there means that document's
 * own definitions (decision 002), not the bundle's root, however the root names its own. The
 * drawing below embeds shapes/base and defines a `kind` of its own that must never be read for
 * base's.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/core/json-object.js";
import { contractModels } from "../../src/targets/docs/contract-model.js";
import type { DocsContract, DocsInput } from "../../src/targets/docs/docs-input.js";
import { emitDocs } from "../../src/targets/docs/emit-docs.js";
import { resolveInBundle } from "../../src/targets/shared/bundle-references.js";

const BASE_ID = "https://example.test/shapes/base.schema.json";
const DRAWING_ID = "https://example.test/shapes/drawing.schema.json";

const BASE: JsonObject = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: BASE_ID,
  definitions: {
    kind: { enum: ["circle", "square"] },
    kindRef: { $ref: "#/definitions/kind" },
    circle: {
      type: "object",
      required: ["kind"],
      properties: { kind: { $ref: "#/definitions/kind" }, radius: { type: "number" } },
    },
  },
};

/** The drawing's bundle: base embedded whole under its contract name, beside a `kind` of the drawing's own. */
const DRAWING: JsonObject = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: DRAWING_ID,
  type: "object",
  required: ["kind"],
  properties: {
    kind: { $ref: `${BASE_ID}#/definitions/kindRef` },
    radius: { type: "number" },
    side: { type: "number" },
  },
  allOf: [
    { if: { properties: { kind: { const: "circle" } } }, then: { required: ["radius"] } },
    { if: { properties: { kind: { const: "square" } } }, then: { required: ["side"] } },
  ],
  definitions: { kind: { enum: ["wrong"] }, "shapes/base": BASE },
};

function contract(name: string, id: string, schema: JsonObject, embeds: string[]): DocsContract {
  return {
    name,
    source: `schema-src/${name}.yaml`,
    digest: "sha256:" + "0".repeat(64),
    dialect: "draft-07",
    id,
    schema,
    embeds,
    sourceLines: new Map(),
    counterexamples: [],
    rules: {},
    hasValidator: false,
  };
}

const input: DocsInput = {
  contracts: [
    contract("shapes/base", BASE_ID, BASE, []),
    contract("shapes/drawing", DRAWING_ID, DRAWING, ["shapes/base"]),
  ],
  typeNames: new Map([
    ["shapes/base", "ShapesBase"],
    ["shapes/drawing", "ShapesDrawing"],
    // A definition the registry names inside the embedded document.
    ["shapes/drawing#/definitions/shapes~1base/definitions/circle", "Circle"],
  ]),
};

describe("references inside an embedded document", () => {
  it("resolve in that document, through a chain of references", () => {
    expect(resolveInBundle(DRAWING, `${BASE_ID}#/definitions/kindRef`)).toEqual({
      $ref: `${BASE_ID}#/definitions/kind`,
    });
    expect(resolveInBundle(DRAWING, `${BASE_ID}#/definitions/kind`)).toEqual({ enum: ["circle", "square"] });
  });

  it("give the conditional rules the embedded document's values", () => {
    const drawing = contractModels(input).find((m) => m.contract.name === "shapes/drawing")!;
    expect(drawing.root.rules.map((rule) => rule.values)).toEqual([["circle"], ["square"]]);
    expect(emitDocs(input).get("contracts/shapes/drawing.html")).toMatch(
      /When <code>kind<\/code> is <code>circle<\/code>/,
    );
  });

  it("link a member of an embedded definition to the embedded document's definition", () => {
    const drawing = contractModels(input).find((m) => m.contract.name === "shapes/drawing")!;
    const circle = drawing.definitions.find((d) => d.key === "circle")!;
    expect(circle.rows.find((row) => row.name === "kind")!.target).toEqual({
      contract: "shapes/base",
      pointer: "/definitions/kind",
    });
  });
});
