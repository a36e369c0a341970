/**
 * One small project per diagnostic code, run through the real CLI to show in
 * docs/diagnostics.md what a user sees. An example that stops producing its
 * code fails the drift check, so the catalogue cannot promise what charter no
 * longer does.
 */
import type { Code } from "../../src/core/diagnostic.js";

/** A file of the example project: text, or text saved in another encoding. */
export type ExampleFile = string | { text: string; encoding: "latin1"; note: string } | { text: string; shown: string };

export interface RunnableExample {
  /** The project's files, relative to its root. */
  files: Record<string, ExampleFile>;
  /** Commands run first and not shown (a `generate` before a `check`). */
  before?: string[][];
  /** Files changed after `before` and before the command shown; `null` deletes. */
  edit?: Record<string, string | null>;
  /** The command shown, after `charter` (default `generate`). */
  argv?: string[];
}

/** A code no small project can produce, and why. */
export interface NoExample {
  none: string;
}

export type DiagnosticExample = RunnableExample | NoExample;

const PET = "type: object\nrequired: [name]\nproperties:\n  name: { type: string, minLength: 1 }\n";

export const EXAMPLES: Record<Code, DiagnosticExample> = {
  CH001: { files: { "charter.config.yaml": "source: schema-src\nout: [generated\n", "schema-src/pet.yaml": PET } },
  CH002: { files: { "charter.config.yaml": "source: schema-src\noutput: generated\n", "schema-src/pet.yaml": PET } },
  CH003: { files: { "charter.config.yaml": "source: schema-src\ntypeNames: long\n", "schema-src/pet.yaml": PET } },
  CH004: { files: { "charter.config.yaml": "source: schemas\n", "schema-src/pet.yaml": PET } },
  CH005: {
    files: { "charter.config.yaml": "source: schema-src\nout: schema-src/generated\n", "schema-src/pet.yaml": PET },
  },
  CH006: { files: { "schema-src/pet.yaml": PET, "generated/notes.md": "# Notes kept by hand\n" } },
  CH007: {
    files: {
      "charter.config.yaml": "out: build/generated\n",
      build: "a file where a folder should be\n",
      "schema-src/pet.yaml": PET,
    },
  },
  CH008: {
    files: {
      "charter.config.yaml": "out: generated\n",
      generated: "a file, not a folder\n",
      "schema-src/pet.yaml": PET,
    },
  },
  CH009: {
    files: { "schema-src/pet.yaml": PET, "pet.json": '{ "name": "Rex" }\n' },
    argv: ["validate", "pet", "pet.json"],
  },
  CH011: {
    none: "It needs a cache entry damaged after it was written, whose file name is a digest no fixed example can know. It reads `node_modules/.cache/charter: warning CH011 1 cache entry was damaged; removed and computed afresh`; test/cli/threads-and-cache.test.ts makes it happen.",
  },
  CH010: {
    none: "It needs a second run alive while this one writes, which a fixed example cannot hold. It reads `generated: error CH010 another charter run on generated/, pid 4242 still holds the output after 120 s; nothing written`, and the command exits 75; test/cli/output-lock.test.ts makes it happen.",
  },

  CH014: {
    none: "The previous tree must resist deletion after the new one is in place: a folder in it that is read-only to the user, which a project's files alone do not make.",
  },
  CH015: {
    none: "A folder of the output must be unreadable to the user who runs check, which a project's files alone do not make (root reads every folder).",
  },
  CH806: {
    none: "It needs a data file of more than a MiB, too large to show here. `charter validate pet big.json --max-size 1` on one prints `big.json: error CH806 larger than 1 MiB, read no further; --max-size raises the limit`; test/cli/validate-limits.test.ts makes it happen, /dev/zero and an endless standard input included.",
  },
  CH013: { files: { "charter.config.yaml": "source: schemas\n", "schemas/README.md": "# Contracts\n" } },
  CH012: {
    files: {
      "charter.config.yaml": "maxWarnings: 0\n",
      "schema-src/pet.yaml": "type: object\nrequried: [name]\nproperties:\n  name: { type: string, minLength: 1 }\n",
    },
  },

  CH101: {
    none: "The operating system refused to read a source that discovery listed (permissions, or a file removed during the run); no project file alone causes it.",
  },
  CH102: { files: { "schema-src/pet.yaml": "type: object\nproperties:\n  name: { type: string\n" } },
  CH103: {
    files: { "schema-src/pet.yaml": "type: object\nproperties:\n  name: { type: string }\n  name: { type: number }\n" },
  },
  CH104: { files: { "schema-src/pet.yaml": "type: object\nproperties: !include pet-properties.yaml\n" } },
  CH105: {
    files: {
      "schema-src/pet.yaml":
        [
          "a: &a [x, x, x, x, x, x, x, x, x, x]",
          ...Array.from({ length: 8 }, (_, i) => {
            const [name, previous] = [String.fromCharCode(98 + i), String.fromCharCode(97 + i)];
            return `${name}: &${name} [${Array<string>(10).fill(`*${previous}`).join(", ")}]`;
          }),
        ].join("\n") + "\n",
    },
  },
  CH106: { files: { "schema-src/reading.yaml": "type: number\nmaximum: .inf\n" } },
  CH107: { files: { "schema-src/pet.yaml": "type: object\n---\ntype: string\n" } },
  CH108: { files: { "schema-src/pet.yaml": PET, "schema-src/pet.json": '{ "type": "object" }\n' } },
  CH115: { files: { [`schema-src/${"purchase-order-".repeat(16)}v100.yaml`]: PET } },
  CH109: { files: { "schema-src/pet.yaml": "- type: object\n- type: string\n" } },
  CH110: { files: { "schema-src/counter.yaml": "type: integer\nmaximum: 18446744073709551615\n" } },
  CH111: {
    files: {
      "schema-src/deep.yaml": {
        text: "not: " + "[".repeat(600) + "]".repeat(600) + "\n",
        shown: "not: [[[[[[ ... 600 levels ... ]]]]]]\n",
      },
    },
  },
  CH112: {
    files: {
      "schema-src/pet.yaml": "$defs:\n  named: &named { required: [name] }\nallOf:\n  - { <<: *named, type: object }\n",
    },
  },
  CH113: {
    files: {
      "schema-src/pet.yaml": { text: "title: Pet café\ntype: object\n", encoding: "latin1", note: "saved as Latin-1" },
    },
  },
  CH114: { files: { "schema-src/pet.yaml": PET, "schema-src/pets.examples/rex.yaml": "name: Rex\n" } },

  CH201: { files: { "schema-src/pet.yaml": "$schema: https://example.com/my-dialect\ntype: object\n" } },
  CH202: {
    files: { "schema-src/pet.yaml": "type: object\n$defs:\n  name: { $anchor: 'first name', type: string }\n" },
  },
  CH203: {
    files: {
      "schema-src/a.yaml": "$id: https://pets.example/pet\ntype: object\n",
      "schema-src/b.yaml": "$id: https://pets.example/pet\ntype: string\n",
    },
  },
  CH204: { files: { "schema-src/pet.yaml": "type: object\nproperties:\n  owner: { $ref: 42 }\n" } },
  CH205: {
    files: { "schema-src/pet.yaml": "type: object\nproperties:\n  owner: { $ref: ../../people/person.yaml }\n" },
  },
  CH206: {
    files: {
      "schema-src/pet.yaml": "type: object\nproperties:\n  owner: { $ref: 'https://people.example/person.json' }\n",
    },
  },
  CH207: { files: { "schema-src/pet.yaml": "type: object\nproperties:\n  owner: { $ref: person.yaml }\n" } },
  CH208: {
    files: {
      "schema-src/pet.yaml":
        "type: object\nproperties:\n  name: { $ref: '#/$defs/nmae' }\n$defs:\n  name: { type: string }\n",
    },
  },
  CH209: {
    files: {
      "charter.config.yaml": "catalog:\n  https://people.example/: vendor/people\n",
      "schema-src/pet.yaml": "type: object\nproperties:\n  owner: { $ref: 'https://people.example/person.json' }\n",
      "vendor/people/person.json": '{ "type": "object", }\n',
    },
  },
  CH210: {
    files: {
      "schema-src/pet.yaml":
        "x-charter-shared: { type: string }\nproperties:\n  name: { $ref: '#/x-charter-shared' }\n",
    },
  },
  CH211: {
    files: {
      "charter.config.yaml": "catalog:\n  https://people.example/: vendor/people\n",
      "schema-src/pet.yaml": "type: object\nproperties:\n  owner: { $ref: 'https://people.example/person.json' }\n",
      "schema-src/legacy/pet.json":
        '{\n  "$schema": "http://json-schema.org/draft-07/schema#",\n  "properties": { "owner": { "$ref": "https://people.example/person.json" } }\n}\n',
      "vendor/people/person.json":
        '{ "$ref": "#/definitions/name", "maxLength": 40, "definitions": { "name": { "type": "string" } } }\n',
    },
  },
  CH212: {
    files: {
      "charter.config.yaml": "catalog:\n  https://pets.example/meta/: meta\n",
      "schema-src/pet.yaml": "$schema: https://pets.example/meta/units.json\ntype: object\n",
      "meta/units.json":
        '{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "$id": "https://pets.example/meta/units.json",\n  "$vocabulary": {\n    "https://json-schema.org/draft/2020-12/vocab/core": true,\n    "https://json-schema.org/draft/2020-12/vocab/validation": true,\n    "https://pets.example/vocab/units": true\n  }\n}\n',
    },
  },
  CH213: {
    files: {
      "charter.config.yaml": "catalog:\n  https://pets.example/meta/: meta\n",
      "schema-src/pet.yaml":
        "$schema: https://pets.example/meta/loose.json\ntype: object\nproperties:\n  age: { type: integer, minimum: 0 }\n",
      "meta/loose.json":
        '{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "$id": "https://pets.example/meta/loose.json",\n  "$vocabulary": {\n    "https://json-schema.org/draft/2020-12/vocab/core": true,\n    "https://json-schema.org/draft/2020-12/vocab/applicator": true\n  }\n}\n',
    },
  },
  CH214: {
    files: {
      "charter.config.yaml": "catalog:\n  https://pets.example/meta/: meta\n",
      "schema-src/pet.yaml":
        "$schema: https://pets.example/meta/formats.json\ntype: object\nproperties:\n  email: { type: string, format: email }\n",
      "meta/formats.json":
        '{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "$id": "https://pets.example/meta/formats.json",\n  "$vocabulary": {\n    "https://json-schema.org/draft/2020-12/vocab/core": true,\n    "https://json-schema.org/draft/2020-12/vocab/applicator": true,\n    "https://json-schema.org/draft/2020-12/vocab/validation": true,\n    "https://json-schema.org/draft/2020-12/vocab/format-assertion": true\n  }\n}\n',
    },
  },

  CH301: {
    files: {
      "schema-src/booking.yaml":
        "type: object\nx-charter-rules:\n  End after start: The end must be later than the start.\n",
    },
  },
  CH302: {
    files: {
      "schema-src/booking.yaml":
        "type: object\nproperties:\n  slot:\n    type: object\n    x-charter-rules:\n      end-after-start: The end must be later than the start.\n",
    },
  },
  CH303: { files: { "schema-src/pet.yaml": PET + "x-charter-counterexamples:\n  - value: { name: '' }\n" } },
  CH304: { files: { "schema-src/pet.yaml": "type: object\nrequired: name\nproperties:\n  name: { type: string }\n" } },
  CH305: { files: { "schema-src/pet.yaml": PET + "x-charter-rule:\n  named: A pet has a name.\n" } },
  CH306: {
    files: {
      "schema-src/pet.yaml":
        "$ref: '#/$defs/animal'\n$defs:\n  animal: { $ref: '#/$defs/pet' }\n  pet: { $ref: '#/$defs/animal' }\n",
    },
  },
  CH307: { files: { "schema-src/pet.yaml": PET + "x-charter-ignore: [CH102]\n" } },
  CH308: { files: { "schema-src/pet.yaml": "x-charter-version: v2\n" + PET } },
  CH309: {
    files: {
      "schema-src/pet.yaml": PET + "$defs:\n  breed:\n    anyOf:\n      - $ref: breeds.yaml\n      - type: string\n",
    },
  },
  CH310: {
    files: {
      "schema-src/pet.yaml": "$defs:\n  pet:\n    type: object\n    properties:\n      name: { type: string }\n",
    },
  },
  CH311: {
    files: {
      "schema-src/pet.yaml":
        "type: object\nrequired: [name, age]\nproperties:\n  name: { type: string, minLength: 1 }\nadditionalProperties: false\n",
    },
  },
  CH312: {
    files: {
      "schema-src/pet.yaml": "type: object\nrequried: [name]\nproperties:\n  name: { type: string, minLength: 1 }\n",
    },
  },
  CH313: {
    files: {
      "schema-src/pet.yaml":
        "type: object\nproperties:\n  name: { $ref: '#/definitions/name' }\ndefinitions:\n  name: { type: string }\n",
    },
  },
  CH314: { files: { "schema-src/pet.yaml": PET + "if: { properties: { name: { const: Rex } } }\n" } },
  CH315: {
    files: { "schema-src/pet.yaml": "type: object\nproperties:\n  age: { type: integer, minimum: 30, maximum: 3 }\n" },
  },
  CH316: {
    files: {
      "schema-src/pet.yaml":
        "type: object\nproperties:\n  name:\n    type: string\n    $defs:\n      nickname: { type: string }\n",
    },
  },
  CH317: { files: { "schema-src/pet.yaml": "type: object\nproperties:\n  name: { type: string, pattern: '[A-Z' }\n" } },
  CH318: {
    files: { "schema-src/pet.yaml": "type: object\nproperties:\n  name: { type: string, pattern: '^(a+)+$' }\n" },
  },
  CH319: {
    files: {
      "schema-src/pet.yaml":
        "type: object\nrequired: [name]\nproperties:\n  name: { type: string, description: The pet's name (required). }\n",
    },
  },

  CH320: {
    files: {
      "charter.config.yaml": "validation:\n  strictness: strict\n",
      "schema-src/pet.yaml": PET + "fooBar: 1\n",
    },
  },
  CH402: {
    files: {
      "schema-src/pet.yaml": "type: object\nproperties:\n  owner: { $ref: owner.yaml }\n",
      "schema-src/owner.yaml": "type: object\nproperties:\n  name: { $ref: '#/$defs/missing' }\n",
    },
  },
  CH403: {
    files: {
      "charter.config.yaml": "baseUri: 'urn:pets:'\n",
      "schema-src/pet.yaml":
        "type: object\nproperties:\n  tag: { $ref: tag.json }\n$defs:\n  tag: { $id: tag.json, type: string }\n",
    },
  },
  CH404: {
    files: {
      "schema-src/pet.yaml":
        "properties:\n  owner: { $ref: owner.yaml }\n$defs:\n  person: { $id: owner.schema.json, type: string }\n",
      "schema-src/owner.yaml": "type: object\n",
    },
  },
  CH405: {
    files: {
      "schema-src/lists.yaml": {
        text: listsOfEveryKind(1002),
        shown:
          'anyOf:\n  - $ref: of0.json\n  # ... of1.json to of1000.json alike ...\n  - $ref: of1001.json\n$defs:\n  list:\n    $id: list.json\n    type: array\n    items: { $dynamicRef: "#item" }\n    $defs: { anything: { $dynamicAnchor: item } }\n' +
          "  of0: { $id: of0.json, $ref: list.json, $defs: { item: { $dynamicAnchor: item, const: 0 } } }\n  # ... of1 to of1001 alike ...\n",
      },
    },
  },

  CH501: {
    files: { "schema-src/pet.yaml": PET },
    before: [["generate"]],
    edit: { "generated/schemas/pet.schema.json": null },
    argv: ["check"],
  },
  CH502: {
    files: { "schema-src/pet.yaml": PET },
    before: [["generate"]],
    edit: { "generated/types/pet.ts": "export interface Pet {\n  name: string;\n}\n" },
    argv: ["check"],
  },
  CH503: {
    files: { "schema-src/pet.yaml": PET },
    before: [["generate"]],
    edit: { "generated/schemas/old.schema.json": "{}\n" },
    argv: ["check"],
  },

  CH601: {
    files: {
      "charter.config.yaml": "typeNames:\n  clashes: error\n",
      "schema-src/pet.yaml": "type: object\n$defs:\n  tag: { type: string }\n",
      "schema-src/wild.yaml": "type: object\n$defs:\n  tag: { type: integer }\n",
    },
  },
  CH602: { files: { "schema-src/pet.yaml": PET + "x-charter-name: pet-record\n" } },
  CH603: {
    none: "json-schema-to-typescript failed on a schema that charter's repairs do not yet cover. Every failure found so far has a repair, so no small project reproduces it; report the contract if you meet it.",
  },
  CH604: { none: "Follows CH603: a contract whose types import from a contract that failed with CH603." },
  CH605: {
    files: {
      "schema-src/pet.yaml":
        "type: object\nproperties:\n  age: { type: integer }\nexamples:\n  - { age: 3 }\n  - { age: three }\n",
    },
  },
  CH606: {
    none: "The generated types do not compile: a defect of charter (a missing repair), so no example is known to reproduce it; report the contract if you meet it.",
  },
  CH608: {
    files: {
      "schema-src/pet.yaml": "type: object\n$defs:\n  tag: { type: string }\n",
      "schema-src/wild.yaml": "type: object\n$defs:\n  tag: { type: integer }\n",
    },
  },
  CH620: {
    files: {
      "charter.config.yaml": "targets:\n  python:\n    package: pets\n    rules: python/rules.py\n",
      "schema-src/pet.yaml": `${PET}x-charter-rules:\n  name-is-trimmed: The name has no space at either end.\n`,
      "python/rules.py": "# The hooks of the pets' declared rules.\n",
    },
  },
  CH621: {
    files: {
      "charter.config.yaml": "targets:\n  python:\n    package: pets\n    rules: python/rules.py\n",
      "schema-src/pet.yaml": `${PET}x-charter-rules:\n  name-is-trimmed: The name has no space at either end.\n`,
      "python/rules.py":
        'from pets.rules import rule\n\n\n@rule("pet", "name-is-trimmed")\ndef trimmed(pet: object) -> bool:\n    return True\n\n\n@rule("pet", "name-is-short")\ndef short(pet: object) -> bool:\n    return True\n',
    },
  },

  CH701: {
    files: {
      "schema-src/pet.yaml":
        "$schema: http://json-schema.org/draft-07/schema#\ntype: object\nproperties:\n  chip: { type: string, format: microchip-id }\n",
    },
  },
  CH702: {
    none: "Its one known cause, an object of more than about 30,000 properties (one function JavaScript cannot compile), takes minutes and gigabytes to show. It reads `schema-src/wide.yaml:1:1: error CH702 the validator overflowed its stack on {}: one schema applies 35000 subschemas, and from about 30000 JavaScript cannot compile the function ajv writes for it; ...`; `npm run test:scale` makes it happen. (`$dynamicRef` under `unevaluatedProperties`, which ajv alone overflows on, compiles since charter resolves dynamic scopes itself.)",
  },
  CH703: {
    files: {
      "charter.config.yaml": "validation:\n  formats: assert\n  unknownFormats: refuse\n",
      "schema-src/pet.yaml": "type: object\nproperties:\n  chip: { type: string, format: microchip-id }\n",
    },
  },
  CH704: {
    files: {
      "charter.config.yaml": "validation:\n  strictness: strict\n",
      "schema-src/pet.yaml": "properties:\n  name: { minLength: 1 }\n",
    },
  },
  CH705: { files: { "schema-src/pet.yaml": PET + "examples:\n  - { name: Rex }\n  - { name: '' }\n" } },
  CH706: {
    files: {
      "schema-src/pet.yaml":
        "type: object\nrequired: [name]\nproperties:\n  name: { type: string }\nx-charter-counterexamples:\n  - value: { name: '' }\n    error: { keyword: minLength, pointer: /name }\n",
    },
  },
  CH707: {
    files: {
      "schema-src/pet.yaml":
        PET + "x-charter-counterexamples:\n  - value: { name: 7 }\n    error: { keyword: minLength, pointer: /name }\n",
    },
  },
  CH708: {
    files: {
      "charter.config.yaml": "source: schema-src\nvalidation:\n  patterns: linear\n",
      "schema-src/account.yaml":
        "type: object\nproperties:\n  password: { type: string, pattern: '^(?=.*[0-9]).{8,}$' }\n",
    },
  },
  CH709: { files: { "schema-src/pet.yaml": "$async: true\ntype: object\nproperties:\n  name: { type: string }\n" } },

  CH801: {
    files: { "schema-src/pet.yaml": PET, "rex.yaml": "name: ''\n" },
    before: [["generate"]],
    argv: ["validate", "pet", "rex.yaml"],
  },
  CH802: { files: { "schema-src/pet.yaml": PET }, before: [["generate"]], argv: ["validate", "pet", "rex.yaml"] },
  CH803: {
    files: {
      "schema-src/booking.yaml":
        "type: object\nx-charter-rules:\n  end-after-start: The end must be later than the start.\n",
      "booking.yaml": "{}\n",
    },
    before: [["generate"]],
    argv: ["validate", "booking", "booking.yaml"],
  },
  CH804: {
    // A recursive contract: data deeper than the depth limit (here lowered to 5) is not judged.
    files: { "schema-src/tree.yaml": "type: array\nitems: { $ref: '#' }\n", "deep.json": "[[[[[[[[]]]]]]]]\n" },
    before: [["generate"]],
    argv: ["validate", "tree", "deep.json", "--max-depth", "5"],
  },
  CH805: {
    files: {
      "schema-src/account.yaml":
        "type: object\nproperties:\n  password: { type: string, pattern: '^(?=.*[0-9]).{8,}$' }\n",
      "account.json": '{ "password": "secret12" }\n',
    },
    before: [["generate"]],
    argv: ["validate", "account", "account.json"],
  },
  CH901: {
    files: { "schema-src/pet.yaml": PET },
    before: [["generate"]],
    edit: { "schema-src/pet.yaml": PET.replace("required: [name]", "required: [name, age]") },
    argv: ["diff", "--base-dir", "generated"],
  },
  CH902: {
    files: { "charter.config.yaml": "version: 1.4.0\n", "schema-src/pet.yaml": PET },
    before: [["generate"]],
    edit: {
      "charter.config.yaml": "version: 1.5.0\n",
      "schema-src/pet.yaml": PET.replace("required: [name]", "required: [name, age]"),
    },
    argv: ["diff", "--base-dir", "generated"],
  },
  CH903: { files: { "schema-src/pet.yaml": PET }, argv: ["diff", "--base", "main"] },
  CH904: {
    files: { "schema-src/pet.yaml": PET },
    before: [["generate"]],
    edit: { "schema-src/pet.yaml": PET + "  nickname: { type: string }\n" },
    argv: ["diff", "--base-dir", "generated"],
  },
};

/** A generic list and `count` users, each binding its item schema differently: one copy of the list per user. */
function listsOfEveryKind(count: number): string {
  const users = Array.from({ length: count }, (_, i) => i);
  return [
    "anyOf:",
    ...users.map((i) => `  - $ref: of${i}.json`),
    "$defs:",
    "  list:",
    "    $id: list.json",
    "    type: array",
    '    items: { $dynamicRef: "#item" }',
    "    $defs: { anything: { $dynamicAnchor: item } }",
    ...users.map(
      (i) => `  of${i}: { $id: of${i}.json, $ref: list.json, $defs: { item: { $dynamicAnchor: item, const: ${i} } } }`,
    ),
    "",
  ].join("\n");
}
