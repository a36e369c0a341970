/**
 * HTML text from values: everything a schema, a source or a type module says reaches a page
 * through `escapeHtml`, so a description holding `<script>` is shown, never run.
 */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * Text between tags: only `&`, `<` and `>` mean anything there. Quotes stay as they are, for a
 * schema's JSON is mostly quotes: `&quot;` for each made 17 MB of the SchemaStore corpus's site.
 */
export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Inline `code` spans of a description (the sources write Markdown-ish backticks), the rest escaped. */
export function proseHtml(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part) =>
      part.length > 2 && part.startsWith("`") && part.endsWith("`")
        ? `<code>${escapeText(part.slice(1, -1))}</code>`
        : escapeText(part),
    )
    .join("");
}

/** A code span. */
export function code(text: string): string {
  return `<code>${escapeText(text)}</code>`;
}

/** An id attribute's value from any text: letters, digits, `-` and `_` kept, every other character spelled as `.hex`. */
export function anchorId(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, (c) => `.${c.codePointAt(0)!.toString(16)}`);
}

/**
 * Data for a classic script: JSON whose `<` is escaped, so that no string in it can close the
 * script element, assigned to a global. Pages load it with a script tag because browsers refuse
 * `fetch` of local files under file://.
 */
export function scriptData(global: string, value: unknown): string {
  return `window.${global} = ${JSON.stringify(value).replace(/</g, "\\u003c")};\n`;
}

/** `a`, `a and b`, `a, b and c`. */
export function wordList(items: readonly string[], conjunction = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)!}`;
}
