/** A document the bundle embeds: its key in the resolved graph, and its name (contract name, or catalog URI). */
export interface EmbeddedName {
  key: string;
  name: string;
}

/**
 * Where each embedded document sits under the bundle's `$defs` (or
 * `definitions`): under its name when the contract's own document has no
 * definition of that key, otherwise under `<name>.embedded` (then
 * `<name>.embedded-2`, `-3`, ... while that is taken too). Every reference
 * to an embedded document is its absolute `$id`, so the key only has to be
 * unique; it never takes a key the author wrote. Documents are placed in
 * graph-key order, those that keep their name first, so the result depends
 * on the set of documents and keys, never on discovery order, and a
 * document's key moves only when a key it wants appears or goes.
 */
export function embeddingKeys(authorKeys: Iterable<string>, documents: readonly EmbeddedName[]): Map<string, string> {
  const taken = new Set(authorKeys);
  const sorted = [...documents].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = new Map<string, string>();
  for (const { key, name } of sorted) {
    if (taken.has(name)) continue;
    taken.add(name);
    keys.set(key, name);
  }
  for (const { key, name } of sorted) {
    if (keys.has(key)) continue;
    let n = 1;
    let candidate = `${name}.embedded`;
    while (taken.has(candidate)) candidate = `${name}.embedded-${++n}`;
    taken.add(candidate);
    keys.set(key, candidate);
  }
  return keys;
}
