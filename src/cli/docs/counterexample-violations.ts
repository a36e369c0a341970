import path from "node:path";
import type { DocsContract } from "../../targets/docs/docs-input.js";
import type { ParsedArgs } from "../args.js";
import { bindTree } from "../commands/validate.js";

/**
 * Runs each counterexample through the contract's committed validator, as the application
 * would (RegExp patterns, rules left out), so that the page shows the violations the validator
 * reports rather than only the one the source expects.
 */
export async function withReportedViolations(
  contracts: readonly DocsContract[],
  outDir: string,
  args: ParsedArgs,
): Promise<void> {
  const counted = contracts.filter((c) => c.hasValidator && c.counterexamples.length > 0);
  if (counted.length === 0) return;
  const { runtime } = await bindTree(path.join(outDir, "validators", "index.js"), { ...args, patterns: "native" });
  for (const contract of counted)
    for (const counter of contract.counterexamples) {
      const result = await runtime.validate(contract.name as never, counter.value);
      counter.reported = result.ok
        ? []
        : result.errors.map((e) => ({ pointer: e.pointer, message: e.message, keyword: e.keyword }));
    }
}
