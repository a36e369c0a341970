// typed-client: checks documents against the reference contracts, the way a downstream program
// does it, and says what the valid ones mean.
import path from "node:path";
import { parseArgs } from "node:util";
import type { Violation } from "charter-runtime";
import { contracts } from "./contracts.js";
import { describeResult } from "./describe-result.js";
import { formatMetrics, judgeCases } from "./judge-cases.js";
import { readDocument } from "./read-document.js";
import { unreadableLine, violationLine } from "./report.js";

const USAGE = `usage: typed-client results FILE...
       typed-client problems [--root DIR] FILE...

results   checks agent results (agent/result) and prints what each one says
problems  checks problem contracts (problems/contract) and judges their reference cases;
          paths inside a contract are relative to --root (default: the current directory)`;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { root: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    return print(`typed-client: ${(error as Error).message}\n${USAGE}`, 2, true);
  }
  const { values, positionals } = parsed;
  const [command, ...files] = positionals;
  if (values.help) return print(USAGE, 0);
  if ((command !== "results" && command !== "problems") || files.length === 0) return print(USAGE, 2, true);
  let failed = 0;
  for (const file of files) {
    const ok = command === "results" ? await checkResult(file) : await checkProblem(file, values.root ?? ".");
    if (!ok) failed += 1;
  }
  console.log(`${files.length - failed} of ${files.length} file${files.length === 1 ? "" : "s"} passed`);
  return failed === 0 ? 0 : 1;
}

async function checkResult(file: string): Promise<boolean> {
  const read = await readDocument(file);
  if (!read.ok) return fail(unreadableLine(file, read.position, read.message));
  const checked = await contracts.validate("agent/result", read.data);
  if (!checked.ok) return failAll(file, checked.errors, read.locate);
  // From here on `checked.value` is an AgentResult.
  console.log(`${file}: ${describeResult(checked.value)}`);
  return true;
}

async function checkProblem(file: string, root: string): Promise<boolean> {
  const read = await readDocument(file);
  if (!read.ok) return fail(unreadableLine(file, read.position, read.message));
  const checked = await contracts.validate("problems/contract", read.data);
  if (!checked.ok) return failAll(file, checked.errors, read.locate);
  const problem = checked.value;
  console.log(
    `${file}: ${problem.name} (${problem.family}, ${problem.dataset_schemas.length > 0 ? "dataset-backed" : "dataset-free"})`,
  );
  let ok = true;
  for (const judgement of await judgeCases(problem, path.resolve(root))) {
    const agrees = judgement.disagreements.length === 0;
    ok &&= agrees;
    console.log(
      `  ${agrees ? "ok  " : "FAIL"} ${judgement.id}: ${judgement.verdict ?? "not judged"} ${formatMetrics(judgement.metrics)}${agrees ? "" : ` (${judgement.disagreements.join("; ")})`}`,
    );
  }
  return ok;
}

function failAll(file: string, errors: readonly Violation[], locate: Parameters<typeof violationLine>[2]): false {
  for (const violation of errors) console.error(violationLine(file, violation, locate));
  return false;
}

function fail(line: string): false {
  console.error(line);
  return false;
}

function print(text: string, code: number, toStderr = false): number {
  (toStderr ? console.error : console.log)(text);
  return code;
}

process.exitCode = await main(process.argv.slice(2));
