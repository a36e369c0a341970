/** The text without a leading byte-order mark, which editors on Windows write and no parser wants. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
