/**
 * Identity and documentation first, definitions last, everything else in the
 * order the author wrote it: stable for the same source, and readable.
 */
const FIRST = [
  "$schema",
  "$id",
  "id",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
  "$vocabulary",
  "title",
  "description",
  "$comment",
];
const LAST = ["$defs", "definitions"];

export function orderSchemaKeys(keys: readonly string[]): string[] {
  const first = FIRST.filter((k) => keys.includes(k));
  const last = LAST.filter((k) => keys.includes(k));
  const middle = keys.filter((k) => !FIRST.includes(k) && !LAST.includes(k));
  return [...first, ...middle, ...last];
}
