/** The JSON Schema dialects charter reads, and how each names its identifiers. */
export type Dialect = "draft-04" | "draft-06" | "draft-07" | "2019-09" | "2020-12";

export const DEFAULT_DIALECT: Dialect = "2020-12";

/** The `$schema` value charter writes into a bundle of each dialect. */
export const DIALECT_URIS: Record<Dialect, string> = {
  "draft-04": "http://json-schema.org/draft-04/schema#",
  "draft-06": "http://json-schema.org/draft-06/schema#",
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
};

/** `$schema` values as written in the wild: http or https, with or without the empty fragment. */
export function dialectOf(schemaKeyword: string): Dialect | undefined {
  const normalized = schemaKeyword
    .trim()
    .replace(/^https?:\/\//, "")
    .replace(/#$/, "");
  switch (normalized) {
    case "json-schema.org/draft-04/schema":
      return "draft-04";
    case "json-schema.org/draft-06/schema":
      return "draft-06";
    case "json-schema.org/draft-07/schema":
      return "draft-07";
    case "json-schema.org/draft/2019-09/schema":
      return "2019-09";
    case "json-schema.org/draft/2020-12/schema":
      return "2020-12";
    default:
      return undefined;
  }
}

/** Meta-schemas (and their vocabulary parts) are known to every validator: never bundled, never fetched. */
export function isMetaSchemaUri(uri: string): boolean {
  const normalized = uri.replace(/^https?:\/\//, "").replace(/#.*$/, "");
  return /^json-schema\.org\/(draft-0[3467]\/(schema|hyper-schema|links)|draft\/(2019-09|2020-12)\/(schema|hyper-schema|links|output\/schema|meta\/[a-z-]+))$/.test(
    normalized,
  );
}

export function idKeyword(dialect: Dialect): "id" | "$id" {
  return dialect === "draft-04" ? "id" : "$id";
}

/** Before 2019-09, `$ref` makes its siblings (its `$id` included) be ignored. */
export function refHidesSiblings(dialect: Dialect): boolean {
  return dialect === "draft-04" || dialect === "draft-06" || dialect === "draft-07";
}

/** Where a bundle keeps the documents it embeds. */
export function definitionsKeyword(dialect: Dialect): "$defs" | "definitions" {
  return dialect === "2019-09" || dialect === "2020-12" ? "$defs" : "definitions";
}
