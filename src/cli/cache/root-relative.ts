import path from "node:path";

/**
 * Takes the project's own folder out of what the cache keeps, so that a cache
 * copied to another checkout path or machine still answers: a key is the
 * digest of its input with every occurrence of `<root>/` replaced, and a
 * stored value has it replaced inside each string, reversibly, then put back
 * as the reading project's folder.
 */
export class RootRelative {
  private readonly prefix: string | undefined;
  private readonly prefixInJson: string | undefined;

  constructor(root: string | undefined) {
    // The file system's root would match every absolute path; no project lives there.
    const usable = root !== undefined && path.dirname(root) !== root;
    this.prefix = usable ? root + path.sep : undefined;
    this.prefixInJson = this.prefix === undefined ? undefined : JSON.stringify(this.prefix).slice(1, -1);
  }

  /** The JSON text of a task's input, as its key sees it: never decoded again, so a marker the JSON escapes serves. */
  keyText(text: string): string {
    return this.prefixInJson === undefined ? text : text.replaceAll(this.prefixInJson, "\\u0000root\\u0000");
  }

  /** `value` as JSON text, each string's `<root>/` marked (NUL then `r`) and its own NULs doubled, so that `decode` restores it exactly. */
  encode(value: unknown): string {
    const prefix = this.prefix;
    return JSON.stringify(value, (_key, member: unknown) => {
      if (typeof member !== "string") return member;
      const escaped = member.includes("\0") ? member.replaceAll("\0", "\0\0") : member;
      return prefix !== undefined && escaped.includes(prefix) ? escaped.replaceAll(prefix, "\0r") : escaped;
    });
  }

  decode<T>(text: string): T {
    // JSON writes every NUL as \u0000: without one, no string holds a marker, and a parse without
    // a reviver is several times faster (nearly every entry of a corpus's cache is such).
    if (!text.includes("\\u0000")) return JSON.parse(text) as T;
    // A value kept by a project at the file system's root (no prefix) has no marker to restore.
    const prefix = this.prefix ?? path.sep;
    return JSON.parse(text, (_key, member: unknown) =>
      typeof member === "string" && member.includes("\0")
        ? member.replace(/\0([\0r])/g, (_match, marker: string) => (marker === "\0" ? "\0" : prefix))
        : member,
    ) as T;
  }
}
