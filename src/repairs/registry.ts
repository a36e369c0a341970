import { repair as aliasChains } from "./alias-chains.js";
import { repair as aliasDefinitions } from "./alias-definitions.js";
import { repair as anchorReferences } from "./anchor-references.js";
import { repair as commentTerminator } from "./comment-terminator.js";
import { repair as compositeSchemaNames } from "./composite-schema-names.js";
import { repair as conditionalBranches } from "./conditional-branches.js";
import { repair as dependentRequired } from "./dependent-required.js";
import { repair as dependentSchemas } from "./dependent-schemas.js";
import { repair as deprecatedReason } from "./deprecated-reason.js";
import { repair as discriminatedAlternatives } from "./discriminated-alternatives.js";
import { repair as discriminatedConditionals } from "./discriminated-conditionals.js";
import { repair as dynamicReferences } from "./dynamic-references.js";
import { repair as generatorInputChecks } from "./generator-input-checks.js";
import { repair as generatorKeywords } from "./generator-keywords.js";
import { repair as impliedTypes } from "./implied-types.js";
import { repair as jsdocTags } from "./jsdoc-tags.js";
import { repair as keywordNamedProperties } from "./keyword-named-properties.js";
import { repair as literalPatternProperties } from "./literal-pattern-properties.js";
import { repair as notSchema } from "./not-schema.js";
import { repair as objectIntersections } from "./object-intersections.js";
import { repair as openTuples } from "./open-tuples.js";
import { repair as patternPropertiesOpen } from "./pattern-properties-open.js";
import { repair as patternStrings } from "./pattern-strings.js";
import { repair as prefixItemsTuple } from "./prefix-items-tuple.js";
import { repair as readonlyProperties } from "./readonly-properties.js";
import type { Repair } from "./support/repair.js";
import { repair as refSiblingKeywords } from "./ref-sibling-keywords.js";
import { repair as selfAppliedSchemas } from "./self-applied-schemas.js";
import { repair as titleNames } from "./title-names.js";
import { repair as unconstrainedSchemas } from "./unconstrained-schemas.js";
import { repair as unknownComposites } from "./unknown-composites.js";
import { repair as unevaluatedPropertiesClosed } from "./unevaluated-properties-closed.js";

/**
 * Every repair, in the order they run at each depth. Each states in `after`
 * the repairs that must run before it, and test/repairs/order.test.ts checks
 * this order against them. Order matters where one writes what another reads: descriptions are complete (titles, tags) before
 * `*\/` is escaped and before `$ref` siblings are counted; properties that
 * other repairs add or close are in place before composite schemas are split,
 * and before conditionals become unions (which read `not` before it is dropped,
 * and run before unconstrained-schemas drops schemas of only if/then/else;
 * the discriminated ones first, which conditional-branches then leaves alone,
 * and the unions of its branches before discriminated-alternatives reads them);
 * kind-specific keywords are split by kind once composite schemas have put
 * them in members of their own, and members of only `type: object` are
 * typed once both have written them;
 * the generator's input checks are met last, on the input as every other
 * repair left it.
 */
export const REPAIRS: readonly Repair[] = [
  generatorKeywords,
  anchorReferences,
  dynamicReferences,
  prefixItemsTuple,
  openTuples,
  dependentSchemas,
  unevaluatedPropertiesClosed,
  literalPatternProperties,
  patternPropertiesOpen,
  discriminatedConditionals,
  conditionalBranches,
  dependentRequired,
  discriminatedAlternatives,
  notSchema,
  unconstrainedSchemas,
  titleNames,
  jsdocTags,
  deprecatedReason,
  readonlyProperties,
  refSiblingKeywords,
  selfAppliedSchemas,
  aliasChains,
  aliasDefinitions,
  compositeSchemaNames,
  impliedTypes,
  patternStrings,
  unknownComposites,
  objectIntersections,
  keywordNamedProperties,
  commentTerminator,
  generatorInputChecks,
];
