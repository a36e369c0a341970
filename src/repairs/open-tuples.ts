import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "open-tuples",
  // It reads the `items` list that prefix-items-tuple makes of `prefixItems`.
  after: ["prefix-items-tuple"],
  description:
    "An `items` list (`items: [{type: string}]`, draft-04 to 2019-09; 2020-12's `prefixItems`, which " +
    "prefix-items-tuple turns into one) describes only the first items: without `additionalItems`, further " +
    "items of any kind are allowed. json-schema-to-typescript closes the tuple (`[] | [string]`), so a valid " +
    "array of two items does not type-check. charter writes the default out, `additionalItems: true`, and the " +
    "type is `[] | [string, ...unknown[]]`. A list closed by `additionalItems`, or by a `maxItems` no longer than the " +
    "list, is left as it is.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const items = schema["items"];
        if (!Array.isArray(items) || schema["additionalItems"] !== undefined) return;
        // Past the list, the generator fills a tuple up to `maxItems` only while it keeps the bound (it drops
        // large ones), so only a bound within the list is relied on.
        const maxItems = schema["maxItems"];
        if (typeof maxItems === "number" && maxItems <= items.length) return;
        schema["additionalItems"] = true;
        applied(pointer);
      },
      context,
    );
  },
};
