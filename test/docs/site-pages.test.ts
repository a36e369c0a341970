/**
 * The docs target as pure functions: constraints and conditional rules in words, member types
 * read from the generated TypeScript, and pages that show what a schema says without running
 * it (a description holding markup is text). The browser test drives the whole site.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/core/json-object.js";
import { alternativeGroups } from "../../src/targets/docs/alternatives.js";
import { conditionalRules, ruleSentence } from "../../src/targets/docs/conditional-rules.js";
import { constraintWords } from "../../src/targets/docs/constraint-words.js";
import type { DocsContract, DocsInput } from "../../src/targets/docs/docs-input.js";
import { dependencyGraphSvg } from "../../src/targets/docs/dependency-graph.js";
import { directUses } from "../../src/targets/docs/direct-uses.js";
import { emitDocs } from "../../src/targets/docs/emit-docs.js";
import { resolveInBundle } from "../../src/targets/shared/bundle-references.js";
import { compactSearchIndex, type SearchEntry } from "../../src/targets/docs/search-index.js";
import { exportedDeclarations, memberTypes } from "../../src/targets/docs/type-declarations.js";

describe("constraints in words", () => {
  const cases: [string, JsonObject, string[]][] = [
    [
      "a bounded string with a pattern",
      { type: "string", minLength: 1, maxLength: 64, pattern: "^[a-z]+$" },
      ["1 to 64 characters", "matching `^[a-z]+$`"],
    ],
    ["one bound", { minLength: 1 }, ["at least 1 character"]],
    ["an exact count", { minItems: 2, maxItems: 2, uniqueItems: true }, ["exactly 2 items", "items unique"]],
    ["numbers", { minimum: 0, exclusiveMaximum: 1 }, ["at least 0", "less than 1"]],
    ["values", { enum: ["a", 1] }, ['one of `"a"` or `1`']],
    ["a closed object", { additionalProperties: false, minProperties: 1 }, ["at least 1 member", "no other members"]],
    ["nothing", { type: "string" }, []],
  ];
  it.each(cases)("%s", (_, schema, words) => {
    expect(constraintWords(schema)).toEqual(words);
  });
});

/** An object whose `kind` decides its members, as agent/result's `outcome` does. */
const SHIPMENT: JsonObject = {
  type: "object",
  required: ["kind"],
  properties: {
    kind: { $ref: "#/$defs/kind" },
    tracking: { type: "string" },
    reason: { type: "string" },
  },
  allOf: [
    {
      if: { properties: { kind: { const: "sent" } } },
      then: { required: ["tracking"] },
      else: { properties: { tracking: false } },
    },
    {
      if: { properties: { kind: { const: "held" } } },
      then: { required: ["reason"] },
      else: { properties: { reason: false } },
    },
  ],
  $defs: { kind: { enum: ["sent", "held", "open"] } },
};

describe("conditional rules in words", () => {
  it("says for each value of the discriminator what is required and what must be absent", () => {
    const rules = conditionalRules(SHIPMENT, (reference) => resolveInBundle(SHIPMENT, reference));
    expect(rules.map(ruleSentence)).toEqual([
      "When `kind` is `sent`: `tracking` is required and `reason` must be absent.",
      "When `kind` is `held`: `reason` is required and `tracking` must be absent.",
      "When `kind` is `open`: `reason` and `tracking` must be absent.",
    ]);
  });

  it("states nothing for a condition that is no discriminator test", () => {
    const schema: JsonObject = { ...SHIPMENT, allOf: [{ if: { minProperties: 2 }, then: { required: ["reason"] } }] };
    expect(conditionalRules(schema, (reference) => resolveInBundle(schema, reference))).toEqual([]);
  });
});

