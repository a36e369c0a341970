import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const SRC = path.join(REPO, "src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(file) : entry.name.endsWith(".ts") ? [file] : [];
  });
}

describe("the published package", () => {
  it("ships every file outside src/ that the code imports or reads (the CLI's own generated config validator)", () => {
    const { files } = JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as { files: string[] };
    const outside: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, "utf8");
      // Static imports and `new URL("…", import.meta.url)` reads; dist/ mirrors src/, so a path
      // that leaves src/ resolves from dist/ to the same place in the package.
      const specifiers = [...text.matchAll(/from "(\.\.?\/[^"]+)"/g), ...text.matchAll(/new URL\("(\.\.?\/[^"]+)", import\.meta\.url\)/g)].map((m) => m[1]!);
      for (const specifier of specifiers) {
        const target = path.relative(REPO, path.resolve(path.dirname(file), specifier));
        // The package root itself (the code's fingerprint) and package.json are always in the package.
        if (target === "" || target === "src" || target === "package.json" || target.startsWith(`src${path.sep}`)) continue;
        outside.push(target.split(path.sep).join("/"));
      }
    }
    expect(outside).toContain("generated/validators/charter/config.all-errors.js");
    const unshipped = outside.filter((target) => !files.some((entry) => target === entry || target.startsWith(`${entry}/`)));
    expect(unshipped).toEqual([]);
  });
});
