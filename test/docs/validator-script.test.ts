/**
 * The payload box's validator scripts without a bundler: every validator this repository
 * generates takes that path, and the script gives the verdicts the module gives; a module of
 * another shape is left to esbuild.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import vm from "node:vm";
import * as formats from "charter-runtime/formats";
import * as helpers from "charter-runtime/helpers";
import * as patterns from "charter-runtime/patterns";
import { describe, expect, it } from "vitest";
import { validatorScript } from "../../src/cli/docs/validator-script.js";

const VALIDATORS = fileURLToPath(new URL("../../generated/validators", import.meta.url));
const SCHEMAS = fileURLToPath(new URL("../../generated/schemas", import.meta.url));

function modules(): string[] {
  return readdirSync(VALIDATORS, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js") && file !== "index.js")
    .map((file) => file.split(path.sep).join("/").replace(/\.js$/, ""))
    .sort();
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/** Runs a script as a page does, after `assets/runtime.js` exposed the runtime's modules. */
function runScript(script: string, contract: string): Record<string, unknown> {
  const CharterDocs = {
    modules: {
      "charter-runtime/helpers": helpers,
      "charter-runtime/formats": formats,
      "charter-runtime/patterns": patterns,
    },
    validators: {} as Record<string, Record<string, unknown>>,
  };
  const context = vm.createContext({ CharterDocs });
  context["globalThis"] = context;
  vm.runInContext(script, context);
  return CharterDocs.validators[contract]!;
}

describe("validator scripts", () => {
  it.each(modules())("%s: every export, and the module's verdicts on its examples", async (name) => {
    const file = path.join(VALIDATORS, `${name}.js`);
    const script = validatorScript(readFileSync(file, "utf8"), name);
    expect(script).toBeDefined();
    const loaded = runScript(script!, name);
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    expect(Object.keys(loaded).sort()).toEqual(Object.keys(module).sort());
    const schema = JSON.parse(readFileSync(path.join(SCHEMAS, `${name}.schema.json`), "utf8")) as {
      examples?: unknown[];
    };
    for (const value of [...(schema.examples ?? []), {}, null, "x", { outcome: 1 }]) {
      const fromScript = loaded["validate"] as Validate;
      const fromModule = module["validate"] as Validate;
      let scriptThrew: unknown;
      let moduleThrew: unknown;
      let scriptVerdict: boolean | undefined;
      let moduleVerdict: boolean | undefined;
      try {
        scriptVerdict = fromScript(value);
      } catch (error) {
        scriptThrew = error;
      }
      try {
        moduleVerdict = fromModule(value);
      } catch (error) {
        moduleThrew = error;
      }
      expect(scriptVerdict).toBe(moduleVerdict);
      expect(JSON.stringify(scriptThrew)).toBe(JSON.stringify(moduleThrew));
      expect(JSON.stringify(fromScript.errors)).toBe(JSON.stringify(fromModule.errors));
    }
  });

  it("leaves a module of another shape to the bundler", () => {
    const module = readFileSync(path.join(VALIDATORS, "agent/result.js"), "utf8");
    expect(validatorScript(module.replace(/^import .*$/m, 'import { x } from "./elsewhere.js";'), "a")).toBeUndefined();
    expect(validatorScript(module + "export default 1;\n", "a")).toBeUndefined();
    expect(validatorScript(module + "console.log(import.meta.url);\n", "a")).toBeUndefined();
    expect(validatorScript(module.replace(/^export const validate = .*$/m, ""), "a")).toBeUndefined();
  });
});
