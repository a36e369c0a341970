import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { compile } from "../../src/pipeline/compile.js";
import { REPAIRS } from "../../src/repairs/registry.js";
import type { Repair } from "../../src/repairs/support/repair.js";
import { tempTree } from "../helpers/temp-tree.js";

/** fixtures/<id>/<file>, parsed: the schema a test validates instances against with ajv. */
export function fixtureSchema(id: string, file = "in.yaml"): Record<string, unknown> {
  return parse(readFileSync(fileURLToPath(new URL(`./fixtures/${id}/${file}`, import.meta.url)), "utf8")) as Record<
    string,
    unknown
  >;
}

/** The types charter generates for fixtures/<id>/<file> (as the contract `fixture`), with the given repairs. */
export async function fixtureTypes(
  id: string,
  repairs: readonly Repair[] = REPAIRS,
  file = "in.yaml",
): Promise<string> {
  const source = readFileSync(fileURLToPath(new URL(`./fixtures/${id}/${file}`, import.meta.url)), "utf8");
  const dir = tempTree({ "src/fixture.yaml": source });
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: "https://fixtures.test/",
    catalog: [],
    repairs,
    typeCheck: false,
  });
  return result.files.get("types/fixture.ts")!;
}
