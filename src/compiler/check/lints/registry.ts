import { lint as acceptsAnything } from "./accepts-anything.js";
import { lint as badPattern } from "./bad-pattern.js";
import { lint as emptyRange } from "./empty-range.js";
import { lint as emptyStringAccepted } from "./empty-string-accepted.js";
import { lint as ifAlone } from "./if-alone.js";
import { lint as keywordTypo } from "./keyword-typo.js";
import type { LintRule } from "./lint-rule.js";
import { lint as otherDialect } from "./other-dialect.js";
import { lint as requiredNotDeclared } from "./required-not-declared.js";
import { lint as slowPattern } from "./slow-pattern.js";
import { lint as unusedDefinition } from "./unused-definition.js";

/**
 * Every lint, in the order of their codes (CH310 to CH319), which is the order
 * lintSource asks them about each schema. A new lint takes the next free code
 * of CHECK_CODES, a file of its own here, and a fixture under test/check/lints/.
 */
export const LINT_RULES: readonly LintRule[] = [
  acceptsAnything,
  requiredNotDeclared,
  keywordTypo,
  otherDialect,
  ifAlone,
  emptyRange,
  unusedDefinition,
  badPattern,
  slowPattern,
  emptyStringAccepted,
];
