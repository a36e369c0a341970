import { escapeToken, fragmentToPointer, joinPointer, splitPointer } from "../../core/json-pointer.js";
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

/** The key of a definition in the site's set of definition pages: its contract, then its pointer. */
export function definitionKey(contract: string, pointer: string): string {
  return `${contract}#${pointer}`;
}

/**
 * The page of an exported definition, from the site's root: `definitions/agent/result/def-outcome.html`.
 * The last segment is the definition's anchor, which holds no `/`, so no definition's page is
 * another contract's folder.
 */
export function definitionPage(contract: string, pointer: string): string {
  return `definitions/${contract}/${definitionAnchor(pointer)}.html`;
}

/**
 * A link from the page `from` to a reference's target: the definition's own page when the site
 * has one (`pages`, by `definitionKey`), else its contract's page at the anchor it names.
 */
export function targetHref(target: ReferenceTarget, from: string, pages: ReadonlySet<string>): string {
  if (target.pointer !== "" && pages.has(definitionKey(target.contract, target.pointer)))
    return `${rootOf(from)}${definitionPage(target.contract, target.pointer)}`;
  const page = `${rootOf(from)}${contractPage(target.contract)}`;
  return target.pointer === "" ? page : `${page}#${definitionAnchor(target.pointer)}`;
}

/**
 * Where a place of a contract's bundle (`#/properties/x/maxLength`, `#/$defs/d/properties/y`) is
 * shown, from the site's root: the row of the member it is in, on the contract's page or its
 * definition's; else the definition; else the contract's page. `charter diff` findings and the
 * change history link there.
 */
export function placeHref(contract: string, place: string, pages: ReadonlySet<string>): string {
  const tokens = place.startsWith("#") ? splitPointer(fragmentToPointer(place.slice(1)) ?? "") : [];
  const onPage = contractPage(contract);
  if (tokens[0] === "properties" && tokens[1] !== undefined) return `${onPage}#${memberAnchor("", tokens[1])}`;
  if ((tokens[0] !== "$defs" && tokens[0] !== "definitions") || tokens[1] === undefined) return onPage;
  const definition = joinPointer("", tokens[0], tokens[1]);
  const hasPage = pages.has(definitionKey(contract, definition));
  const at = hasPage ? definitionPage(contract, definition) : onPage;
  if (tokens[2] === "properties" && tokens[3] !== undefined) return `${at}#${memberAnchor(definition, tokens[3])}`;
  return hasPage ? at : `${at}#${definitionAnchor(definition)}`;
}

/** The definitions that get a page: each one the validators' registry names (`agent/result#/$defs/outcome`). */
export function definitionPagesOf(registryKeys: Iterable<string>): Set<string> {
  const pages = new Set<string>();
  for (const key of registryKeys) {
    const hash = key.indexOf("#");
    if (hash < 0) continue;
    const fragment = key.slice(hash + 1);
    pages.add(definitionKey(key.slice(0, hash), fragmentToPointer(fragment) ?? fragment));
  }
  return pages;
}
