/**
 * The contracts each contract imports from and that import it back, directly or through others:
 * Python cannot import their names at the top of both modules (the second finds the first
 * half-run). Keys are contracts with at least one such partner.
 */
export function cyclePartners(imports: ReadonlyMap<string, ReadonlySet<string>>): Map<string, Set<string>> {
  const reach = new Map<string, Set<string>>();
  const reachable = (from: string): Set<string> => {
    const known = reach.get(from);
    if (known !== undefined) return known;
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      for (const next of imports.get(stack.pop()!) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    reach.set(from, seen);
    return seen;
  };
  const partners = new Map<string, Set<string>>();
  for (const [contract, others] of imports) {
    const back = [...others].filter((other) => other !== contract && reachable(other).has(contract));
    if (back.length > 0) partners.set(contract, new Set(back));
  }
  return partners;
}
