/**
 * The keys a `patternProperties` pattern matches, when they are few and
 * spelled out: `^(cdn|Cdn)$`, `^WebOptimizer$`, `^branches(-ignore)?$`,
 * `^[Ww]eb$`. Undefined for any other pattern (an unanchored one, a class
 * like `\d`, a quantifier other than `?`) or past `limit` keys.
 *
 * The pattern must be anchored at both ends with nothing outside the anchors
 * (`^a|b$` is `(^a)|(b$)`, which is not finite), and `$` without the `m` flag
 * matches only at the end of the input, so the keys are exactly the strings
 * the pattern accepts.
 */
export function literalKeys(pattern: string, limit = 64): string[] | undefined {
  if (!pattern.startsWith("^") || !pattern.endsWith("$") || pattern.endsWith("\\$")) return undefined;
  const parser = new Parser(pattern.slice(1, -1), limit);
  const branches = parser.alternatives();
  // A `|` outside any group splits the anchors between branches.
  if (branches === undefined || branches.length !== 1 || !parser.done()) return undefined;
  const keys = parser.sequence(branches[0]!);
  if (keys === undefined) return undefined;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, "u");
  } catch {
    return undefined;
  }
  return keys.every((key) => regex.test(key)) ? [...new Set(keys)] : undefined;
}

/**
 * What every string a pattern matches starts with, when the pattern is anchored at its start and begins
 * with atoms `literalKeys` reads (`^command:[a-z]+$` starts with `command:`; `^https?://` with `http://`
 * or `https://`): each string the pattern matches starts with one of them. Undefined when nothing is known
 * (a prefix may be empty), past `limit` prefixes, or when a `|` outside any group splits the anchor off.
 */
export function literalPrefixes(pattern: string, limit = 16): string[] | undefined {
  if (!pattern.startsWith("^") || hasTopLevelAlternation(pattern)) return undefined;
  const parser = new Parser(pattern.slice(1), limit);
  const prefixes = parser.leadingStrings();
  if (prefixes === undefined || prefixes.some((prefix) => prefix === "")) return undefined;
  try {
    new RegExp(pattern, "u");
  } catch {
    return undefined;
  }
  return [...new Set(prefixes)];
}

/**
 * A TypeScript type of exactly the strings a finite pattern matches, written without listing them when
 * they are many: tsconfig's `^([Cc][Oo][Mm][Mm][Oo][Nn][Jj][Ss]|[Nn][Oo][Nn][Ee])$` becomes
 * `` `${"C" | "c"}${"O" | "o"}...` | `${"N" | "n"}...` ``, which TypeScript expands itself. Undefined for a
 * pattern `literalKeys` cannot read, or one of more than `limit` strings.
 */
export function finitePatternType(pattern: string, limit = 10_000): string | undefined {
  if (!pattern.startsWith("^") || !pattern.endsWith("$") || pattern.endsWith("\\$")) return undefined;
  const parser = new Parser(pattern.slice(1, -1), Number.POSITIVE_INFINITY);
  const branches = parser.alternatives();
  if (branches === undefined || branches.length !== 1 || !parser.done()) return undefined;
  const type = sequenceType(branches[0]!);
  return type.size <= limit ? type.text : undefined;
}

interface TypeText {
  /** As a type (a string literal, a template literal, or a union of them). */
  text: string;
  /** As a template literal's content: literal text, or `${...}`. */
  inTemplate: string;
  /** How many strings it stands for. */
  size: number;
  /** The one string it stands for, when it is a literal. */
  value?: string;
}

function literalType(value: string): TypeText {
  return { text: JSON.stringify(value), inTemplate: templateText(value), size: 1, value };
}

function unionType(members: TypeText[]): TypeText {
  if (members.length === 1) return members[0]!;
  const text = members.map((member) => member.text).join(" | ");
  return { text, inTemplate: `\${${text}}`, size: members.reduce((sum, member) => sum + member.size, 0) };
}

function sequenceType(atoms: Quantified[]): TypeText {
  const parts = atoms.map(({ atom, optional }) => {
    const type =
      "choices" in atom
        ? unionType([...new Set(atom.choices)].map(literalType))
        : unionType(atom.group.map(sequenceType));
    return optional ? unionType([literalType(""), type]) : type;
  });
  if (parts.every((part) => part.value !== undefined)) return literalType(parts.map((part) => part.value).join(""));
  if (parts.length === 1) return parts[0]!;
  const inTemplate = parts.map((part) => part.inTemplate).join("");
  return { text: `\`${inTemplate}\``, inTemplate, size: parts.reduce((product, part) => product * part.size, 1) };
}

