/** Words Python reserves: no member, module or type may be spelled so. */
const KEYWORDS = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except finally for from " +
    "global if import in is lambda nonlocal not or pass raise return try while with yield"
  ).split(" "),
);

/** Attributes of pydantic's BaseModel (2.x) that a field would shadow: such members are renamed and aliased. */
const MODEL_ATTRIBUTES = new Set(
  (
    "construct copy dict from_orm json parse_file parse_obj parse_raw schema schema_json update_forward_refs " +
    "validate model_config model_extra model_fields model_fields_set model_computed_fields"
  ).split(" "),
);

/** Names a model's class body calls as it runs (`= Field(...)`, `model_config = ConfigDict(...)`): no field may shadow them. */
const CLASS_BODY = new Set(["Field", "ConfigDict"]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A Python identifier for `text`: other characters become `_`, a leading digit or a keyword gets one more `_`. */
export function pythonIdentifier(text: string): string {
  let name = text.replace(/[^A-Za-z0-9_]/g, "_");
  if (name === "" || /^[0-9]/.test(name)) name = `_${name}`;
  return KEYWORDS.has(name) ? `${name}_` : name;
}

/**
 * The attribute each member of an object gets, in the order given: its name when Python and
 * pydantic take it as it is; else a spelling that does, made unique, and read from the JSON
 * key through an alias. Names starting with `_` or `model_` are private or pydantic's own;
 * `reserved` are the names the class's annotations use, which a field would shadow.
 */
export function fieldNames(members: readonly string[], reserved: ReadonlySet<string> = new Set()): Map<string, string> {
  // A class attribute named like a name its annotations use would shadow it there (`list: list[str]`).
  const plain = (member: string) => isPlainField(member) && !reserved.has(member) && !CLASS_BODY.has(member);
  const taken = new Set([...members.filter(plain), ...reserved]);
  const names = new Map<string, string>();
  for (const member of members) {
    if (plain(member)) {
      names.set(member, member);
      continue;
    }
    // A trailing `_` keeps it apart from every plain name; a keyword with one is none.
    const spelled =
      member
        .replace(/[^A-Za-z0-9_]/g, "_")
        .replace(/^_+/, "")
        .replace(/^model_/, "") || "member";
    const base = /^[0-9]/.test(spelled) ? `f_${spelled}_` : `${spelled}_`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    names.set(member, name);
  }
  return names;
}

function isPlainField(name: string): boolean {
  return (
    IDENTIFIER.test(name) &&
    !KEYWORDS.has(name) &&
    !MODEL_ATTRIBUTES.has(name) &&
    !name.startsWith("_") &&
    !name.startsWith("model_")
  );
}

/**
 * The module path of a contract inside the package, segments made identifiers
 * (`agent/result` → `agent.result`, `tool-1.0/x` → `tool_1_0.x`). Distinct
 * contracts whose spellings meet are numbered in the order given.
 */
export function modulePaths(contracts: readonly string[]): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  const segmentsOf = (contract: string) =>
    contract
      .split("/")
      .map(pythonIdentifier)
      .map((segment, index) => (index === 0 ? (RESERVED_MODULES.get(segment) ?? segment) : unreserved(segment)));
  // A folder of contracts is a package: a contract of the same path takes another module name.
  const taken = new Set(
    contracts.flatMap((c) => {
      const segments = segmentsOf(c);
      return segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join("."));
    }),
  );
  for (const contract of contracts) {
    const segments = segmentsOf(contract);
    const last = segments.length - 1;
    const stem = segments[last]!;
    for (let n = 2; taken.has(segments.join(".")); n++) segments[last] = `${stem}_${n}`;
    taken.add(segments.join("."));
    paths.set(contract, segments);
  }
  return paths;
}

/** The package's own modules and folders at its top: a contract (or folder) of that name takes another. */
const RESERVED_MODULES = new Map(
  ["rules", "_contract", "_checks", "_ecma", "_hooks", "_numbers", "_schemas", "__init__"].map((name) => [
    name,
    `${name}_contracts`,
  ]),
);

/** `__init__` names a folder's own module at every level: a contract so named is spelled `__init___`. */
function unreserved(segment: string): string {
  return segment === "__init__" ? "__init___" : segment;
}

/** A Python string literal for `text`: JSON's escapes are Python's. */
export function pythonString(text: string): string {
  return JSON.stringify(text);
}

/** Text as a docstring body: backslashes and quotes escaped, so no text can end the string. */
export function docstring(text: string, indent: string): string {
  const body = text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\r\n?/g, "\n");
  const lines = body.split("\n").map((line, index) => (index === 0 || line === "" ? line : indent + line));
  return `${indent}"""${lines.join("\n")}"""`;
}
