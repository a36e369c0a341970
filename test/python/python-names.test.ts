import { describe, expect, it } from "vitest";
import { annotation, type AnnotationScope } from "../../src/targets/python/annotations.js";
import { docstring, fieldNames, modulePaths } from "../../src/targets/python/python-names.js";

const scope = (bundle: Record<string, unknown> = {}): AnnotationScope => ({
  bundle: bundle as never,
  contract: "c",
  imports: new Map(),
  typeOf: (reference) => (reference === "#/$defs/named" ? { name: "Named", contract: "c" } : undefined),
});

describe("Python names", () => {
  it("keeps members Python and pydantic take, aliases the others, uniquely", () => {
    const names = fieldNames(["type", "x-id", "x_id_", "schema", "model_kind", "class", "2fa", "_private"]);
    expect(Object.fromEntries(names)).toEqual({
      type: "type",
      "x-id": "x_id_2",
      x_id_: "x_id_",
      schema: "schema_",
      model_kind: "kind_",
      class: "class_",
      "2fa": "f_2fa_",
      _private: "private_",
    });
  });

  it("renames a member its class's annotations or body would see instead of a type (SchemaStore's npm-badges, nswag)", () => {
    const names = fieldNames(["list", "str", "Field", "name", "str_"], new Set(["list", "Literal", "str"]));
    expect(Object.fromEntries(names)).toEqual({
      list: "list_",
      str: "str_2",
      Field: "Field_",
      name: "name",
      str_: "str_",
    });
  });

  it("makes contract paths modules, a folder of contracts a package", () => {
    const paths = modulePaths(["agent", "agent/result", "tool-1.0/x", "import"]);
    expect(Object.fromEntries([...paths].map(([k, v]) => [k, v.join(".")]))).toEqual({
      agent: "agent_2",
      "agent/result": "agent.result",
      "tool-1.0/x": "tool_1_0.x",
      import: "import_",
    });
  });

  it("escapes docstrings so that no description ends them", () => {
    expect(docstring('a """quoted""" \\ end"', "")).toBe('"""a \\"\\"\\"quoted\\"\\"\\" \\\\ end\\""""');
  });
});

describe("Python annotations are supersets of their schemas", () => {
  it("states what pydantic states, and nothing a valid instance could break", () => {
    expect(annotation({ type: "string", minLength: 1, pattern: "^a$" }, scope())).toBe(
      'Annotated[str, Field(min_length=1, pattern=re.compile("^a\\\\Z"))]',
    );
    // A lookbehind may be of any width in ECMA-262: left to the schema.
    expect(annotation({ type: "string", pattern: "(?<=ab*)c" }, scope())).toBe("str");
    expect(annotation({ type: ["integer", "null"], minimum: 0 }, scope())).toBe(
      "Annotated[JsonInt, Field(ge=0)] | None",
    );
    expect(annotation({ enum: ["a", true, null] }, scope())).toBe('Literal["a", True, None]');
    // An integer is a Literal (pydantic's lax Literal[1] takes 1.0, as JSON Schema does); a fraction or a
    // number past 2^53 (a double to ajv) is not.
    expect(annotation({ enum: [1, "a", 1.0] }, scope())).toBe('Literal[1, "a"]');
    expect(annotation({ enum: [1, 0.5] }, scope())).toBe("Any");
    expect(annotation({ const: 2 ** 60 }, scope())).toBe("Any");
    expect(annotation({ oneOf: [{ $ref: "#/$defs/named" }, { type: "boolean" }] }, scope())).toBe("Named | StrictBool");
    expect(annotation({ anyOf: [{ type: "string" }, { not: {} }] }, scope())).toBe("Any");
    expect(annotation({ allOf: [{ required: ["a"] }, { type: "array", items: { type: "number" } }] }, scope())).toBe(
      "list[StrictFloat]",
    );
    expect(annotation({ type: "array", prefixItems: [{ type: "string" }] }, scope())).toBe("list[Any]");
    expect(annotation({ type: "array", prefixItems: [{ type: "string" }], items: { type: "null" } }, scope())).toBe(
      "list[str | None]",
    );
    // A closed tuple may be shorter than its places, unless minItems says otherwise.
    expect(
      annotation({ type: "array", prefixItems: [{ type: "string" }, { type: "boolean" }], items: false }, scope()),
    ).toBe("tuple[str, StrictBool] | tuple[str] | tuple[()]");
    expect(
      annotation(
        { type: "array", prefixItems: [{ type: "string" }, { type: "boolean" }], items: false, minItems: 2 },
        scope(),
      ),
    ).toBe("tuple[str, StrictBool]");
    const five = Array.from({ length: 5 }, () => ({ type: "string" }));
    expect(annotation({ type: "array", prefixItems: five, items: false }, scope())).toBe(
      "Annotated[list[str], Field(max_length=5)]",
    );
    expect(annotation({ type: "object", additionalProperties: { type: "string" } }, scope())).toBe("dict[str, str]");
  });

  it("writes an undeclared reference in place and leaves a cycle of them to the schema", () => {
    const bundle = { $defs: { loop: { type: "array", items: { $ref: "#/$defs/loop" } } } };
    expect(annotation({ $ref: "#/$defs/loop" }, scope(bundle))).toBe("list[Any]");
  });
});
