/**
 * Generating is a fixed point: a contract's bundled schema, given back to charter as the only
 * source of a project, bundles to the same bytes (and so the same digest), and its types declare
 * the same root type. A bundle that changed on a second pass would mean that what charter
 * publishes is not what it compiled.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import type { Manifest } from "../../src/targets/manifest/emit-manifest.js";
import { tempTree } from "../helpers/temp-tree.js";

const GENERATED = fileURLToPath(new URL("../../generated/", import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(GENERATED, "manifest.json"), "utf8")) as Manifest;

/** The declaration of one exported type, its doc comment excluded: from `export type|interface Name` to the next top-level export. */
function declaration(module: string, name: string): string | undefined {
  const start = module.search(new RegExp(`^export (type|interface) ${name}\\b`, "m"));
  if (start < 0) return undefined;
  const rest = module.slice(start + 1);
  const end = rest.search(/^(\/\*\*|export )/m);
  return module.slice(start, end < 0 ? undefined : start + 1 + end).trimEnd();
}

describe("a second pass over the generated schemas", () => {
  it.each(manifest.contracts.map((c) => [c.name, c] as const))(
    "%s: its bundle, compiled again as a source, bundles to the same bytes and types its root alike",
    { timeout: 60_000 },
    async (name, contract) => {
      const first = readFileSync(path.join(GENERATED, contract.artifacts["schema"]!), "utf8");
      const dir = tempTree({ [`src/${name}.json`]: first });
      const second = await compile({
        sourceDir: path.join(dir, "src"),
        outDir: path.join(dir, "out"),
        baseUri: manifest.baseUri,
        catalog: [],
        typeCheck: false,
      });
      expect(second.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(second.files.get(contract.artifacts["schema"]!)).toBe(first);
      const typesPath = contract.artifacts["types"]!;
      const firstTypes = readFileSync(path.join(GENERATED, typesPath), "utf8");
      const secondTypes = second.files.get(typesPath)!;
      // The root type, as the validator declares it. Its name, and those of the types it refers to,
      // may differ: `x-charter-name` is charter's keyword, removed from the bundle, so the second pass
      // derives names from titles and paths. The declaration's shape must not.
      const declarationsPath = contract.artifacts["validator"]!.replace(/\.js$/, ".d.ts");
      const rootOf = (declarations: string) =>
        /^export declare const validate: Validator<(\w+)>;$/m.exec(declarations)![1]!;
      const shape = (module: string, root: string) => declaration(module, root)?.replace(/\b[A-Z]\w*\b/g, "Type");
      const [firstRoot, secondRoot] = [
        rootOf(readFileSync(path.join(GENERATED, declarationsPath), "utf8")),
        rootOf(second.files.get(declarationsPath)!),
      ];
      expect(shape(secondTypes, secondRoot)).toBe(shape(firstTypes, firstRoot));
    },
  );
});
