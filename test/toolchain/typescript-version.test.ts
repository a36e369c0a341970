import { createRequire } from "node:module";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

describe("one TypeScript", () => {
  it("tsc and ts-morph run the same compiler version (docs/decisions/001-typescript-6.md)", () => {
    const tsc = (require("typescript/package.json") as { version: string }).version;
    expect(ts.version).toBe(tsc);
  });
});
