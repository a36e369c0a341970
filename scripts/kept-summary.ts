/**
 * The hand-written part of a page a script writes (docs/conformance.md, docs/benchmarks.md):
 * what the figures mean, which no run can write. Each rewrite of the page carries the text
 * between the two markers over from the committed page, so a new run never drops it; the
 * figures it quotes are then for a person to check against the new tables.
 */
import { existsSync, readFileSync } from "node:fs";

export const KEPT_START =
  "<!-- Hand-written: the script that writes this page keeps the text from here to the end marker. -->";
export const KEPT_END = "<!-- End of the hand-written part. -->";

/** The kept part of `page`, markers included, as lines; none when the page or its markers are missing. */
export function keptSummary(page: string): string[] {
  if (!existsSync(page)) return [];
  const text = readFileSync(page, "utf8");
  const start = text.indexOf(KEPT_START);
  const end = text.indexOf(KEPT_END, start);
  if (start === -1 || end === -1) return [];
  return [...text.slice(start, end + KEPT_END.length).split("\n"), ""];
}
