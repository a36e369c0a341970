import { repair as aliasDefinitions } from "./alias-definitions.js";
import { repair as anchorReferences } from "./anchor-references.js";
import { repair as commentTerminator } from "./comment-terminator.js";
import { repair as compositeSchemaNames } from "./composite-schema-names.js";
import { repair as dependentSchemas } from "./dependent-schemas.js";
import { repair as deprecatedReason } from "./deprecated-reason.js";
import { repair as dynamicReferences } from "./dynamic-references.js";
import { repair as jsdocTags } from "./jsdoc-tags.js";
import { repair as keywordNamedProperties } from "./keyword-named-properties.js";
import { repair as notSchema } from "./not-schema.js";
import { repair as prefixItemsTuple } from "./prefix-items-tuple.js";
import { repair as readonlyProperties } from "./readonly-properties.js";
import type { Repair } from "./repair.js";
import { repair as refSiblingKeywords } from "./ref-sibling-keywords.js";
import { repair as titleNames } from "./title-names.js";
import { repair as unconstrainedSchemas } from "./unconstrained-schemas.js";
import { repair as unevaluatedPropertiesClosed } from "./unevaluated-properties-closed.js";

/**
 * Every repair, in the order they run at each depth. Order matters where one
 * writes what another reads: descriptions are complete (titles, tags) before
 * `*\/` is escaped and before `$ref` siblings are counted; properties that
 * other repairs add or close are in place before composite schemas are split.
 */
export const REPAIRS: readonly Repair[] = [
  anchorReferences,
  dynamicReferences,
  prefixItemsTuple,
  dependentSchemas,
  unevaluatedPropertiesClosed,
  notSchema,
  unconstrainedSchemas,
  titleNames,
  jsdocTags,
  deprecatedReason,
  readonlyProperties,
  refSiblingKeywords,
  aliasDefinitions,
  compositeSchemaNames,
  keywordNamedProperties,
  commentTerminator,
];