describe("member types from the generated TypeScript", () => {
  const module = `// header
import type { Other } from "./other.js";
/**
 * A thing.
 */
export type Thing = {
  /**
   * Its id.
   */
  id: Other;
  "odd-name"?: string;
  nested?: {
    [k: string]: unknown;
  };
  choice?:
    | "a"
    | "b";
} & ({ kind: "x" } | { kind: "y" });
export type Other = string;
`;
  it("reads each member's type, a nested object and a union over lines included", () => {
    const declarations = exportedDeclarations(module);
    expect([...declarations.keys()]).toEqual(["Thing", "Other"]);
    expect(declarations.get("Thing")).toMatch(/^\/\*\*\n \* A thing\./);
    expect(Object.fromEntries(memberTypes(declarations.get("Thing")!))).toEqual({
      id: "Other",
      "odd-name": "string",
      nested: "{ [k: string]: unknown; }",
      choice: '"a" | "b"',
    });
  });
});

/** A schema as the page's copyable block shows it: text between tags, its quotes as they are. */
const escapedJson = (value: JsonObject) =>
  JSON.stringify(value, null, 2).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function contract(overrides: Partial<DocsContract>): DocsContract {
  return {
    name: "shop/shipment",
    source: "schema-src/shop/shipment.yaml",
    digest: "sha256:" + "0".repeat(64),
    dialect: "2020-12",
    id: "https://example.test/shop/shipment.schema.json",
    schema: SHIPMENT,
    embeds: [],
    sourceLines: new Map([["/properties/tracking", 7]]),
    counterexamples: [],
    rules: {},
    hasValidator: false,
    ...overrides,
  };
}