function templateText(text: string): string {
  return text.replace(/[\\`]/g, (char) => `\\${char}`).replace(/\$\{/g, "\\${");
}

/** The template literal type of the strings that start with `prefix`: `` `x-${string}` ``. */
export function startsWithType(prefix: string): string {
  return `\`${templateText(prefix)}\${string}\``;
}

/** Whether a `|` stands outside every group and class of a pattern. */
function hasTopLevelAlternation(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === "\\") i += 1;
    else if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "(") depth += 1;
    else if (char === ")") depth -= 1;
    else if (char === "|" && depth === 0) return true;
  }
  return false;
}

/** Characters that mean something in a pattern outside a class. */
const SPECIAL = new Set([..."\\^$.|?*+()[]{}"]);

type Atom = { choices: string[] } | { group: Quantified[][] };
interface Quantified {
  atom: Atom;
  optional: boolean;
}

class Parser {
  private at = 0;
  constructor(
    private readonly source: string,
    private readonly limit: number,
  ) {}

  done(): boolean {
    return this.at === this.source.length;
  }

  /** `seq | seq | ...` up to a `)` or the end; each sequence as its quantified atoms. */
  alternatives(): Quantified[][] | undefined {
    const branches: Quantified[][] = [];
    let current: Quantified[] = [];
    while (this.at < this.source.length && this.source[this.at] !== ")") {
      if (this.source[this.at] === "|") {
        branches.push(current);
        current = [];
        this.at += 1;
        continue;
      }
      const atom = this.atom();
      if (atom === undefined) return undefined;
      const optional = this.source[this.at] === "?";
      if (optional) this.at += 1;
      if (["*", "+", "{", "?"].includes(this.source[this.at] ?? "")) return undefined;
      current.push({ atom, optional });
    }
    branches.push(current);
    return branches;
  }

  private atom(): Atom | undefined {
    const char = this.source[this.at]!;
    if (char === "(") {
      this.at += 1;
      if (this.source.startsWith("?:", this.at)) this.at += 2;
      else if (this.source[this.at] === "?") return undefined; // lookarounds, named groups
      const group = this.alternatives();
      if (group === undefined || this.source[this.at] !== ")") return undefined;
      this.at += 1;
      return { group };
    }
    if (char === "[") return this.characterClass();
    if (char === "\\") {
      const escaped = this.escaped();
      return escaped === undefined ? undefined : { choices: [escaped] };
    }
    if (SPECIAL.has(char)) return undefined;
    this.at += 1;
    return { choices: [char] };
  }

  /** `\.`, `\-`: punctuation taken literally; `\d`, `\w`, `\u0041` and the like are not read. */
  private escaped(): string | undefined {
    const next = this.source[this.at + 1];
    if (next === undefined || /[\p{L}\p{N}_]/u.test(next)) return undefined;
    this.at += 2;
    return next;
  }

  /** `[Cc]`, `[-_]`: literal members only, no ranges or negation. */
  private characterClass(): Atom | undefined {
    this.at += 1;
    if (this.source[this.at] === "^") return undefined;
    const choices: string[] = [];
    while (this.at < this.source.length && this.source[this.at] !== "]") {
      const char = this.source[this.at]!;
      if (char === "\\") {
        const escaped = this.escaped();
        if (escaped === undefined) return undefined;
        choices.push(escaped);
        continue;
      }
      if (char === "[" || (char === "-" && choices.length > 0 && this.source[this.at + 1] !== "]")) return undefined;
      choices.push(char);
      this.at += 1;
    }
    if (this.source[this.at] !== "]" || choices.length === 0) return undefined;
    this.at += 1;
    return { choices };
  }

  /**
   * The strings the leading atoms of a sequence spell, up to the first atom it cannot read or one
   * repeated (`*`, `+`, `{`): what each match starts with.
   */
  leadingStrings(): string[] | undefined {
    const atoms: Quantified[] = [];
    while (!this.done()) {
      const start = this.at;
      const atom = this.source[this.at] === "|" ? undefined : this.atom();
      const next = this.source[this.at] ?? "";
      if (atom === undefined || ["*", "+", "{"].includes(next)) {
        this.at = start;
        break;
      }
      const optional = next === "?";
      if (optional) this.at += this.source[this.at + 1] === "?" ? 2 : 1;
      atoms.push({ atom, optional });
    }
    return this.sequence(atoms);
  }

  /** Every string a sequence of atoms spells, or undefined past the limit. */
  sequence(atoms: Quantified[]): string[] | undefined {
    let strings = [""];
    for (const { atom, optional } of atoms) {
      const options = "choices" in atom ? atom.choices : this.union(atom.group);
      if (options === undefined) return undefined;
      const all = optional ? ["", ...options] : options;
      if (strings.length * all.length > this.limit) return undefined;
      strings = strings.flatMap((prefix) => all.map((option) => prefix + option));
    }
    return strings;
  }

  private union(branches: Quantified[][]): string[] | undefined {
    const strings: string[] = [];
    for (const branch of branches) {
      const spelled = this.sequence(branch);
      if (spelled === undefined || strings.length + spelled.length > this.limit) return undefined;
      strings.push(...spelled);
    }
    return strings;
  }
}
