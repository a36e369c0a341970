import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { formatTypeScript, prettierOptions } from "../../src/targets/types/templates.js";

describe("formatTypeScript", () => {
  it("formats generated declarations with the pinned babel-ts parser, as the typescript parser does", async () => {
    const text =
      'export interface A {\na?: string\n"b-c": B[]\n[k: string]: unknown\n}\nexport type B = "x" | `${string}`\n';
    const formatted = await formatTypeScript(text);
    expect(prettierOptions().parser).toBe("babel-ts");
    expect(formatted).toBe(await format(text, { ...prettierOptions(), parser: "typescript" }));
    expect(formatted).toContain('  "b-c": B[];');
  });

  it("gives what babel-ts refuses to the typescript parser instead of failing the module", async () => {
    const text = "type A = asserts x is string;\n";
    await expect(format(text, prettierOptions())).rejects.toThrow();
    expect(await formatTypeScript(text)).toBe(await format(text, { ...prettierOptions(), parser: "typescript" }));
  });
});
