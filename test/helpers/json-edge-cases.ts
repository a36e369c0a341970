/** JSON texts a fast reader must answer as the full one does: each a finding or an edge of the value. */
export const JSON_EDGE_CASES: [string, string][] = [
  ["a syntax error", '{"a": 1,}'],
  ["a duplicate key", '{"a": 1, "a": 2}'],
  ["a number beyond a double", '{"a": 1e400}'],
  ["an integer that loses digits", '{"a": 12345678901234567890}'],
  ["nesting beyond the limit", '{"a":'.repeat(600) + "1" + "}".repeat(600)],
  ["nesting beyond what a scanner can follow", "[".repeat(50_000) + "]".repeat(50_000)],
  ["nothing", ""],
  ["a byte-order mark", '\ufeff{\n"a": [1, 2]}'],
  ["an own __proto__ member", '{"__proto__": {"polluted": true}}'],
];
