import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import { placeInSources } from "../../compiler/bundle/bundle-places.js";
import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import type { ResolvedGraph } from "../../schema/resolved-graph.js";
import { runTasks, siblingModule, type TaskDefinition, type TaskSettings } from "../../tasks/run-tasks.js";
import { VALIDATOR_CODES } from "./codes.js";
import { checkScopeLimit, tooManyScopesMessage, type ScopeLimit, type ScopeLimitTask } from "./scope-limit.js";
import { readsDynamicScopes } from "./validation-form/validation-form.js";

/** Whether each bundle's dynamic scopes can be resolved, on worker threads and kept in the cache. */
const SCOPE_LIMIT_TASK: TaskDefinition<ScopeLimitTask, ScopeLimit> = {
  name: "checkScopeLimit",
  label: "dynamic scopes",
  module: siblingModule(import.meta.url, "scope-limit"),
  run: checkScopeLimit,
};

/**
 * The bundles whose validators can be compiled from plain `$ref`s, and CH405
 * for each contract whose dynamic references are read in more scopes than
 * charter copies subschemas for. Such a contract is refused before anything
 * is emitted for it (no schema, types or validator), as a contract that
 * failed to bundle is: the caller adds `refused` to the failed contracts.
 * Only bundles that read dynamic scopes are checked; the others pass as they are.
 */
export async function refuseTooManyScopes(
  bundles: readonly Bundle[],
  graph: ResolvedGraph,
  settings: TaskSettings,
): Promise<{ bundles: Bundle[]; refused: string[]; diagnostics: Diagnostic[] }> {
  const scoped = bundles.filter((bundle) => readsDynamicScopes(bundle.schema, bundle.dialect));
  if (scoped.length === 0) return { bundles: [...bundles], refused: [], diagnostics: [] };
  const limits = await runTasks(
    SCOPE_LIMIT_TASK,
    scoped.map(({ id, schema }) => ({ id, schema })),
    settings,
  );
  const tooMany = new Map<Bundle, string>();
  scoped.forEach((bundle, index) => {
    const where = limits[index]!.tooMany;
    if (where !== undefined) tooMany.set(bundle, where);
  });
  return {
    bundles: bundles.filter((bundle) => !tooMany.has(bundle)),
    refused: [...tooMany.keys()].map((bundle) => bundle.name),
    diagnostics: [...tooMany].map(([bundle, where]) => tooManyScopes(graph, bundle, where)),
  };
}

/** CH405 at the subschema whose copies ran out: in the document of the bundle it came from. */
function tooManyScopes(graph: ResolvedGraph, bundle: Bundle, where: string): Diagnostic {
  const { document, pointer } = placeInSources(graph, bundle, where);
  return errorAt(VALIDATOR_CODES.tooManyScopes, tooManyScopesMessage(bundle.name), {
    file: document.file,
    position: document.positions.get(pointer) ?? { line: 1, column: 1 },
    pointer,
  });
}
