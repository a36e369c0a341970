import { isDeepStrictEqual } from "node:util";
import type { JsonValue } from "../../../core/json-value.js";
import type { Dialect } from "../../../schema/dialect.js";
import { walkSchema } from "../../../schema/walk-schema.js";
import { resolveDynamicScopes } from "./dynamic-scopes.js";
import type { Origins } from "./origins.js";
import { closeUnevaluated } from "./unevaluated.js";
import { hasTupleContains, isolateTupleContains } from "./tuple-contains.js";

/**
 * The schema a contract's validators are compiled from, when it must differ
 * from the published bundle for ajv to judge as the spec does: dynamic
 * references resolved for the scopes evaluation gives them, a `contains`
 * beside a tuple moved where ajv's first-error code does not skip it, and
 * the unevaluated* cases ajv gets wrong rewritten. The published bundle keeps the
 * author's keywords; `origins` maps what the form adds back to it.
 */
export interface ValidationForm {
  schema: JsonValue;
  origins: Origins;
}

export type FormResult = { form?: ValidationForm } | { tooMany: string };

const DYNAMIC = ["$dynamicRef", "$recursiveRef", "$dynamicAnchor", "$recursiveAnchor"];
const UNEVALUATED = ["unevaluatedProperties", "unevaluatedItems"];

/** Whether the form resolves dynamic references, the one part of it that can run out (`tooMany`). */
export function readsDynamicScopes(schema: JsonValue, dialect: Dialect): boolean {
  if (!isModern(dialect)) return false;
  let dynamic = false;
  walkSchema(schema, undefined, (node) => {
    dynamic ||= DYNAMIC.some((keyword) => keyword in node);
    return undefined;
  });
  return dynamic;
}

function isModern(dialect: Dialect): boolean {
  return dialect === "2019-09" || dialect === "2020-12";
}

export function validationForm(schema: JsonValue, id: string, dialect: Dialect): FormResult {
  const modern = isModern(dialect);
  let dynamic = false;
  let unevaluated = false;
  let tupleContains = false;
  walkSchema(schema, undefined, (node) => {
    dynamic ||= modern && DYNAMIC.some((keyword) => keyword in node);
    unevaluated ||= modern && UNEVALUATED.some((keyword) => keyword in node);
    tupleContains ||= hasTupleContains(node, dialect);
    return undefined;
  });
  if (!dynamic && !unevaluated && !tupleContains) return {};
  let form: ValidationForm;
  if (dynamic) {
    const scoped = resolveDynamicScopes(schema, id);
    if ("tooMany" in scoped) return scoped;
    form = scoped;
  } else {
    form = { schema: structuredClone(schema), origins: new Map() };
  }
  if (tupleContains) isolateTupleContains(form.schema, dialect, form.origins);
  closeUnevaluated(form.schema, dialect, form.origins);
  return dynamic || form.origins.size > 0 || !isDeepStrictEqual(form.schema, schema) ? { form } : {};
}
