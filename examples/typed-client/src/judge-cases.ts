// Judges a problem's reference cases as an evaluator would, by the semantics its family owns,
// and compares each verdict and its metrics with what the case expects.
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { ArgminSemantics, ProblemContract, ReferenceCase, SumSemantics } from "#contracts/types/index.js";
import { contracts } from "./contracts.js";
import { readDocument } from "./read-document.js";

export type Verdict = ReferenceCase["expected_verdict"];

export interface Judgement {
  id: string;
  verdict: Verdict;
  metrics: Record<string, number>;
  /** Empty when the verdict and the metrics are those the case expects. */
  disagreements: string[];
}

interface Measured {
  valid: boolean;
  complete: boolean;
  metrics: Record<string, number>;
}

/**
 * Each reference case of a problem that already satisfied problems/contract. Its semantics
 * are checked once more, against the semantics schema of its family, which gives them that
 * family's type: the contract's `if`/`then` guarantees they pass, and the check is what lets
 * the compiler know it.
 */
export async function judgeCases(contract: ProblemContract, root: string): Promise<Judgement[]> {
  const judge = await judgeOf(contract);
  const judgements: Judgement[] = [];
  for (const referenceCase of contract.reference_cases) {
    const read = (file: string | undefined) => (file === undefined ? Promise.resolve(undefined) : readJson(path.join(root, file)));
    const [parameters, dataset, result, expectedMetrics] = await Promise.all([read(referenceCase.parameters), read(referenceCase.dataset), read(referenceCase.result), read(referenceCase.expected_metrics)]);
    const measured = judge({ parameters, dataset, result });
    const verdict: Verdict = !measured.valid ? "invalid" : measured.complete ? "complete" : "incomplete";
    const disagreements: string[] = [];
    if (verdict !== referenceCase.expected_verdict) disagreements.push(`verdict ${verdict}, expected ${referenceCase.expected_verdict}`);
    if (!isDeepStrictEqual(measured.metrics, expectedMetrics)) disagreements.push(`metrics ${JSON.stringify(measured.metrics)}, expected ${JSON.stringify(expectedMetrics)}`);
    judgements.push({ id: referenceCase.id, verdict, metrics: measured.metrics, disagreements });
  }
  return judgements;
}

type Judge = (inputs: { parameters: unknown; dataset: unknown; result: unknown }) => Measured;

async function judgeOf(contract: ProblemContract): Promise<Judge> {
  switch (contract.family) {
    case "sum":
      return judgeSum(await contracts.assertValid("problems/sum-semantics", contract.semantics));
    case "argmin":
      return judgeArgmin(await contracts.assertValid("problems/argmin-semantics", contract.semantics));
  }
}

const INT64_MAX = 2 ** 63 - 1;

function judgeSum(semantics: SumSemantics): Judge {
  return ({ parameters, result }) => {
    const values = numbers(parameters, "values");
    const answer = number(result, "answer");
    const error = Math.abs(answer - values.reduce((sum, value) => sum + value, 0));
    const inRange = semantics.validity.answer_range === "unbounded" || Math.abs(answer) <= INT64_MAX;
    return { valid: Number.isInteger(answer) && inRange, complete: error <= semantics.one_shot_completion.max_absolute_error, metrics: { absolute_error: error } };
  };
}

function judgeArgmin(semantics: ArgminSemantics): Judge {
  return ({ dataset, result }) => {
    const values = numbers(dataset, "values");
    const index = number(result, "position") - semantics.validity.index_base;
    const minimum = Math.min(...values);
    const value = values[index];
    if (!Number.isInteger(index) || value === undefined) return { valid: false, complete: false, metrics: {} };
    const gap = value - minimum;
    // Where the minimum occurs more than once, the semantics say which of its positions counts:
    // naming another is invalid although its value, and so its gap, is exactly right.
    const tied = values.flatMap((v, i) => (v === minimum ? [i] : []));
    const counts = semantics.validity.tie_break === "any" || gap > 0 || index === (semantics.validity.tie_break === "first" ? tied[0] : tied.at(-1));
    return { valid: counts, complete: gap <= semantics.one_shot_completion.max_objective_gap, metrics: { objective_gap: gap } };
  };
}

async function readJson(file: string): Promise<unknown> {
  const read = await readDocument(file);
  if (!read.ok) throw new Error(`${file}:${read.position.line}:${read.position.column}: ${read.message}`);
  return read.data;
}

function number(document: unknown, member: string): number {
  const value = (document as Record<string, unknown> | undefined)?.[member];
  if (typeof value !== "number") throw new Error(`expected a number at /${member}`);
  return value;
}

function numbers(document: unknown, member: string): number[] {
  const value = (document as Record<string, unknown> | undefined)?.[member];
  if (!Array.isArray(value) || !value.every((v) => typeof v === "number")) throw new Error(`expected numbers at /${member}`);
  return value;
}
