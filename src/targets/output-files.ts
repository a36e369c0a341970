/** What a target produces: file contents by path relative to the output directory, `/`-separated. */
export type OutputFiles = Map<string, string>;

/** JSON as every target writes it: two-space indent, LF, final newline. */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}
