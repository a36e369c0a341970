import { escapeToken } from "../../core/json-pointer.js";
import { anchorId } from "./html.js";
import type { ReferenceTarget } from "./schema-references.js";

/**
 * Where each page and anchor of the site is: one place, so that links from the index, the
 * search and other contracts' pages agree. Every link is relative, so the site works from
 * file:// and from any folder of a static host.
 */

/** The page of a contract, from the site's root. */
export function contractPage(name: string): string {
  return `contracts/${name}.html`;
}

/** From a page at `page` (relative to the root) back to the root: `../../` for contracts/agent/result.html. */
export function rootOf(page: string): string {
  return "../".repeat(page.split("/").length - 1);
}

/** The anchor of a definition's section (`def-outcome`), or the contract's top for its root. */
export function definitionAnchor(pointer: string): string {
  return pointer === "" ? "top" : `def-${anchorId(pointer.replace(/^\/(?:\$defs|definitions)\//, ""))}`;
}

/** The anchor of a member's row: `member--outcome` at the root, `def-outcome--x` in a definition. */
export function memberAnchor(pointer: string, name: string): string {
  const owner = pointer === "" ? "member" : definitionAnchor(pointer);
  return anchorId(`${owner}--${escapeToken(name)}`);
}

/** A link from the page `from` to a reference's target: its contract's page, at the definition it names. */
export function targetHref(target: ReferenceTarget, from: string): string {
  const page = `${rootOf(from)}${contractPage(target.contract)}`;
  return target.pointer === "" ? page : `${page}#${definitionAnchor(target.pointer)}`;
}
