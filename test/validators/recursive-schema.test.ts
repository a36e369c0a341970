import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/core/json-value.js";
import { isRecursiveSchema, schemaRecursion } from "../../src/targets/validators/recursive-schema.js";

const BASE = "https://r.test/root.json";
const recursive = (schema: JsonValue, pointer = "") => isRecursiveSchema(schema, { baseUri: BASE, pointer });

describe("whether a schema can recurse with the data", () => {
  it("finds a cycle through $ref: to the root, between definitions, by an absolute URI of the root", () => {
    expect(recursive({ type: "array", items: { $ref: "#" } })).toBe(true);
    expect(recursive({ $ref: "#/$defs/a", $defs: { a: { properties: { b: { $ref: "#/$defs/b" } } }, b: { items: { $ref: "#/$defs/a" } } } })).toBe(true);
    expect(recursive({ properties: { self: { $ref: "https://r.test/root.json" } } })).toBe(true);
    expect(recursive({ $id: "https://other.test/tree", properties: { self: { $ref: "tree#" } } })).toBe(true);
    // Percent-encoded pointers, and tokens escaped with ~0 and ~1.
    expect(recursive({ $ref: "#/$defs/a~1b%20c", $defs: { "a/b c": { items: { $ref: "#/$defs/a~1b%20c" } } } })).toBe(true);
  });

  it("finds a cycle through anchors: $anchor, $dynamicAnchor, and before 2019-09 an $id that is a fragment", () => {
    expect(recursive({ $defs: { node: { $anchor: "node", items: { $ref: "#node" } } }, $ref: "#node" })).toBe(true);
    expect(recursive({ $dynamicAnchor: "node", type: "object", additionalProperties: { $dynamicRef: "#node" } })).toBe(true);
    const draft07 = { $schema: "http://json-schema.org/draft-07/schema#", definitions: { node: { $id: "#node", items: { $ref: "#node" } } }, properties: { n: { $ref: "#node" } } };
    expect(recursive(draft07)).toBe(true);
    // draft-04 names its identifiers `id`.
    expect(isRecursiveSchema({ id: "https://r.test/four.json", definitions: { n: { id: "#n", items: { $ref: "#n" } } }, items: { $ref: "#n" } }, { dialect: "draft-04" })).toBe(true);
  });

  it("finds a cycle through $recursiveRef and through a $dynamicRef to an outer dynamic anchor", () => {
    expect(isRecursiveSchema({ $recursiveAnchor: true, items: { $recursiveRef: "#" } }, { dialect: "2019-09" })).toBe(true);
    // `child`'s static target is a string schema: no cycle. Its dynamic scope can lead to the outer
    // resource's anchor of the same name, which applies `base` again: a cycle.
    const base = { $id: "https://r.test/base", properties: { child: { $dynamicRef: "leaf#meta" } } };
    const leaf = { $id: "https://r.test/leaf", $dynamicAnchor: "meta", type: "string" };
    expect(recursive({ $id: "https://r.test/extended", $dynamicAnchor: "meta", $ref: "base", $defs: { base, leaf } })).toBe(true);
    expect(recursive({ $id: "https://r.test/plain", $ref: "base", $defs: { base, leaf } })).toBe(false);
  });

  it("resolves references against the base URI nested $ids set", () => {
    // `#` inside the nested resource is that resource, not the document's root.
    const selfReferring = { $id: BASE, properties: { leaf: { $ref: "leaf.json" } }, $defs: { leaf: { $id: "leaf.json", items: { $ref: "#" } } } };
    expect(recursive(selfReferring)).toBe(true);
    // `#/$defs/x` inside it is its own definition: no cycle, though the root has a `$defs` of its own that the pointer does not name.
    const pointing = { $id: BASE, properties: { leaf: { $ref: "leaf.json" } }, $defs: { leaf: { $id: "leaf.json", items: { $ref: "#/$defs/x" }, $defs: { x: { type: "string" } } } } };
    expect(recursive(pointing)).toBe(false);
    // A cycle through two resources, each naming the other by a relative URI.
    const pair = { $ref: "a.json", $defs: { a: { $id: "https://r.test/a.json", items: { $ref: "b.json" } }, b: { $id: "https://r.test/b.json", items: { $ref: "a.json#" } } } };
    expect(recursive(pair)).toBe(true);
    // The same names in another folder are other resources.
    const elsewhere = { $ref: "dir/a.json", $defs: { a: { $id: "https://r.test/dir/a.json", items: { $ref: "b.json" } }, b: { $id: "https://r.test/dir/b.json", type: "string" }, decoy: { $id: "https://r.test/b.json", items: { $ref: "dir/a.json" } } } };
    expect(recursive(elsewhere)).toBe(false);
  });

  it("finds no cycle where references form none: a chain, a diamond, booleans, references in data", () => {
    expect(recursive({ type: "object", properties: { a: { type: "string" } } })).toBe(false);
    expect(recursive({ $ref: "#/$defs/a", $defs: { a: { $ref: "#/$defs/b" }, b: { type: "string" } } })).toBe(false);
    const diamond = { allOf: [{ $ref: "#/$defs/left" }, { $ref: "#/$defs/right" }], $defs: { left: { $ref: "#/$defs/bottom" }, right: { items: { $ref: "#/$defs/bottom" } }, bottom: { type: "integer" } } };
    expect(recursive(diamond)).toBe(false);
    expect(recursive({ items: { $ref: "#/$defs/never" }, $defs: { never: false } })).toBe(false);
    expect(recursive(true)).toBe(false);
    // `$ref` members of data keywords are values, not references.
    expect(recursive({ const: { $ref: "#" }, enum: [{ $ref: "#" }], examples: [{ $ref: "#" }], default: { $ref: "#" } })).toBe(false);
  });

  it("looks only at what the schema applies: a recursive definition nobody refers to is no cycle, one referred to is", () => {
    const unused = { type: "object", $defs: { loop: { items: { $ref: "#/$defs/loop" } } } };
    expect(recursive(unused)).toBe(false);
    expect(recursive({ ...unused, properties: { x: { $ref: "#/$defs/loop" } } })).toBe(true);
    // Asked about the definition itself (an exported definition), it is recursive.
    const ask = schemaRecursion(unused, { baseUri: BASE });
    expect([ask(""), ask("/$defs/loop"), ask("")]).toEqual([false, true, false]);
  });

  it("says recursive when it cannot tell: a reference out of the bundle (a meta-schema), or to nothing", () => {
    expect(recursive({ allOf: [{ $ref: "https://json-schema.org/draft/2020-12/schema" }] })).toBe(true);
    expect(recursive({ properties: { a: { $ref: "#/$defs/missing" } } })).toBe(true);
    expect(recursive({ properties: { a: { $ref: "#nowhere" } } })).toBe(true);
    // Unless nothing applies it.
    expect(recursive({ $defs: { a: { $ref: "https://elsewhere.test/x" } } })).toBe(false);
  });

  it("follows a reference into a place no keyword marks as a schema", () => {
    expect(recursive({ properties: { a: { $ref: "#/x-kept/node" } }, "x-kept": { node: { items: { $ref: "#/x-kept/node" } } } })).toBe(true);
    expect(recursive({ properties: { a: { $ref: "#/x-kept/node" } }, "x-kept": { node: { type: "string" } } })).toBe(false);
  });

  it("does not overflow on a deep schema or a long chain", () => {
    let deep: JsonValue = { type: "string" };
    for (let i = 0; i < 20_000; i++) deep = { not: deep };
    expect(recursive(deep)).toBe(false);
    const defs: Record<string, JsonValue> = {};
    for (let i = 0; i < 20_000; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    defs["d20000"] = { type: "string" };
    expect(recursive({ $ref: "#/$defs/d0", $defs: defs })).toBe(false);
    defs["d20000"] = { items: { $ref: "#/$defs/d0" } };
    expect(recursive({ $ref: "#/$defs/d0", $defs: defs })).toBe(true);
  });
});
