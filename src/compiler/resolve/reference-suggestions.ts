import path from "node:path";
import { closestMatch } from "../../core/suggest.js";
import { joinPointer, pointerToFragment, splitPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import { sourcePathOf } from "../../schema/uri.js";

/**
 * What a reference that names nothing most likely meant, written as its author would write
 * it: for "did you mean" in CH207 and CH208.
 */

/** The source file nearest to a missing one, relative to the referencing source's folder (`address.yaml`, `../common/id.yaml`). */
export function nearestSourceFile(missing: string, from: string, sources: Iterable<string>): string | undefined {
  const wanted = sourcePathOf(missing);
  const here = sourcePathOf(from);
  if (wanted === undefined || here === undefined) return undefined;
  const paths = [...sources].map(sourcePathOf).filter((p): p is string => p !== undefined);
  // The whole path first (a typo in a folder or a file name), then the file name among all folders.
  const meant =
    closestMatch(wanted, paths) ??
    (() => {
      const byName = paths.filter((p) => closestMatch(path.posix.basename(wanted), [path.posix.basename(p)]));
      return byName.length === 1 ? byName[0] : undefined;
    })();
  if (meant === undefined) return undefined;
  return path.posix.relative(path.posix.dirname(here), meant);
}

/**
 * The fragment nearest to a JSON pointer that names nothing in `root`: at the first token that
 * is missing, the closest key (or index) beside it, the later tokens kept (`/$defs/lien` →
 * `#/$defs/line`). Undefined when nothing is close.
 */
export function nearestFragment(root: JsonValue, pointer: string): string | undefined {
  const tokens = splitPointer(pointer);
  let node: JsonValue | undefined = root;
  for (let i = 0; i < tokens.length; i++) {
    if (node === null || typeof node !== "object") return undefined;
    const token = tokens[i]!;
    const keys: string[] = Array.isArray(node) ? node.map((_, index) => String(index)) : Object.keys(node);
    if (keys.includes(token)) {
      node = (node as Record<string, JsonValue>)[token];
      continue;
    }
    const meant = closestMatch(token, keys);
    if (meant === undefined) return undefined;
    return pointerToFragment(joinPointer("", ...tokens.slice(0, i), meant, ...tokens.slice(i + 1)));
  }
  return undefined;
}

/** The anchor nearest to a missing one, among those the document declares. */
export function nearestAnchor(name: string, anchors: Iterable<string>): string | undefined {
  return closestMatch(name, anchors);
}
