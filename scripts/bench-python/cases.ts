/** The instances of each set: this repository's declared ones, and the SchemaStore corpus's test files. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { instanceReader } from "../conformance-schemastore/instances.js";
import { CORPUS_ROOT } from "../conformance-schemastore/paths.js";
import { declaredInstances } from "../../test/python/instances.js";
import type { Case } from "./verdicts.js";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

/** Every example and counterexample of this repository's sources, numbered per contract. */
export function repoCases(): Case[] {
  const seen = new Map<string, number>();
  return declaredInstances(path.join(REPO, "schema-src")).map((d) => {
    const n = (seen.get(`${d.contract} ${d.declared}`) ?? 0) + 1;
    seen.set(`${d.contract} ${d.declared}`, n);
    return { contract: d.contract, source: `${d.declared} ${n}`, value: d.value };
  });
}

/** Every instance file of `contracts` in the corpus (test/ and negative_test/), and how many could not be read. */
export async function corpusCases(contracts: readonly string[]): Promise<{ cases: Case[]; notRead: number }> {
  const reader = await instanceReader();
  const cases: Case[] = [];
  let notRead = 0;
  for (const contract of contracts)
    for (const instance of reader.read(contract)) {
      if (instance.status !== "parsed") notRead++;
      else cases.push({ contract, source: path.relative(CORPUS_ROOT, instance.file), value: instance.value });
    }
  return { cases, notRead };
}
