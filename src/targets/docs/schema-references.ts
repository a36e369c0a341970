import { fragmentToPointer } from "../../core/json-pointer.js";

/** Where a `$ref` of a bundle leads, as the site links it: a contract, and a pointer in its own document. */
export interface ReferenceTarget {
  contract: string;
  pointer: string;
}

/**
 * The target of a reference in a contract's bundle: a `#` fragment stays in the contract; an
 * absolute URI is another contract's canonical `$id` (the bundle stage rewrote every reference
 * that leaves its resource so). Undefined for a target that is no contract's (a catalog file).
 */
export function referenceTarget(
  reference: string,
  contract: string,
  contractsById: ReadonlyMap<string, string>,
): ReferenceTarget | undefined {
  const hash = reference.indexOf("#");
  const base = hash < 0 ? reference : reference.slice(0, hash);
  const pointer = fragmentToPointer(hash < 0 ? "" : reference.slice(hash + 1));
  if (pointer === undefined) return undefined;
  if (base === "") return { contract, pointer };
  const target = contractsById.get(base);
  return target === undefined ? undefined : { contract: target, pointer };
}
