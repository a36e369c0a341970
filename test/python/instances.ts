import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

/** One instance a contract declares: an example (valid by its author's word) or a counterexample. */
export interface DeclaredInstance {
  contract: string;
  value: unknown;
  declared: "example" | "counterexample";
}

/** Every example and counterexample of the sources under `root`: in the sources and in `*.examples`/`*.counterexamples` folders. */
export function declaredInstances(root: string): DeclaredInstance[] {
  const found: DeclaredInstance[] = [];
  for (const file of yamlFiles(root)) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    const folder = /^(.*)\.(examples|counterexamples)\/[^/]+\.ya?ml$/.exec(relative);
    const document = parse(readFileSync(file, "utf8")) as unknown;
    if (folder !== null) {
      const counter = folder[2] === "counterexamples";
      const value = counter ? (document as { value: unknown }).value : document;
      found.push({ contract: folder[1]!, value, declared: counter ? "counterexample" : "example" });
      continue;
    }
    if (typeof document !== "object" || document === null) continue;
    const contract = relative.replace(/\.ya?ml$/, "");
    const schema = document as Record<string, unknown>;
    for (const value of Array.isArray(schema["examples"]) ? schema["examples"] : [])
      found.push({ contract, value, declared: "example" });
    const counter = schema["x-charter-counterexamples"];
    for (const entry of Array.isArray(counter) ? (counter as { value: unknown }[]) : [])
      found.push({ contract, value: entry.value, declared: "counterexample" });
  }
  return found;
}

function yamlFiles(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((entry) => {
      const full = path.join(folder, entry);
      if (statSync(full).isDirectory()) return yamlFiles(full);
      return /\.ya?ml$/.test(entry) ? [full] : [];
    });
}
