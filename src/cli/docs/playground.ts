/**
 * The payload box's checker, bundled by esbuild into the site's `assets/runtime.js` (an IIFE:
 * pages load it with a classic script, which works from file://). It is charter-runtime and
 * yaml, nothing else: each contract page adds its committed validator module
 * (`assets/validators/<name>.js`), whose imports of charter-runtime's helpers are bound to the
 * modules exposed here, so the browser runs the code production runs and compiles nothing.
 */
import { bindContracts, type Registry } from "charter-runtime";
import * as formats from "charter-runtime/formats";
import * as helpers from "charter-runtime/helpers";
import * as patterns from "charter-runtime/patterns";
import { LineCounter, parseDocument } from "yaml";

interface PageViolation {
  pointer: string;
  /** The line of the value the pointer names, in the pasted text. */
  line?: number;
  message: string;
  keyword: string;
  schemaPath: string;
}

interface Outcome {
  parseError?: { message: string };
  violations: PageViolation[];
}

const validators: Record<string, Record<string, unknown>> = {};

/** Checks pasted JSON or YAML against a contract whose validator module the page has loaded. */
async function check(contract: string, text: string): Promise<Outcome> {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true });
  const parseError = document.errors[0];
  if (parseError !== undefined) return { parseError: { message: parseError.message }, violations: [] };
  const data: unknown = document.toJS({ maxAliasCount: 1000 });
  const module = validators[contract];
  if (module === undefined) throw new Error(`the validator of ${contract} is not loaded`);
  const registry: Registry = {
    [contract]: {
      contract,
      digest: "",
      exportName: "validate",
      rules: {},
      load: () => Promise.resolve(module),
      loadSchema: () => Promise.resolve({ default: {} }),
    },
  };
  // Declared rules are the application's functions: the page checks the schema, as `charter validate` does.
  const runtime = bindContracts(registry, { skipRules: true });
  const result = await runtime.validate(contract, data);
  if (result.ok) return { violations: [] };
  return {
    violations: result.errors.map((error) => {
      const violation: PageViolation = {
        pointer: error.pointer,
        message: error.message,
        keyword: error.keyword,
        schemaPath: error.schemaPath,
      };
      const path = error.pointer === "" ? [] : error.pointer.slice(1).split("/").map(unescape);
      const node = document.getIn(path, true) as { range?: [number, number, number] } | undefined;
      const offset = node?.range?.[0];
      if (offset !== undefined) violation.line = lineCounter.linePos(offset).line;
      return violation;
    }),
  };
}

function unescape(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

(globalThis as { CharterDocs?: unknown }).CharterDocs = {
  modules: {
    "charter-runtime/formats": formats,
    "charter-runtime/helpers": helpers,
    "charter-runtime/patterns": patterns,
  },
  validators,
  check,
};