describe("the pages", () => {
  const input: DocsInput = {
    contracts: [contract({})],
    typeNames: new Map([
      ["shop/shipment", "ShopShipment"],
      ["shop/shipment#/$defs/kind", "Kind"],
    ]),
  };

  it("write a members table with anchors, presence by rule, source lines and links to definitions", () => {
    const page = emitDocs(input).get("contracts/shop/shipment.html")!;
    expect(page).toContain('<tr id="member--tracking">');
    expect(page).toContain("required when <code>kind</code> is <code>sent</code>");
    expect(page).toContain("<code>schema-src/shop/shipment.yaml:7</code>");
    expect(page).toContain('<a href="../../definitions/shop/shipment/def-kind.html"><code>kind</code></a>');
    expect(page).toContain('<section id="def-kind"');
  });

  it("give each exported definition a page of its own, with its schema and who uses it", () => {
    const files = emitDocs(input);
    const page = files.get("definitions/shop/shipment/def-kind.html")!;
    expect(page).toContain('<h1 id="top">Kind</h1>');
    expect(page).toContain('<a href="../../../contracts/shop/shipment.html#def-kind"><code>shop/shipment</code></a>');
    expect(page).toContain("Schema at #/$defs/kind");
    expect(page).toContain(escapedJson({ enum: ["sent", "held", "open"] }));
    expect(page).toMatch(
      /<section id="used-by"[^]*<a href="..\/..\/..\/contracts\/shop\/shipment.html"><code>ShopShipment<\/code><\/a>/,
    );
    // The search leads to the definition's page.
    expect(files.get("assets/search-index.js")).toContain('"definitions/shop/shipment/def-kind.html"');
  });

  it("show on the contract page the bundle less the definitions shown on their own pages", () => {
    const schema: JsonObject = {
      ...SHIPMENT,
      $defs: { ...(SHIPMENT["$defs"] as JsonObject), unpaged: { type: "integer" } },
    };
    const files = emitDocs({ ...input, contracts: [contract({ schema })] });
    const block = /<pre id="schema-root"[^>]*><code>([^]*?)<\/code><\/pre>/.exec(
      files.get("contracts/shop/shipment.html")!,
    )![1]!;
    const shown = JSON.parse(block.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")) as JsonObject;
    expect(shown["$defs"]).toEqual({ unpaged: { type: "integer" } });
    expect(shown["properties"]).toEqual(SHIPMENT["properties"]);
    expect(files.get("contracts/shop/shipment.html")).toMatch(/Bundled schema, less the \d+ definitions? shown on/);
  });

  it("keep each member anchor a definition had on its contract page, leading to its page", () => {
    const schema: JsonObject = {
      ...SHIPMENT,
      $defs: {
        ...(SHIPMENT["$defs"] as JsonObject),
        parcel: { type: "object", properties: { weight: { type: "number" } } },
      },
    };
    const typeNames = new Map([...input.typeNames, ["shop/shipment#/$defs/parcel", "Parcel"]]);
    const files = emitDocs({ ...input, typeNames, contracts: [contract({ schema })] });
    expect(files.get("contracts/shop/shipment.html")).toContain(
      '<li id="def-parcel--weight"><a href="../../definitions/shop/shipment/def-parcel.html#def-parcel--weight"><code>weight</code></a></li>',
    );
    expect(files.get("definitions/shop/shipment/def-parcel.html")).toContain('<tr id="def-parcel--weight">');
  });

  it("show a schema's markup as text, never as markup", () => {
    const hostile: JsonObject = {
      ...SHIPMENT,
      description: "<script>alert(1)</script>",
      properties: { "<img src=x onerror=alert(1)>": { type: "string", description: "</td><b>x</b>" } },
    };
    const files = emitDocs({ ...input, contracts: [contract({ schema: hostile })] });
    for (const [file, text] of files) {
      expect(text, file).not.toContain("<script>alert");
      expect(text, file).not.toContain("<img src=x");
      expect(text, file).not.toContain("</td><b>");
    }
    expect(files.get("contracts/shop/shipment.html")).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("find a definition whose name the registry's key percent-encodes", () => {
    const schema: JsonObject = {
      ...SHIPMENT,
      $defs: { ...(SHIPMENT["$defs"] as JsonObject), "at:time": { type: "string" } },
    };
    const typeNames = new Map([...input.typeNames, ["shop/shipment#/$defs/at%3Atime", "AtTime"]]);
    const files = emitDocs({ ...input, typeNames, contracts: [contract({ schema })] });
    expect(files.get("contracts/shop/shipment.html")).toContain("<code>#/$defs/at:time</code>");
    const page = files.get("definitions/shop/shipment/def-at.3atime.html")!;
    expect(page).toContain("Schema at #/$defs/at:time");
    expect(page).toContain(escapedJson({ type: "string" }));
  });

  it("give each contract its own version where it declares one, the set's otherwise", () => {
    const own = contract({ name: "shop/parcel", version: "2.1.0" });
    const files = emitDocs({ ...input, version: "0.3.0", contracts: [contract({}), own] });
    const rowOf = (name: string) => new RegExp(`${name}</code></a></th>\\s*<td>[^]*?</td>\\s*<td><code>([^<]*)</code>`);
    expect(rowOf("shop/shipment").exec(files.get("index.html")!)?.[1]).toBe("0.3.0");
    expect(rowOf("shop/parcel").exec(files.get("index.html")!)?.[1]).toBe("2.1.0");
    expect(files.get("contracts/shop/parcel.html")).toContain("<dt>Version</dt><dd><code>2.1.0</code></dd>");
    expect(files.get("contracts/shop/shipment.html")).toContain("<dt>Version</dt><dd><code>0.3.0</code></dd>");
  });

  it("are the same bytes for the same input, in a sorted order of files", () => {
    const first = emitDocs(input);
    expect([...first.keys()]).toEqual([...first.keys()].sort());
    expect(emitDocs(input)).toEqual(first);
  });
});

describe("the search index", () => {
  it("holds each text once and every entry as six numbers that give it back", () => {
    const entries: SearchEntry[] = [
      { kind: "contract", name: "a", contract: "a", description: "Same words.", href: "contracts/a.html" },
      { kind: "member", name: "x", contract: "a", description: "Same words.", href: "contracts/a.html#member--x" },
      { kind: "definition", name: "D", contract: "a", description: "", href: "definitions/a/def-d.html" },
    ];
    const { texts, entries: flat } = compactSearchIndex(entries);
    expect(texts.filter((t) => t === "Same words.")).toHaveLength(1);
    expect(texts.filter((t) => t === "contracts/a.html")).toHaveLength(1);
    const kinds = ["contract", "definition", "member"] as const;
    const back = [];
    for (let i = 0; i < flat.length; i += 6)
      back.push({
        kind: kinds[flat[i]!],
        name: texts[flat[i + 1]!],
        contract: texts[flat[i + 2]!],
        description: texts[flat[i + 3]!],
        href: texts[flat[i + 4]!]! + (texts[flat[i + 5]!] === "" ? "" : `#${texts[flat[i + 5]!]}`),
      });
    expect(back).toEqual(entries);
  });
});

describe("which contract uses which", () => {
  it("counts a contract's own references, not those of the documents bundled into it", () => {
    const schema: JsonObject = {
      $id: "https://example.test/a.schema.json",
      properties: {
        b: { $ref: "https://example.test/b.schema.json" },
        c: { const: { $ref: "https://example.test/c.schema.json" } },
      },
      $defs: {
        b: {
          $id: "https://example.test/b.schema.json",
          properties: { c: { $ref: "https://example.test/c.schema.json" } },
        },
      },
    };
    const ids = new Map([
      ["https://example.test/a.schema.json", "a"],
      ["https://example.test/b.schema.json", "b"],
      ["https://example.test/c.schema.json", "c"],
    ]);
    expect(directUses(contract({ name: "a", schema }), ids)).toEqual(["b"]);
  });

  it("draws one box per contract linking to its page and one arrow per use, the same bytes every time", () => {
    const uses = new Map([
      ["shop/order", ["shop/item", "shop/money"]],
      ["shop/item", ["shop/money"]],
      ["shop/money", []],
    ]);
    const svg = dependencyGraphSvg(uses);
    expect(svg.match(/<rect /g)).toHaveLength(3);
    expect(svg).toContain('<a href="contracts/shop/order.html">');
    expect([...svg.matchAll(/<title>([^<]+ uses [^<]+)<\/title>/g)].map((m) => m[1])).toEqual([
      "shop/item uses shop/money",
      "shop/order uses shop/item",
      "shop/order uses shop/money",
    ]);
    expect(dependencyGraphSvg(new Map([...uses].reverse()))).toBe(svg);
  });
});

describe("oneOf and anyOf alternatives", () => {
  const shape: JsonObject = {
    type: "object",
    required: ["kind"],
    properties: { kind: { type: "string" }, radius: { type: "number" }, side: { type: "number" } },
    oneOf: [
      { properties: { kind: { const: "circle" } }, required: ["radius"] },
      { properties: { kind: { enum: ["square", "box"] } }, required: ["side"], description: "Four equal sides." },
    ],
    anyOf: [{ $ref: "#/$defs/a" }, { title: "Something else", minProperties: 3 }],
    $defs: { a: { type: "object" } },
  };
  const context = {
    contract: "geo/shape",
    contractsById: new Map<string, string>(),
    resolve: (reference: string) => resolveInBundle(shape, reference),
    typeName: (target: { pointer: string }) => (target.pointer === "/$defs/a" ? "A" : undefined),
  };

  it("names each alternative by the discriminator that picks it, else by its type or title", () => {
    expect(alternativeGroups(shape, context)).toEqual([
      {
        keyword: "oneOf",
        discriminator: "kind",
        alternatives: [
          { label: "`kind` is `circle`", required: ["radius"], constraints: [] },
          {
            label: "`kind` is `square` or `box`",
            required: ["side"],
            constraints: [],
            description: "Four equal sides.",
          },
        ],
      },
      {
        keyword: "anyOf",
        alternatives: [
          { label: "`A`", target: { contract: "geo/shape", pointer: "/$defs/a" }, required: [], constraints: [] },
          { label: "Something else", required: [], constraints: ["at least 3 members"] },
        ],
      },
    ]);
  });
});
