import type { CodeTable } from "../../core/diagnostic.js";

export const LOAD_CODES = {
  unreadable: {
    code: "CH101",
    title: "source cannot be read",
    help: "A file or a folder exists in the source tree but could not be read. Check its permissions. A folder that cannot be listed is an error too, and nothing is written: its contracts would otherwise be left out of the run, and `generate` would delete their outputs.",
  },
  syntax: {
    code: "CH102",
    title: "YAML or JSON syntax error",
    help: "The source does not parse. Fix the syntax at the reported position.",
  },
  duplicateKey: {
    code: "CH103",
    title: "duplicate key",
    help: "A mapping names the same key twice; YAML parsers disagree on which wins, so charter refuses both. Keep one.",
  },
  customTag: {
    code: "CH104",
    title: "custom YAML tag",
    help: "Tags such as `!include` or `!!binary` have no JSON meaning. Write plain JSON-compatible YAML.",
  },
  aliasBomb: {
    code: "CH105",
    title: "alias expansion too large",
    help: "YAML aliases expand to more nodes than charter accepts (a 'billion laughs' document). Use `$ref` to share a schema instead of anchors.",
  },
  notJson: {
    code: "CH106",
    title: "value has no JSON form",
    help: "The value (a non-scalar key, `.inf`, `.nan`) cannot be written as JSON. Quote it or remove it.",
  },
  multipleDocuments: {
    code: "CH107",
    title: "several YAML documents in one file",
    help: "A source file holds exactly one schema. Split the documents into files of their own.",
  },
  nameClash: {
    code: "CH108",
    title: "two sources have one contract name",
    help: "The contract name is the path without its extension, so `a.yaml` and `a.json` collide. So do names and folders that differ only by letter case (`Foo.yaml` and `foo.json`, `Agent/` and `agent/`): macOS and Windows keep one file where Linux keeps two, so one machine's output would overwrite itself. Rename or remove one.",
  },
  notSchema: {
    code: "CH109",
    title: "source is not a schema",
    help: "A source's top level must be a JSON Schema: a mapping or a boolean.",
  },
  lossyInteger: {
    code: "CH110",
    title: "integer rounded (warning)",
    help: "JSON numbers are IEEE doubles in JavaScript validators and in the RFC 8785 form behind the digest, so an integer beyond 2^53 is rounded. Use a smaller bound, or a string with a pattern for exact large integers.",
  },
  tooDeep: {
    code: "CH111",
    title: "nesting too deep",
    help: "The document nests more than 500 levels. No real schema does; split it into definitions. A data file that deep is not read by `charter validate` either, which counts it as too deep to judge (exit 3 when no file was invalid), not as invalid.",
  },
  mergeKey: {
    code: "CH112",
    title: "YAML merge key",
    help: "`<<` merge keys are a YAML 1.1 feature that YAML 1.2 and JSON do not have. Share schemas with `$ref` or `allOf` instead.",
  },
  notUtf8: {
    code: "CH113",
    title: "source is not UTF-8",
    help: "Sources are read as UTF-8 (a byte-order mark is allowed). The file has a byte that is not UTF-8 at the reported place, often from an editor saving in Latin-1 or UTF-16. Save it as UTF-8.",
  },
  orphanInstances: {
    code: "CH114",
    title: "instance folder without a contract (warning)",
    help: "A `<name>.examples/` or `<name>.counterexamples/` folder holds instances for the contract `<name>`, but no source gives that name (often after a rename), so its instances are not checked. Rename the folder after its contract, or delete it.",
  },
  nameTooLong: {
    code: "CH115",
    title: "source name too long for its outputs",
    help: "Each contract's outputs are named after its source (`schemas/<name>.schema.json` is the longest), and a file name may hold at most 255 bytes on the usual file systems (ext4, APFS, NTFS). The source's name leaves too little room for the suffixes charter adds, so its outputs could not be written: shorten the file name.",
  },
} satisfies CodeTable;

declare module "../../core/diagnostic.js" {
  interface CodeTables {
    load: typeof LOAD_CODES;
  }
}
