import { ts } from "ts-morph";

/** The strictest settings a downstream client compiles with: what generated types and the runtime must satisfy. */
export const STRICT_CLIENT_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};

/** A contract with two declared rules, for the runtime's rule tests. */
export const TRIP_SOURCE = `
type: object
required: [start, end]
properties:
  start: { type: integer }
  end: { type: integer }
  stops: { type: array, items: { type: integer } }
x-charter-rules:
  end-after-start: "\`end\` is later than \`start\`."
  stops-in-order: Stops are visited in increasing order.
`;
