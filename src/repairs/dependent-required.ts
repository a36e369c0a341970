import { defineKey, isJsonObject, type JsonObject } from "../core/json-object.js";
import { dialectOf, type Dialect } from "../schema/dialect.js";
import { addUnion, closedForTheType, presentMembers } from "./support/discriminator.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

/** Each object's entries that become unions, at most: TypeScript multiplies intersected unions out (2^6 = 64). */
const MAX_ENTRIES = 6;

export const repair: Repair = {
  id: "dependent-required",
  // Members repeat the object's properties as dependent-schemas and literal-pattern-properties leave them; the `anyOf`
  // this adds would keep unevaluated-properties-closed from closing the object.
  after: ["dependent-schemas", "literal-pattern-properties", "unevaluated-properties-closed"],
  description:
    "`dependentRequired: { card: [billing] }` (2019-09 and later; `dependencies: { card: [billing] }` before) " +
    "says that an object with `card` has `billing` too. json-schema-to-typescript ignores both, so a card " +
    "without its billing address type-checks. charter intersects the object with a union for each entry, " +
    "`{ card?: never } | { card: ...; billing: ... }`, each member typed as the object declares it and closed " +
    "for the type's sake only (the object's own type says which keys are allowed). The keyword counts only in " +
    "the dialects that define it, read from the document's `$schema` (a document without one is left as " +
    "the generator writes it); at most six entries of one object become unions.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer, _parent, document) => {
        const keyword = keywordOf(document);
        const entries = keyword === undefined ? undefined : schema[keyword];
        if (!isJsonObject(entries)) return;
        const declared = isJsonObject(schema["properties"]) ? (schema["properties"] as JsonObject) : {};
        let count = 0;
        for (const [name, names] of Object.entries(entries)) {
          if (
            !Array.isArray(names) ||
            names.length === 0 ||
            !names.every((other) => typeof other === "string") ||
            count === MAX_ENTRIES
          )
            continue;
          count += 1;
          const absent: JsonObject = { type: "object", properties: {}, additionalProperties: false };
          defineKey(absent["properties"] as JsonObject, name, false);
          closedForTheType.add(absent);
          addUnion(schema, [
            absent,
            presentMembers([name, ...(names as string[]).filter((other) => other !== name)], declared),
          ]);
        }
        if (count > 0) applied(pointer);
      },
      context,
    );
  },
};

/** The keyword that says it in the document's dialect: `dependentRequired` from 2019-09, `dependencies` (a list) before. */
function keywordOf(document: JsonObject | undefined): string | undefined {
  const declared = document?.["$schema"];
  const dialect: Dialect | undefined = typeof declared === "string" ? dialectOf(declared) : undefined;
  if (dialect === undefined) return undefined;
  return dialect === "2019-09" || dialect === "2020-12" ? "dependentRequired" : "dependencies";
}
