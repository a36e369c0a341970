import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { annotation, type AnnotationScope } from "./annotations.js";

/**
 * The line that types an open model's extra members, where `additionalProperties` has a schema
 * beside `properties`: pydantic then reads every member that is no field by that annotation
 * (`__pydantic_extra__`). Undefined where that could refuse a valid instance or says nothing:
 * with `patternProperties` (a member matching one is not checked by `additionalProperties`),
 * or where the members' annotation is `Any`. A member `properties` declares with the schema
 * `false`, or that a conditional variant forbids, is no field and is read as an extra here; an
 * instance that has one breaks the contract anyway.
 */
export function typedExtrasLine(schema: JsonObject, scope: AnnotationScope, hint: string): string | undefined {
  const extra = schema["additionalProperties"];
  if (!isJsonObject(extra as JsonValue) || "patternProperties" in schema) return undefined;
  const values = annotation(extra, scope, new Set(), hint);
  if (values === "Any") return undefined;
  // pydantic's documented spelling; its base class declares the attribute `dict[str, Any] | None`, which pyright holds invariant.
  return `    __pydantic_extra__: dict[str, ${values}] = Field(init=False)  # pyright: ignore[reportIncompatibleVariableOverride]`;
}
