import type { CodeTable } from "../../core/diagnostic.js";

/** Findings of type naming (type-names.ts), which every target shares. */
export const NAMING_CODES = {
  nameClash: {
    code: "CH601",
    title: "two types get one name",
    help: "Every exported type name is unique across `generated/types/` (the index re-exports them all). Two `x-charter-name`s that ask for one name, and, under `typeNames: { clashes: error }`, any two derived names that clash, are refused at every place. Give one of them an explicit name with `x-charter-name`, or rename the `$defs` key.",
  },
  nameClashSettled: {
    code: "CH608",
    title: "type name clash settled by renaming",
    help: "Two schemas would get one derived type name. The first by place keeps it (an `x-charter-name`, then a contract's root, then a definition; then by source path), and the other takes a name qualified by its contract (`<Root><Key>`, then `<Root>_<Key>`), else a numbered one. Set `x-charter-name` on either to choose names yourself, or `typeNames: { clashes: error }` to refuse clashes (CH601).",
  },
  badName: {
    code: "CH602",
    title: "invalid type name",
    help: "`x-charter-name` must be a TypeScript identifier that json-schema-to-typescript keeps as written: starting with a capital letter, `_` or `$`, with no lower-case letter right after a digit, `$` or `_` (write `Ti8M`, `MyType`).",
  },
} satisfies CodeTable;

declare module "../../core/diagnostic.js" {
  interface CodeTables {
    naming: typeof NAMING_CODES;
  }
}
