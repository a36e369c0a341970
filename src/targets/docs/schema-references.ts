import { fragmentToPointer } from "../../core/json-pointer.js";
import { splitFragment } from "../../schema/uri.js";

/** Where a `$ref` of a bundle leads, as the site links it: a contract, and a pointer in its own document. */
export interface ReferenceTarget {
  contract: string;
  pointer: string;
}

/**
 * The target of a reference in a contract's bundle: a `#` fragment stays in the contract; an
 * absolute URI is another contract's canonical `$id` (the bundle stage rewrote every reference
 * that leaves its resource so). Undefined for a target that is no contract's (a catalog file).
 * References read from an embedded document reach here absolute (see `schemaAt`).
 */
export function referenceTarget(
  reference: string,
  contract: string,
  contractsById: ReadonlyMap<string, string>,
): ReferenceTarget | undefined {
  const { base, fragment = "" } = splitFragment(reference);
  const pointer = fragmentToPointer(fragment);
  if (pointer === undefined) return undefined;
  if (base === "") return { contract, pointer };
  const target = contractsById.get(base);
  return target === undefined ? undefined : { contract: target, pointer };
}
