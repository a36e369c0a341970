/**
 * Sources are addressed by a virtual URI of their path in the source tree, so
 * that relative references resolve as RFC 3986 says without an absolute
 * machine path ever entering the output.
 */
export const SOURCE_SCHEME = "charter-source:";

export function sourceUri(relativePath: string): string {
  return `${SOURCE_SCHEME}/${relativePath.split("/").map(encodePathSegment).join("/")}`;
}

/**
 * Percent-encodes a file name as a URI path segment, leaving the characters
 * RFC 3986 allows there (`+ @ , ; = $ & : ! ' ( ) *`) as they are, since a
 * reference written `a+b.yaml` resolves to exactly that text.
 */
function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(2B|40|2C|3B|3D|24|26|3A|21|27|28|29|2A)/g, (escape) =>
    decodeURIComponent(escape),
  );
}

/** The relative path a source URI names, or undefined for other URIs. */
export function sourcePathOf(uri: string): string | undefined {
  if (!uri.startsWith(SOURCE_SCHEME + "/")) return undefined;
  try {
    return decodeURIComponent(uri.slice(SOURCE_SCHEME.length + 1));
  } catch {
    return undefined;
  }
}

export function splitFragment(uri: string): { base: string; fragment: string | undefined } {
  const hash = uri.indexOf("#");
  return hash < 0 ? { base: uri, fragment: undefined } : { base: uri.slice(0, hash), fragment: uri.slice(hash + 1) };
}

export type Resolution = { ok: true; uri: string } | { ok: false; reason: "escapes-source" | "invalid" };

/**
 * Resolves `reference` against `base`. A relative path that climbs above the
 * root of the source tree is refused rather than clamped, as URL resolution
 * would silently do.
 */
export function resolveUri(reference: string, base: string): Resolution {
  if (base.startsWith(SOURCE_SCHEME) && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(reference) && !reference.startsWith("#")) {
    const { base: target } = splitFragment(reference.replace(/\?.*$/, ""));
    if (target !== "" && !target.startsWith("/")) {
      const basePath = sourcePathOf(splitFragment(base).base) ?? "";
      let decoded: string;
      try {
        decoded = decodeURIComponent(target);
      } catch {
        return { ok: false, reason: "invalid" };
      }
      if (escapesRoot(basePath, decoded)) return { ok: false, reason: "escapes-source" };
    }
  }
  try {
    return { ok: true, uri: new URL(reference, base).href };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}

/** True when walking `relative` from the folder of `basePath` goes above the tree's root at any step. */
function escapesRoot(basePath: string, relative: string): boolean {
  let depth = basePath.split("/").length - 1;
  for (const segment of relative.split("/")) {
    if (segment === "..") depth -= 1;
    else if (segment !== "." && segment !== "") depth += 1;
    if (depth < 0) return true;
  }
  return false;
}
