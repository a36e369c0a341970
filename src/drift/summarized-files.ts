import { contractOfModuleStem } from "../targets/shared/output-files.js";

/** A compiled validator module: the contract it validates. */
export interface ValidatorModule {
  contract: string;
}

/**
 * The compiled validator a generated file is, or undefined for any other file.
 * The registry (`validators/index.js`) and the declarations are short and read
 * like source, so they are not validator code here.
 */
export function validatorModule(path: string): ValidatorModule | undefined {
  const match = /^validators\/(.+)\.js$/.exec(path);
  if (match === null || path === "validators/index.js") return undefined;
  return { contract: contractOfModuleStem(match[1]!) };
}

/**
 * One line that stands for the diff of a compiled validator: its code is
 * minified and follows the schema, whose own diff says what changed.
 */
export function validatorSummary(module: ValidatorModule, committedBytes: number, freshBytes: number): string {
  const change = freshBytes - committedBytes;
  const delta = change === 0 ? "same size" : `${change > 0 ? "+" : ""}${change}`;
  return `(validator of ${module.contract} changed: ${committedBytes} -> ${freshBytes} bytes, ${delta}; its code diff is not shown, \`charter check --full\` shows it)`;
}
