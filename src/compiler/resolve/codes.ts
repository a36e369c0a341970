import type { CodeTable } from "../../core/diagnostic.js";

export const RESOLVE_CODES = {
  unknownDialect: {
    code: "CH201",
    title: "unknown $schema",
    help: "charter reads draft-04, draft-06, draft-07, 2019-09 and 2020-12. Set `$schema` to one of their meta-schema URIs, or remove it for 2020-12. A custom meta-schema is accepted when it is a source (by its `$id`) or a file a `--catalog` mapping reaches, and its own `$schema` leads to one of those dialects. Such a schema is read in that dialect, with the vocabularies the meta-schema's `$vocabulary` lists (CH212, CH213).",
  },
  badIdentifier: {
    code: "CH202",
    title: "invalid $id or anchor",
    help: "An `$id`, `$anchor` or `$dynamicAnchor` is not a usable identifier. Use a URI without a fragment for `$id`, and a plain name for anchors.",
  },
  duplicateId: {
    code: "CH203",
    title: "two schemas claim one $id",
    help: "Every `$id` must name one schema, so each document that claims it is an error. Rename one, or remove the copy. Versions of one schema that keep one `$id` (`tool-1.0.json` and `tool-2.0.json` both saying `https://example.com/tool.json`) are read with `ids: local` in charter.config.yaml: under `resolution.contracts` (by contract name or folder) for sources, on the catalog entry (`{ path: DIR, ids: local }`) for catalog files. Their `$id`s then hold only inside each file, and other documents reach each by its path; a reference by that URL goes to the document that keeps its `$id` global, else to the file the catalog maps the URL to.",
  },
  badReference: {
    code: "CH204",
    title: "malformed reference",
    help: "A `$ref` (or `$dynamicRef`, `$recursiveRef`) must be a string holding a URI reference.",
  },
  escapesSource: {
    code: "CH205",
    title: "reference leaves the source directory",
    help: "A relative `$ref` climbs above the source directory. Move the target into the source tree, or map its URI with `--catalog`.",
  },
  unresolved: {
    code: "CH206",
    title: "reference names no known document",
    help: "charter never fetches schemas. Put the target in the source tree, give it the `$id` the reference uses, or map the URI's prefix to a local folder with `--catalog PREFIX=DIR`.",
  },
  missingFile: {
    code: "CH207",
    title: "referenced file does not exist",
    help: "The reference names a file path that is not in the source tree (or in the catalog folder its URI maps to). Fix the path.",
  },
  missingFragment: {
    code: "CH208",
    title: "reference fragment names nothing",
    help: "The document exists but the JSON pointer or anchor after `#` does not name a schema in it. Fix the fragment.",
  },
  charterKeywordTarget: {
    code: "CH210",
    title: "reference into a charter keyword",
    help: "charter's own keywords (`x-charter-*`) are removed from bundles, so a `$ref` into one would dangle. Keep shared schemas under `$defs`.",
  },
  catalogDialect: {
    code: "CH211",
    title: "catalog file read in a chosen dialect (warning)",
    help: "A file reached through a catalog mapping declares no `$schema`, its catalog entry sets no `dialect`, and the documents that reference it are of different dialects, so charter reads it as 2020-12, as it reads a source without `$schema`. (When all of them are of one dialect, the file is read in that one, without a warning.) Say which it is: add `$schema` to the file, or set `dialect` on its catalog entry (`catalog: { PREFIX: { path: DIR, dialect: draft-07 } }`).",
  },
  catalogFile: {
    code: "CH209",
    title: "catalog file cannot be used",
    help: "A file reached through a `--catalog` mapping could not be used: it does not parse (its own diagnostics say where), or a symbolic link puts it outside its catalog folder.",
  },
  unknownVocabulary: {
    code: "CH212",
    title: "meta-schema requires an unknown vocabulary",
    help: "The custom meta-schema that `$schema` names lists, in its `$vocabulary`, a vocabulary marked `true` (required) that charter does not know, so charter cannot read the schema as the meta-schema says. charter knows the vocabularies of 2020-12 (core, applicator, unevaluated, validation, meta-data, format-annotation, format-assertion, content) and of 2019-09 (core, applicator, validation, meta-data, format, content), each for the dialect the meta-schema's own `$schema` leads to: a 2019-09 vocabulary in a meta-schema built on 2020-12 is unknown too. Mark the vocabulary `false` if a validator that does not know it may ignore its keywords (charter then reads them as annotations), or name a meta-schema whose vocabularies charter knows.",
  },
  vocabularyLeftOut: {
    code: "CH213",
    title: "keywords of a vocabulary the meta-schema leaves out (warning)",
    help: "The custom meta-schema that `$schema` names lists its vocabularies in `$vocabulary`, and leaves out one whose keywords this document uses (the validation vocabulary, say, whose keywords include `type` and `minimum`). Such keywords are annotations there: they assert nothing. The bundle declares the standard dialect, where they would assert, so charter leaves them out of the bundle (an applicator keyword with its subschemas), and neither the validators nor the types see them. Remove the keywords, or add their vocabulary to the meta-schema's `$vocabulary`.",
  },
  formatAssertion: {
    code: "CH214",
    title: "format-assertion vocabulary is honoured per contract (warning)",
    help: "The custom meta-schema that `$schema` names uses the 2020-12 format-assertion vocabulary, under which `format` asserts. charter checks formats per contract, by `validation.formats` in charter.config.yaml, not per document: the formats of this document are checked where that setting is `assert` for the contract, and not under `dialect` (the default) or `annotate`. Set `validation.formats: assert` for the contracts that use this document (under `validation.contracts`, by name or folder); the warning stays, as charter cannot tell at this stage which setting each contract has.",
  },
} satisfies CodeTable;

declare module "../../core/diagnostic.js" {
  interface CodeTables {
    resolve: typeof RESOLVE_CODES;
  }
}
