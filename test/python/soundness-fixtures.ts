/**
 * Schemas the SchemaStore corpus showed the Python target misreading (scripts/bench-python),
 * each small, with instances the committed validator accepts (valid) and rejects (invalid).
 */
export interface Fixture {
  name: string;
  schema: Record<string, unknown>;
  valid: unknown[];
  invalid: unknown[];
}

export const FIXTURES: Fixture[] = [
  {
    // draft-04 names a schema with `id`: the helper's registry must read it (clasp, prisma).
    name: "draft4-id",
    schema: {
      $schema: "http://json-schema.org/draft-04/schema#",
      id: "https://fixtures.test/draft4-id.schema.json",
      type: "object",
      properties: { name: { type: "string" } },
    },
    valid: [{ name: "a" }, {}],
    invalid: [{ name: 1 }],
  },
  {
    // Members named like what the annotations use: as plain attributes they shadowed the types (npm-badges, nswag).
    name: "shadowing-members",
    schema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        list: { type: "array", items: { enum: ["a", "b"] } },
        str: { type: "string" },
        Field: { type: "integer" },
        other: { type: "string", default: "x" },
        // Optional and null only: `None | None` does not evaluate (nswag).
        nothing: { type: "null" },
      },
    },
    valid: [{ list: ["a"], str: "s", Field: 1, other: "o", nothing: null }, {}],
    invalid: [{ list: ["c"] }, { str: 1 }],
  },
  {
    // ajv's draft-04 class applies const, which jsonschema's draft-04 class ignores (web-manifest, es6importsorterrc).
    name: "draft4-const",
    schema: {
      $schema: "http://json-schema.org/draft-04/schema#",
      id: "https://fixtures.test/draft4-const.schema.json",
      properties: { orientation: { oneOf: [{ const: "any" }, { const: "landscape" }, { type: "integer" }] } },
    },
    valid: [{ orientation: "landscape" }, { orientation: 1 }],
    invalid: [{ orientation: "upside" }],
  },
  {
    // charter-runtime checks uri where jsonschema needs a package it lacks (pubspec, all-contributors).
    name: "uri-format",
    schema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      properties: {
        publish_to: {
          oneOf: [
            { type: "string", enum: ["none"] },
            { type: "string", format: "uri" },
          ],
        },
        avatar: { type: "string", format: "uri" },
      },
    },
    valid: [{ publish_to: "none" }, { publish_to: "https://pub.example" }, { avatar: "https://a.example/x.png" }],
    invalid: [{ publish_to: "no ne" }, { avatar: "not a uri" }],
  },
  {
    // ECMA named groups, and two keys naming one group, which jsonschema joins into one Python pattern (appsettings).
    name: "ecma-pattern-properties",
    schema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      patternProperties: {
        "^Enrich:((?<Name>[a-zA-Z_]\\w*)|(?<Index>\\d*))$": { type: "string" },
        "^WriteTo:((?<Name>[a-zA-Z_]\\w*)|(?<Index>\\d*))$": { type: "string" },
      },
      properties: { version: { type: "string", pattern: "^\\d+$" } },
      additionalProperties: false,
    },
    valid: [{ "Enrich:a1": "x", "WriteTo:0": "y", version: "12" }],
    invalid: [{ "Enrich:a1": 1 }, { other: "x" }, { version: "12\n" }],
  },
  {
    // Dependencies named like keywords: a registry of every contract crawled this one and broke all the others' checks.
    name: "keyword-named-dependencies",
    schema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      dependencies: { if: ["then"], then: ["if"] },
    },
    valid: [{ if: 1, then: 2 }, {}],
    invalid: [{ if: 1 }],
  },
  {
    // A member spelled like an aliased field's Python name is one more member of an open object,
    // not that field: read by name too (populate_by_name), `x_id_: 5` failed `x-id`'s type.
    name: "python-name-is-no-alias",
    schema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { "x-id": { type: "string" }, schema: { type: "string" } },
    },
    valid: [{ x_id_: 5 }, { schema_: 1, schema: "s" }, { "x-id": "a", x_id_: [] }],
    invalid: [{ "x-id": 5 }, { schema: 1 }],
  },
  {
    // What the models state since inline classes, patterns, tuples and JsonInt, where Python reads
    // otherwise than ajv: U+FEFF is white space to ECMA-262, \b is ASCII, 1e21 an integer, a tuple may be short.
    name: "stated-in-models",
    schema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        inner: {
          type: "object",
          required: ["gap"],
          additionalProperties: false,
          properties: {
            gap: { type: "string", pattern: "^\\s*$" },
            word: { type: "string", pattern: "\\bé" },
            count: { type: "integer", enum: [1e21, 2] },
            pair: { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false },
          },
        },
      },
    },
    valid: [{ inner: { gap: " \ufeff", word: "aé", count: 1e21, pair: ["a"] } }, { inner: { gap: "", pair: [] } }],
    invalid: [
      { inner: {} },
      { inner: { gap: "x" } },
      { inner: { gap: "", count: "2" } },
      { inner: { gap: "", pair: [1] } },
    ],
  },
];
