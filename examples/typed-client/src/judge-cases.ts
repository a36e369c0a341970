// Judges a problem's reference cases as an evaluator would, by the semantics its family owns,
// and compares each verdict and its metrics with what the case expects.
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { ArgminSemantics, ProblemContract, ReferenceCase, SumSemantics } from "#contracts/types/index.js";
import { readDocument } from "./read-document.js";

export type Verdict = ReferenceCase["expected_verdict"];

/** A measured quantity: `bigint` where the inputs were integers (exact at any size). */
export type Metric = number | bigint;

export interface Judgement {
  id: string;
  /** Absent when the case could not be judged (a file missing or not of the expected shape). */
  verdict?: Verdict;
  metrics: Record<string, Metric>;
  /** Empty when the verdict and the metrics are those the case expects. */
  disagreements: string[];
}

interface Measured {
  valid: boolean;
  complete: boolean;
  metrics: Record<string, Metric>;
}

/**
 * Each reference case of a problem that already satisfied problems/contract. Its family
 * narrows the contract's type, semantics included: the contract's `if`/`then` on `family`
 * is part of the generated type, so `case "sum":` gives `SumSemantics` with no second check.
 */
export async function judgeCases(contract: ProblemContract, root: string): Promise<Judgement[]> {
  const judge = await judgeOf(contract);
  const judgements: Judgement[] = [];
  for (const referenceCase of contract.reference_cases) {
    try {
      const read = (file: string | undefined) =>
        file === undefined ? Promise.resolve(undefined) : readExact(path.join(root, file), file);
      const [parameters, dataset, result, expectedMetrics] = await Promise.all([
        read(referenceCase.parameters),
        read(referenceCase.dataset),
        read(referenceCase.result),
        read(referenceCase.expected_metrics),
      ]);
      const measured = judge({ parameters, dataset, result });
      const verdict: Verdict = !measured.valid ? "invalid" : measured.complete ? "complete" : "incomplete";
      const disagreements: string[] = [];
      if (verdict !== referenceCase.expected_verdict)
        disagreements.push(`verdict ${verdict}, expected ${referenceCase.expected_verdict}`);
      if (!isDeepStrictEqual(exactNumbers(measured.metrics), exactNumbers(expectedMetrics)))
        disagreements.push(`metrics ${formatMetrics(measured.metrics)}, expected ${formatMetrics(expectedMetrics)}`);
      judgements.push({ id: referenceCase.id, verdict, metrics: measured.metrics, disagreements });
    } catch (error) {
      judgements.push({
        id: referenceCase.id,
        metrics: {},
        disagreements: [`cannot judge: ${(error as Error).message}`],
      });
    }
  }
  return judgements;
}

/** `{"absolute_error":0}`, with integers of any size written out exactly. */
export function formatMetrics(metrics: unknown): string {
  return JSON.stringify(metrics, (_, value: unknown) => (typeof value === "bigint" ? `\u0000${value}` : value)).replace(
    /"\\u0000(-?\d+)"/g,
    "$1",
  );
}

type Judge = (inputs: { parameters: unknown; dataset: unknown; result: unknown }) => Measured;

async function judgeOf(contract: ProblemContract): Promise<Judge> {
  switch (contract.family) {
    case "sum":
      return judgeSum(contract.semantics);
    case "argmin":
      return judgeArgmin(contract.semantics);
  }
}

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

function judgeSum(semantics: SumSemantics): Judge {
  return ({ parameters, result }) => {
    const values = member(parameters, "values", "parameters");
    if (!Array.isArray(values) || !values.every((v) => typeof v === "bigint"))
      throw new Error("the parameters' /values is not a list of integers");
    const answer = member(result, "answer", "result");
    // Exact arithmetic: an answer a unit off at 2^60 is off, and int64's bounds are exact.
    if (typeof answer !== "bigint") return { valid: false, complete: false, metrics: {} };
    const sum = values.reduce((total: bigint, value: bigint) => total + value, 0n);
    const error = answer > sum ? answer - sum : sum - answer;
    const inRange = semantics.validity.answer_range === "unbounded" || (answer >= INT64.min && answer <= INT64.max);
    return {
      valid: inRange,
      complete: error <= BigInt(semantics.one_shot_completion.max_absolute_error),
      metrics: { absolute_error: error },
    };
  };
}

function judgeArgmin(semantics: ArgminSemantics): Judge {
  return ({ dataset, result }) => {
    const raw = member(dataset, "values", "dataset");
    if (!Array.isArray(raw) || raw.length === 0 || !raw.every((v) => typeof v === "number" || typeof v === "bigint"))
      throw new Error("the dataset's /values is not a non-empty list of numbers");
    const values = raw.map(Number);
    const position = member(result, "position", "result");
    const index = typeof position === "bigint" ? Number(position) - semantics.validity.index_base : Number.NaN;
    const value = values[index];
    if (value === undefined) return { valid: false, complete: false, metrics: {} };
    let minimum = Infinity;
    for (const v of values) if (v < minimum) minimum = v;
    const gap = value - minimum;
    // Where the minimum occurs more than once, the semantics say which of its positions counts:
    // naming another is invalid although its value, and so its gap, is exactly right.
    const first = values.indexOf(minimum);
    const last = values.lastIndexOf(minimum);
    const counts =
      gap > 0 ||
      semantics.validity.tie_break === "any" ||
      index === (semantics.validity.tie_break === "first" ? first : last);
    return {
      valid: counts,
      complete: gap <= semantics.one_shot_completion.max_objective_gap,
      metrics: { objective_gap: gap },
    };
  };
}

async function readExact(file: string, shown: string): Promise<unknown> {
  const read = await readDocument(file, { integersAsBigInt: true });
  if (!read.ok) throw new Error(`${shown}:${read.position.line}:${read.position.column}: ${read.message}`);
  return read.data;
}

/** Integers as numbers where a number holds them exactly, so that `0n` and `0` compare equal. */
function exactNumbers(value: unknown): unknown {
  if (typeof value === "bigint")
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  if (Array.isArray(value)) return value.map(exactNumbers);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, exactNumbers(v)]));
  return value;
}

function member(document: unknown, name: string, role: string): unknown {
  if (document === undefined) throw new Error(`the case names no ${role}`);
  return document !== null && typeof document === "object" ? (document as Record<string, unknown>)[name] : undefined;
}
