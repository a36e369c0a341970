// The payload box's checker in the site `charter docs` writes: esbuild bundles this file with
// charter-runtime and yaml into the site's `assets/runtime.js`, an IIFE that pages load with a
// classic script (which works from file://). Each contract page adds its committed validator
// module (`assets/validators/<name>.js`), whose imports of charter-runtime's helpers are bound to
// the modules exposed here: the browser runs the code production runs and compiles nothing.
// Plain JavaScript, shipped as is, so that the bundle is the same bytes whether charter runs from
// its sources or from its package.
import { bindContracts } from "charter-runtime";
import * as formats from "charter-runtime/formats";
import * as helpers from "charter-runtime/helpers";
import * as patterns from "charter-runtime/patterns";
import { LineCounter, parseDocument } from "yaml";

/** Each contract's validator module, registered by its page's script. */
const validators = {};

/**
 * Checks pasted JSON or YAML against a contract whose validator module the page has loaded:
 * `{ parseError: { message } }`, or `{ violations: [{ pointer, line, message, keyword, schemaPath }] }`.
 */
async function check(contract, text) {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true });
  const parseError = document.errors[0];
  if (parseError !== undefined) return { parseError: { message: parseError.message }, violations: [] };
  const data = document.toJS({ maxAliasCount: 1000 });
  const module = validators[contract];
  if (module === undefined) throw new Error(`the validator of ${contract} is not loaded`);
  const registry = {
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
      const violation = {
        pointer: error.pointer,
        message: error.message,
        keyword: error.keyword,
        schemaPath: error.schemaPath,
      };
      const path = error.pointer === "" ? [] : error.pointer.slice(1).split("/").map(unescapeToken);
      const offset = document.getIn(path, true)?.range?.[0];
      if (offset !== undefined) violation.line = lineCounter.linePos(offset).line;
      return violation;
    }),
  };
}

function unescapeToken(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

globalThis.CharterDocs = {
  modules: {
    "charter-runtime/formats": formats,
    "charter-runtime/helpers": helpers,
    "charter-runtime/patterns": patterns,
  },
  validators,
  check,
};
