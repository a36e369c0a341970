/**
 * The reference: each group's original schema through ajv directly, with the
 * class charter picks for the dialect, ajv-formats, and the suite's remotes.
 */
import type { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { ajvForDialect } from "../../src/schema/ajv-for-dialect.js";
import { describeError, type GroupOutcome, type Verdict } from "./outcome.js";
import { DIALECT_OF, type Draft, type RemoteDocument, type SuiteGroup } from "./suite.js";

export interface AjvRun {
  outcomes: Map<SuiteGroup, GroupOutcome>;
  /** Remotes ajv would not take (mostly documents of another draft, whose meta-schema this class lacks). */
  skippedRemotes: string[];
}

export function runAjv(draft: Draft, groups: readonly SuiteGroup[], remotes: readonly RemoteDocument[]): AjvRun {
  const outcomes = new Map<SuiteGroup, GroupOutcome>();
  const skipped = new Set<string>();
  // strict: false as charter's validators use it: unknown keywords are annotations, not errors.
  const ajv = ajvForDialect(DIALECT_OF[draft], { strict: false, logger: false });
  addFormats.default(ajv);
  for (const group of groups) {
    // Every schema but the meta-schemas goes before each group, so that no group sees another's $ids.
    // One instance emptied this way gives the verdicts of a fresh instance per group, six times faster:
    // a fresh one compiles the dialect's meta-schema again.
    ajv.removeSchema();
    for (const remote of remotes) {
      try {
        ajv.addSchema(remote.schema as object, remote.uri);
      } catch {
        skipped.add(remote.uri);
      }
    }
    let validate: ReturnType<Ajv["compile"]>;
    try {
      validate = ajv.compile(group.schema as object);
    } catch (error) {
      outcomes.set(group, { verdicts: group.tests.map(() => "refused"), refusal: [firstLine(error)], crashes: [] });
      continue;
    }
    const crashes: string[] = [];
    const verdicts = group.tests.map((test): Verdict => {
      try {
        return validate(test.data) ? "valid" : "invalid";
      } catch (error) {
        crashes.push(describeError(error));
        return "crashed";
      }
    });
    outcomes.set(group, { verdicts, crashes });
  }
  return { outcomes, skippedRemotes: [...skipped].sort() };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!;
}
