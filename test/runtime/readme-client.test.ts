import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Project, ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { generateImportable } from "../helpers/generate-importable.js";
import { STRICT_CLIENT_OPTIONS } from "../helpers/client-programs.js";
import { DEFAULT_VALIDATION } from "../../src/settings/validation.js";

// The runtime's reference page, which moved out of the README; the test keeps its name.
const PAGE = readFileSync(new URL("../../docs/runtime.md", import.meta.url), "utf8");

// The contracts the page's client is written against: this repository's own agent family.
const AGENT = Object.fromEntries(
  readdirSync(new URL("../../schema-src/agent/", import.meta.url))
    .filter((file) => file.endsWith(".yaml"))
    .map((file) => [
      `src/agent/${file}`,
      readFileSync(new URL(`../../schema-src/agent/${file}`, import.meta.url), "utf8"),
    ]),
);

// As this repository's charter.config.yaml says: its counterexamples rely on asserted formats.
const REPOSITORY_VALIDATION = {
  defaults: { ...DEFAULT_VALIDATION.defaults, formats: "assert", unknownFormats: "refuse", strictness: "strict" },
  contracts: new Map(),
} as const;

/** The typed client of docs/runtime.md: the page's first TypeScript block. */
function runtimePageClient(): string {
  const block = /```ts\n([\s\S]*?)```/.exec(PAGE);
  if (!block) throw new Error("docs/runtime.md has no typed client example");
  return block[1]!;
}

/** Type-checks a client beside a generated tree under the strict flags charter's users are told to use. */
async function typeErrors(client: string): Promise<string[]> {
  const { dir, result } = await generateImportable(AGENT, { typeCheck: true, validation: REPOSITORY_VALIDATION });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const file = path.join(dir, "client.ts");
  const preamble =
    "declare const text: string;\ndeclare const data: unknown;\ndeclare function store(digest: string, errors: readonly unknown[]): void;\n";
  writeFileSync(file, preamble + client.replaceAll("./generated/", "./out/"));
  const project = new Project({
    compilerOptions: STRICT_CLIENT_OPTIONS,
  });
  project.addSourceFileAtPath(file);
  project.resolveSourceFileDependencies();
  return project
    .getPreEmitDiagnostics()
    .map(
      (d) =>
        `${path.basename(d.getSourceFile()?.getFilePath() ?? "")}:${d.getLineNumber()}: ${ts.flattenDiagnosticMessageText(d.compilerObject.messageText, " ")}`,
    );
}

describe("the typed client in docs/runtime.md", () => {
  it("compiles under strict flags against a generated tree", { timeout: 60_000 }, async () => {
    expect(await typeErrors(runtimePageClient())).toEqual([]);
  });

  it("would not compile without its rule, or with a misspelt contract", { timeout: 60_000 }, async () => {
    const client = runtimePageClient();
    const withoutRule = client.replace(/\{\n {2}rules: [\s\S]*?\n\}\);/, "{ rules: {} });");
    expect(withoutRule).not.toBe(client);
    expect((await typeErrors(withoutRule)).join("\n")).toMatch(/agent\/result/);
    expect(
      (await typeErrors(client.replace('contracts.validate("agent/result"', 'contracts.validate("agent/resul"'))).join(
        "\n",
      ),
    ).toMatch(/agent\/resul"/);
  });
});
