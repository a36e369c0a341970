import type { CompileResult } from "../pipeline/compile.js";
import { milliseconds } from "./clock.js";

// The closing line of generate, check and diff: what the run made, what it lacks, how long it took.

/** `; without types: a, b; without a validator: c`: the contracts --keep-going wrote only in part. */
export function incompleteNote(incomplete: CompileResult["incomplete"]): string {
  const lacking = (what: "types" | "validator") =>
    incomplete.filter((c) => c.missing.includes(what)).map((c) => c.name);
  return [
    ["types", "without types"],
    ["validator", "without a validator"],
  ]
    .map(([what, label]) => [label, lacking(what as "types" | "validator")] as const)
    .filter(([, names]) => names.length > 0)
    .map(([label, names]) => `; ${label}: ${names.join(", ")}`)
    .join("");
}

/** `; 2 types modules, 2 validators, 1 repair applied, 3 examples checked, 1.4 s`: what the run did, and how long it took. */
export function summary(made: CompileResult["summary"], started: number): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const seconds = ((milliseconds() - started) / 1000).toFixed(1);
  return `; ${n(made.typesModules, "types module")}, ${n(made.validators, "validator")}, ${n(made.repairsApplied, "repair applied", "repairs applied")}, ${n(made.instancesChecked, "example checked", "examples checked")}, ${seconds} s`;
}

export function errorCount(diagnostics: readonly { severity: string }[]): string {
  const n = diagnostics.filter((d) => d.severity === "error").length;
  return `${n} error${n === 1 ? "" : "s"}`;
}
