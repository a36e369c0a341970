import { isJsonObject } from "../core/json-object.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "dependent-schemas",
  after: [],
  description:
    "`dependentSchemas` (and the schema form of draft-07 `dependencies`) may declare properties that are " +
    "allowed when another is present: `{ properties: {card: ...}, dependentSchemas: {card: {properties: " +
    "{billing: ...}}} }`. json-schema-to-typescript drops them, so `billing` is missing from the type (and " +
    "refused by a closed object). charter adds each such property to the object's `properties` as an " +
    "optional member, unless the object declares it already, or closes itself with " +
    "`additionalProperties: false` (which refuses such properties anyway).",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        // additionalProperties: false refuses what `properties` does not list, dependents' properties included.
        if (schema["additionalProperties"] === false) return;
        let changed = false;
        for (const keyword of ["dependentSchemas", "dependencies"]) {
          const dependents = schema[keyword];
          if (!isJsonObject(dependents)) continue;
          for (const dependent of Object.values(dependents)) {
            if (!isJsonObject(dependent) || !isJsonObject(dependent["properties"])) continue;
            if (!isJsonObject(schema["properties"])) schema["properties"] = {};
            const properties = schema["properties"] as Record<string, unknown>;
            for (const [name, property] of Object.entries(dependent["properties"])) {
              if (Object.prototype.hasOwnProperty.call(properties, name)) continue;
              Object.defineProperty(properties, name, {
                value: property,
                enumerable: true,
                writable: true,
                configurable: true,
              });
              changed = true;
            }
          }
        }
        if (changed) applied(pointer);
      },
      context,
    );
  },
};
