import path from "node:path";
import { describe, expect, it } from "vitest";
import { RootRelative } from "../../src/cli/cache/root-relative.js";

describe("a cached value's project folder", () => {
  const root = path.join(path.sep, "home", "ana", "shop");
  const elsewhere = path.join(path.sep, "ci", "work", "shop");

  it("is put back as the reading project's folder, and NULs of the value's own stay exactly", () => {
    const value = {
      file: path.join(root, "schema-src", "order.yaml"),
      text: "a\0r b\0\0 c\0",
      nested: [{ at: `${root}${path.sep}x and ${root}${path.sep}y` }, 3, null, true],
    };
    const text = new RootRelative(root).encode(value);
    expect(text).not.toContain(root);
    expect(new RootRelative(root).decode(text)).toEqual(value);
    expect(new RootRelative(elsewhere).decode<typeof value>(text).file).toBe(
      path.join(elsewhere, "schema-src", "order.yaml"),
    );
  });

  it("reads a value without any NUL or folder as plain JSON", () => {
    const value = { code: "export const a = 1;\n", list: ["u0000", "\\u0000r"], n: 1.5 };
    const text = new RootRelative(root).encode(value);
    expect(new RootRelative(elsewhere).decode(text)).toEqual(value);
  });
});
