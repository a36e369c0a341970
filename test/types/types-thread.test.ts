import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { checkTypes } from "../../src/targets/types/check-types.js";
import { startTypesThread, TYPES_THREAD_CONTRACTS, type TypesThread } from "../../src/targets/types/types-thread.js";
import { tempTree } from "../helpers/temp-tree.js";

/** Contracts that share types, a repair, and examples that do not fit their types (CH605). */
const SOURCES = {
  "src/agent/envelope.yaml":
    "type: object\nrequired: [id]\nproperties:\n  id: {$ref: '../common/ids.yaml#/$defs/uuid'}\n  outcome: {enum: [succeeded, failed]}\n  size: {$ref: '../item.yaml#/$defs/size'}\n",
  "src/common/ids.yaml": "type: array\nitems: {$ref: '#/$defs/uuid'}\n$defs:\n  uuid: {type: string, format: uuid}\n",
  "src/item.yaml":
    "type: object\nrequired: [id]\nproperties: {id: {type: string}, tags: {type: array, readOnly: true, items: {type: string}}}\nexamples:\n  - {id: a}\n  - {id: 7}\n$defs:\n  size:\n    enum: [s, m]\n    examples: [s, xl]\n",
};

/** The thread, with a count of what it was asked and of the most modules asked and not yet answered. */
function counted(thread: TypesThread): { work: TypesThread; asked: Record<string, number>; mostWaiting: () => number } {
  const asked: Record<string, number> = { generate: 0, check: 0, format: 0, close: 0 };
  let waiting = 0;
  let most = 0;
  return {
    asked,
    mostWaiting: () => most,
    work: {
      elsewhere: thread.elsewhere,
      generate: (task) => {
        asked["generate"]!++;
        most = Math.max(most, ++waiting);
        return thread.generate(task).finally(() => waiting--);
      },
      check: (batch) => (asked["check"]!++, thread.check(batch)),
      format: (text) => (asked["format"]!++, thread.format(text)),
      close: () => (asked["close"]!++, thread.close()),
    },
  };
}

/** compile's options for the sources under `dir`/src. */
function optionsIn(dir: string) {
  return { sourceDir: path.join(dir, "src"), outDir: path.join(dir, "out"), baseUri: "https://t.test/", catalog: [] };
}

describe("the types' own thread", () => {
  it("makes the same modules, barrel and findings as this thread", async () => {
    const dir = tempTree(SOURCES);
    const options = optionsIn(dir);
    const here = await compile(options);
    const thread = startTypesThread(2)!;
    try {
      const { work, asked, mostWaiting } = counted(thread);
      const there = await compile({ ...options, typesThread: work });
      expect(asked).toEqual({ generate: 3, check: 1, format: 1, close: 0 });
      // Every module asked at once: the thread never waits for this one to ask for the next.
      expect(mostWaiting()).toBe(3);
      expect([...there.files.keys()]).toEqual([...here.files.keys()]);
      for (const [file, text] of here.files) expect(there.files.get(file), file).toBe(text);
      expect(there.diagnostics).toEqual(here.diagnostics);
      // The thread's type check found them: each example of the wrong type, beside the schema's own finding.
      expect(here.diagnostics.map((d) => d.code)).toEqual(["CH605", "CH705", "CH605", "CH705"]);
    } finally {
      await thread.close();
    }
  });

  it("is closed at once, the types made on this thread, when the run has more contracts to make than it takes", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i <= TYPES_THREAD_CONTRACTS; i++)
      files[`src/c${i}.yaml`] = `type: object\nproperties:\n  n${i}: {type: integer}\n`;
    const dir = tempTree(files);
    const options = optionsIn(dir);
    const thread = startTypesThread(2)!;
    const { work, asked } = counted(thread);
    const there = await compile({ ...options, typesThread: work });
    expect(asked).toEqual({ generate: 0, check: 0, format: 0, close: 1 });
    expect(there.files).toEqual((await compile(options)).files);
  });

  it("checks with this thread's stack: a module the checker cannot get through is reported alike", async () => {
    // Too long a chain for the checker on a default stack; a worker's default (4 MB) would get through it.
    const chain =
      Array.from({ length: 2_000 }, (_, i) => `export type D${i} = D${i + 1};`).join("\n") +
      "\nexport type D2000 = string;\nexport const x: D0 = 'a';\n";
    const modules = new Map([["chain", { text: chain, imports: [] }]]);
    const thread = startTypesThread(2)!;
    try {
      const there = await checkTypes(modules, [], undefined, undefined, thread.check);
      expect(there).toEqual(await checkTypes(modules, []));
      expect(there.diagnostics[0]!.message).toContain("TypeScript's checker ran out of call stack");
    } finally {
      await thread.close();
    }
  });

  it("is not started where one thread is all the run may use, and answers in this thread once closed", async () => {
    expect(startTypesThread(1)).toBeUndefined();
    const thread = startTypesThread(2)!;
    await thread.close();
    expect(await thread.format("export   type A=string")).toBe("export type A = string;\n");
  });
});
