/**
 * The names charter gives the parts of json-schema-to-typescript's input it
 * builds (targets/types/prepare-input.ts), spelled once here, below both the
 * types target that builds the input and the repairs that read it.
 */

/** Set on each schema that becomes a named type; the generator's `customName` reads it. */
export const TYPE_NAME_MARKER = "x-charter-type-name";
/** Where documents that no exported type covers are copied into the generator's input. */
export const EMBEDDED_KEY = "x-charter-embedded";
/** Where the contract's own document sits in the generator's input. */
export const ROOT_KEY = "x-charter-root";
/**
 * The generator's top-level schema: an object whose properties refer to the
 * contract's root and to each of its definitions. json-schema-to-typescript
 * emits the definitions of a root only when the root is an object type; a
 * root that is a union, an enum or a `$ref` would lose them. The wrapper's own
 * declaration is removed from the output.
 */
export const WRAPPER_NAME = "CharterGeneratorWrapper";
