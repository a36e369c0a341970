import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { registry } from "../../generated/validators/index.js";
import { bindContracts } from "charter-runtime";

const SOURCES = fileURLToPath(new URL("../../schema-src/", import.meta.url));
const contracts = bindContracts(registry, { skipRules: true });

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    // `<contract>.examples/` and `.counterexamples/` folders hold data, not sources.
    if (entry.isDirectory()) return /\.(counter)?examples$/.test(entry.name) ? [] : sources(file);
    return entry.name.endsWith(".yaml") ? [file] : [];
  });
}

describe("the JSON Schema of a source, for editors", () => {
  it("accepts every source of this repository", async () => {
    const files = sources(SOURCES);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const result = await contracts.validate("charter/source", parse(readFileSync(file, "utf8")));
      expect([
        path.relative(SOURCES, file),
        result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`),
      ]).toEqual([path.relative(SOURCES, file), []]);
    }
  });

  it("catches a charter keyword written wrong, at any depth, and a misspelt JSON Schema type", async () => {
    const nested = await contracts.validate("charter/source", {
      type: "object",
      properties: { a: { items: { "x-charter-name": "not a name" } } },
    });
    expect(nested.ok ? [] : nested.errors.map((e) => [e.pointer, e.keyword])).toEqual([
      ["/properties/a/items/x-charter-name", "pattern"],
    ]);
    const version = await contracts.validate("charter/source", { "x-charter-version": "1.0" });
    expect(version.ok).toBe(false);
    const typo = await contracts.validate("charter/source", { type: "strng" });
    expect(typo.ok).toBe(false);
  });
});
