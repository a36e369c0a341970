/**
 * The generated TypeScript as a reader wants it beside a schema: each exported declaration of a
 * types module (with its JSDoc), and the type text of each member of an object type. The modules
 * are prettier-formatted by the types target, so a declaration starts at column 0 and a member of
 * the first object literal sits two spaces in; reading lines is enough, and no TypeScript
 * compiler is loaded to draw a page.
 */

/** Each exported declaration of a types module, by its name, JSDoc included. */
export function exportedDeclarations(module: string): Map<string, string> {
  const declarations = new Map<string, string>();
  let current: string[] = [];
  const flush = () => {
    const text = current.join("\n").trimEnd();
    const name = /^export (?:type|interface|const|function|enum) ([A-Za-z_$][\w$]*)/m.exec(text)?.[1];
    if (name !== undefined && !declarations.has(name)) declarations.set(name, text);
    current = [];
  };
  const lines = module.split("\n");
  lines.forEach((line, index) => {
    const previous = index > 0 ? lines[index - 1]! : "";
    const startsDoc = line.startsWith("/**");
    const startsExport = line.startsWith("export ") && !previous.startsWith(" */");
    if (startsDoc || startsExport || line.startsWith("import ") || line.startsWith("//")) flush();
    if (!line.startsWith("import ") && !line.startsWith("//")) current.push(line);
  });
  flush();
  return declarations;
}

/** Past this length a member's type is shown folded: the declaration beside it holds the whole. */
const MAX_INLINE_TYPE = 60;

/** The type text of each member of the declaration's first object literal (`name?: Type;`), folded when long. */
export function memberTypes(declaration: string): Map<string, string> {
  const types = new Map<string, string>();
  const lines = declaration.split("\n");
  const open = lines.findIndex((line) =>
    /^export (?:type [\w$]+ = \{|interface [\w$]+(?: extends [^{]+)? \{)$/.test(line),
  );
  if (open < 0) return types;
  for (let i = open + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith("  ")) break;
    const member = /^ {2}(?:readonly )?("(?:[^"\\]|\\.)*"|[\w$]+)\??:(.*)$/.exec(line);
    if (!member) continue;
    const name = member[1]!.startsWith('"') ? (JSON.parse(member[1]!) as string) : member[1]!;
    let text = member[2]!;
    // A member spread over lines (an object literal, a union written one alternative a line) ends
    // at the first line back at its own indentation, a closing bracket there included.
    if (!text.endsWith(";")) {
      while (i + 1 < lines.length) {
        const next = lines[i + 1]!;
        if (/^ {2}\S/.test(next)) {
          if (/^ {2}[}\])>]/.test(next)) text += ` ${lines[++i]!.trim()}`;
          break;
        }
        if (!next.startsWith("   ")) break;
        const part = lines[++i]!.trim();
        if (!part.startsWith("/**") && !part.startsWith("*")) text += ` ${part}`;
      }
    }
    // A union written one alternative a line starts with a `|` TypeScript allows and a reader does not need.
    text = text.replace(/;$/, "").replace(/\s+/g, " ").trim().replace(/^\| /, "");
    types.set(name, text.length > MAX_INLINE_TYPE ? `${text.slice(0, MAX_INLINE_TYPE - 1)}…` : text);
  }
  return types;
}

/**
 * The TypeScript name of each registry key (`agent/result`, `agent/result#/$defs/outcome`), from
 * the registry's declarations (`readonly "agent/result": RegistryEntry<AgentResult, ...>`).
 */
export function registryTypeNames(registryDeclarations: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of registryDeclarations.matchAll(/readonly ("(?:[^"\\]|\\.)*"): RegistryEntry<([\w$]+)/g))
    names.set(JSON.parse(match[1]!) as string, match[2]!);
  return names;
}
