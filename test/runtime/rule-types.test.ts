import { writeFileSync } from "node:fs";
import path from "node:path";
import { Project, ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { generateImportable } from "../helpers/generate-importable.js";
import { STRICT_CLIENT_OPTIONS, TRIP_SOURCE } from "../helpers/client-programs.js";

// Two contracts with rules (one with two), one without.
const SOURCES = {
  "src/trip.yaml": TRIP_SOURCE,
  "src/route.yaml": `
type: array
items: { type: string }
x-charter-rules:
  no-loops: No place is visited twice.
`,
  "src/plain.yaml": "type: string\n",
};

const HEADER = [
  'import { bindContracts, type Registry } from "charter-runtime";',
  'import { registry } from "./out/validators/index.js";',
  "const endAfterStart = (trip: { start: number; end: number }) => trip.end > trip.start;",
  "const inOrder = () => true;",
  "const noLoops = (route: string[]) => new Set(route).size === route.length;",
  "",
].join("\n");

/**
 * Type-checks each client (a module binding the generated tree of SOURCES) as a
 * client's strict build would, and returns each one's compiler messages.
 */
async function messagesOf(clients: Record<string, string>): Promise<Record<string, string[]>> {
  const { dir, result } = await generateImportable(SOURCES);
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const project = new Project({
    compilerOptions: STRICT_CLIENT_OPTIONS,
  });
  for (const [name, body] of Object.entries(clients)) {
    const file = path.join(dir, `${name}.ts`);
    writeFileSync(file, `${HEADER}${body}\n`);
    project.addSourceFileAtPath(file);
  }
  project.resolveSourceFileDependencies();
  const messages: Record<string, string[]> = Object.fromEntries(Object.keys(clients).map((name) => [name, []]));
  for (const d of project.getPreEmitDiagnostics()) {
    const name = path.basename(d.getSourceFile()?.getFilePath() ?? "", ".ts");
    (messages[name] ??= []).push(
      `TS${d.getCode()}: ${ts.flattenDiagnosticMessageText(d.compilerObject.messageText, " ")}`,
    );
  }
  return messages;
}

describe("the type of bindContracts' rules", () => {
  it(
    "names each missing rule when a registry whose contracts declare rules is bound without any",
    { timeout: 60_000 },
    async () => {
      const messages = await messagesOf({
        noOptions: "bindContracts(registry);",
        oneContract: "bindContracts({ trip: registry.trip, plain: registry.plain });",
        noRules: 'bindContracts(registry, { errors: "first" });',
      });
      const [noOptions] = messages["noOptions"]!;
      expect(messages["noOptions"]).toHaveLength(1);
      expect(noOptions).not.toContain("TS2554");
      for (const rule of ['"route: no-loops"', '"trip: end-after-start"', '"trip: stops-in-order"'])
        expect(noOptions).toContain(rule);
      // Only the contracts bound: route is not among them.
      expect(messages["oneContract"]).toHaveLength(1);
      expect(messages["oneContract"]![0]).toContain('"trip: end-after-start", "trip: stops-in-order"');
      expect(messages["oneContract"]![0]).not.toContain("no-loops");
      expect(messages["noRules"]).toHaveLength(1);
      expect(messages["noRules"]![0]).toMatch(
        /Property 'rules' is missing .* readonly route: \{ readonly "no-loops": Rule<Route>; \}/,
      );
    },
  );

  it("names the missing contract's rules, a missing rule, and a misspelt one", { timeout: 60_000 }, async () => {
    const messages = await messagesOf({
      missingContract:
        'bindContracts(registry, { rules: { trip: { "end-after-start": endAfterStart, "stops-in-order": inOrder } } });',
      missingRule:
        'bindContracts(registry, { rules: { trip: { "end-after-start": endAfterStart }, route: { "no-loops": noLoops } } });',
      misspelt:
        'bindContracts(registry, { rules: { trip: { "end-after-start": endAfterStart, "stops-in-ordr": inOrder }, route: { "no-loops": noLoops } } });',
      undeclared:
        'bindContracts(registry, { rules: { trip: { "end-after-start": endAfterStart, "stops-in-order": inOrder }, route: { "no-loops": noLoops }, plain: {} } });',
    });
    expect(messages["missingContract"]).toHaveLength(1);
    expect(messages["missingContract"]![0]).toMatch(
      /Property '"route"' is missing .* required in type .* readonly route: \{ readonly "no-loops": Rule<Route>; \}/,
    );
    expect(messages["missingRule"]).toEqual([expect.stringMatching(/Property '"stops-in-order"' is missing in type/)]);
    expect(messages["misspelt"]).toEqual([
      expect.stringMatching(
        /'"stops-in-ordr"' does not exist in type '\{ readonly "end-after-start": Rule<Trip>; readonly "stops-in-order": Rule<Trip>; \}'/,
      ),
    ]);
    expect(messages["undeclared"]).toEqual([expect.stringMatching(/'plain' does not exist in type/)]);
  });

  it(
    "accepts every rule registered, rules skipped, and registries without rules, typing each rule's value",
    { timeout: 60_000 },
    async () => {
      const messages = await messagesOf({
        registered: [
          "const runtime = bindContracts(registry, {",
          '  errors: "first",',
          '  rules: { trip: { "end-after-start": (trip) => trip.end > trip.start, "stops-in-order": inOrder }, route: { "no-loops": (route) => route.every((place) => place.length > 0) } },',
          "});",
          'export const checked: Promise<{ start: number; end: number; stops?: number[] }> = runtime.assertValid("trip", {});',
        ].join("\n"),
        // As the typed client does: the registrations are a value of their own.
        separate:
          'const rules = { trip: { "end-after-start": endAfterStart, "stops-in-order": inOrder }, route: { "no-loops": noLoops } } as const;\nbindContracts(registry, { rules });',
        skipped: "bindContracts(registry, { skipRules: true });",
        withoutRules: "bindContracts({ plain: registry.plain });\nbindContracts({ plain: registry.plain }, undefined);",
        untyped:
          "declare const loaded: Registry;\nbindContracts(loaded);\nbindContracts(loaded, { rules: { trip: { anything: () => true } } });",
        generic:
          "export const skipping = <R extends Registry>(registry: R) => bindContracts(registry, { skipRules: true });",
        wrongValue:
          'bindContracts(registry, { rules: { trip: { "end-after-start": (trip) => trip.start.startsWith("1"), "stops-in-order": inOrder }, route: { "no-loops": noLoops } } });',
      });
      const { wrongValue, ...accepted } = messages;
      expect(accepted).toEqual({
        registered: [],
        separate: [],
        skipped: [],
        withoutRules: [],
        untyped: [],
        generic: [],
      });
      expect(wrongValue).toEqual([expect.stringMatching(/Property 'startsWith' does not exist on type 'number'/)]);
    },
  );
});
