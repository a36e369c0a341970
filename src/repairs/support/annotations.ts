/** Keywords that annotate a schema and never assert: a schema of only these (and what each repair adds) constrains nothing. */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "$comment",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
]);
