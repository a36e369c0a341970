/** RFC 6901 JSON pointers, and RFC 3986 fragment encoding of them. */

export function escapeToken(token: string): string {
  // Most tokens need no escape; the test is cheaper than two regex replacements on every walk step.
  return token.includes("~") || token.includes("/") ? token.replace(/~/g, "~0").replace(/\//g, "~1") : token;
}

export function unescapeToken(token: string): string {
  // As in escapeToken: most tokens hold no `~`, and every pointer read splits into them.
  return token.includes("~") ? token.replace(/~1/g, "/").replace(/~0/g, "~") : token;
}

export function joinPointer(base: string, ...tokens: (string | number)[]): string {
  // One token is nearly every call (each step of every walk): no array, no join.
  if (tokens.length === 1) return base + "/" + escapeToken(String(tokens[0]));
  let pointer = base;
  for (const token of tokens) pointer += "/" + escapeToken(String(token));
  return pointer;
}

export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map(unescapeToken);
}

/** The value at `pointer`, or undefined when the pointer names nothing. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const token of splitPointer(pointer)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (node !== null && typeof node === "object") {
      if (!Object.prototype.hasOwnProperty.call(node, token)) return undefined;
      node = (node as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return node;
}

/** True when `pointer` is `prefix` or lies below it. */
export function isWithin(pointer: string, prefix: string): boolean {
  return pointer === prefix || pointer.startsWith(prefix + "/");
}

/** A pointer as a URI fragment (without the `#`): percent-encodes what RFC 3986 does not allow. */
export function pointerToFragment(pointer: string): string {
  return pointer
    .split("/")
    .map((segment) => encodeURIComponent(segment).replace(/%24/g, "$"))
    .join("/");
}

/** A URI fragment that is a JSON pointer, decoded; undefined for a plain-name fragment. */
export function fragmentToPointer(fragment: string): string | undefined {
  if (fragment !== "" && !fragment.startsWith("/")) return undefined;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}
