import { rule as additionalPropertiesClosed } from "./additional-properties-closed.js";
import { rule as additionalPropertiesOpened } from "./additional-properties-opened.js";
import { rule as boundLoosened } from "./bound-loosened.js";
import { rule as boundTightened } from "./bound-tightened.js";
import { rule as constraintAdded } from "./constraint-added.js";
import { rule as constraintRemoved } from "./constraint-removed.js";
import { rule as defaultChanged } from "./default-changed.js";
import { rule as definitionAdded } from "./definition-added.js";
import { rule as definitionRemoved } from "./definition-removed.js";
import { rule as dependentRequiredAdded } from "./dependent-required-added.js";
import { rule as dependentRequiredRemoved } from "./dependent-required-removed.js";
import { rule as deprecatedPropertyRemoved } from "./deprecated-property-removed.js";
import { rule as descriptionChanged } from "./description-changed.js";
import { rule as enumAdded } from "./enum-added.js";
import { rule as enumRemoved } from "./enum-removed.js";
import { rule as enumValueAdded } from "./enum-value-added.js";
import { rule as enumValueRemoved } from "./enum-value-removed.js";
import { rule as formatAdded } from "./format-added.js";
import { rule as formatChanged } from "./format-changed.js";
import { rule as formatRemoved } from "./format-removed.js";
import { rule as itemsClosed } from "./items-closed.js";
import { rule as itemsOpened } from "./items-opened.js";
import { rule as multipleOfChanged } from "./multiple-of-changed.js";
import { rule as multipleOfLoosened } from "./multiple-of-loosened.js";
import { rule as multipleOfTightened } from "./multiple-of-tightened.js";
import { rule as nullAllowed } from "./null-allowed.js";
import { rule as optionalPropertyAdded } from "./optional-property-added.js";
import { rule as patternAdded } from "./pattern-added.js";
import { rule as patternChanged } from "./pattern-changed.js";
import { rule as patternRemoved } from "./pattern-removed.js";
import { rule as propertyAddedClosed } from "./property-added-closed.js";
import { rule as propertyDeprecated } from "./property-deprecated.js";
import { rule as propertyForbidden } from "./property-forbidden.js";
import { rule as propertyRemovedClosed } from "./property-removed-closed.js";
import { rule as propertyRemovedOpen } from "./property-removed-open.js";
import { rule as referenceUnresolved } from "./reference-unresolved.js";
import { rule as requiredAdded } from "./required-added.js";
import { rule as requiredRemoved } from "./required-removed.js";
import type { SchemaRule, SiteName, SiteRule } from "./rule.js";
import { rule as schemaClosed } from "./schema-closed.js";
import { rule as schemaOpened } from "./schema-opened.js";
import { rule as typeNarrowed } from "./type-narrowed.js";
import { rule as typeWidened } from "./type-widened.js";
import { rule as unevaluatedPropertiesClosed } from "./unevaluated-properties-closed.js";
import { rule as unevaluatedPropertiesOpened } from "./unevaluated-properties-opened.js";
import { rule as unionBranchAdded } from "./union-branch-added.js";
import { rule as unionBranchRemoved } from "./union-branch-removed.js";
import { rule as uniqueItemsAdded } from "./unique-items-added.js";
import { rule as uniqueItemsRemoved } from "./unique-items-removed.js";

/**
 * Every rule of the schema comparison. The walk asks a site's rules in this
 * order, so findings made at the same place come in this order (the report
 * sorts them by place and rule, so the order shows only to callers of
 * compareSchemas).
 */
export const SCHEMA_RULES: readonly SchemaRule[] = [
  // false-schema
  schemaClosed,
  schemaOpened,
  // unresolved-reference
  referenceUnresolved,
  // schema
  descriptionChanged,
  defaultChanged,
  propertyDeprecated,
  typeNarrowed,
  nullAllowed,
  typeWidened,
  enumValueRemoved,
  enumValueAdded,
  enumAdded,
  enumRemoved,
  patternAdded,
  patternRemoved,
  patternChanged,
  formatAdded,
  formatRemoved,
  formatChanged,
  uniqueItemsAdded,
  uniqueItemsRemoved,
  // limit
  boundTightened,
  boundLoosened,
  multipleOfTightened,
  multipleOfLoosened,
  multipleOfChanged,
  // required
  requiredAdded,
  requiredRemoved,
  // property-gone
  deprecatedPropertyRemoved,
  propertyRemovedClosed,
  propertyRemovedOpen,
  // property-new
  propertyForbidden,
  propertyAddedClosed,
  optionalPropertyAdded,
  // rest
  additionalPropertiesClosed,
  additionalPropertiesOpened,
  unevaluatedPropertiesClosed,
  unevaluatedPropertiesOpened,
  itemsClosed,
  itemsOpened,
  // subschema-gone
  unionBranchRemoved,
  constraintRemoved,
  // subschema-new
  unionBranchAdded,
  constraintAdded,
  // dependencies
  dependentRequiredAdded,
  dependentRequiredRemoved,
  // definition-gone
  definitionRemoved,
  // definition-new
  definitionAdded,
];

/** The rules a site asks, in registry order. */
export function rulesAt<S extends SiteName>(site: S): readonly SiteRule<S>[] {
  return SCHEMA_RULES.filter((rule) => rule.site === site) as unknown as SiteRule<S>[];
}
