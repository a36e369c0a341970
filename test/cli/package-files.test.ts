import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv, copyCheckout } from "../helpers/checkout-copy.js";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const SRC = path.join(REPO, "src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(file) : entry.name.endsWith(".ts") ? [file] : [];
  });
}

/** A package-relative POSIX path resolved from `from` (a file in the package); outside the package starts with "../". */
function resolveIn(from: string, target: string): string {
  return target.startsWith("/")
    ? path.posix.normalize(target.slice(1))
    : path.posix.normalize(path.posix.join(path.posix.dirname(from), target));
}

/** The relative link targets of a Markdown text (inline links and images, reference definitions, HTML href and src), code left out. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^[ \t]*(`{3,}|~{3,})[\s\S]*?^[ \t]*\1/gm, "").replace(/`[^`\n]*`/g, "");
  const targets = [
    ...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
    ...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm),
    ...prose.matchAll(/\b(?:href|src)="([^"]+)"/g),
  ].map((m) => m[1]!);
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("//"))
    .map((target) => decodeURI(target.split("#")[0]!.split("?")[0]!))
    .filter((target) => target !== "");
}

describe("the published package", () => {
  it("ships every file outside src/ that the code imports or reads (the CLI's own generated config validator)", () => {
    const { files } = JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as { files: string[] };
    const outside: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, "utf8");
      // Static imports and `new URL("…", import.meta.url)` reads; dist/ mirrors src/, so a path
      // that leaves src/ resolves from dist/ to the same place in the package.
      const specifiers = [
        ...text.matchAll(/from "(\.\.?\/[^"]+)"/g),
        ...text.matchAll(/new URL\("(\.\.?\/[^"]+)", import\.meta\.url\)/g),
      ].map((m) => m[1]!);
      for (const specifier of specifiers) {
        const target = path.relative(REPO, path.resolve(path.dirname(file), specifier));
        // The package root itself (the code's fingerprint) and package.json are always in the package.
        if (target === "" || target === "src" || target === "package.json" || target.startsWith(`src${path.sep}`))
          continue;
        outside.push(target.split(path.sep).join("/"));
      }
    }
    expect(outside).toContain("generated/validators/charter/config.js");
    const unshipped = outside.filter(
      (target) => !files.some((entry) => target === entry || target.startsWith(`${entry}/`)),
    );
    expect(unshipped).toEqual([]);
  });
});

// What `npm pack` would publish from this checkout: a copy of the working tree without its
// build output, so the listing comes from a real `prepack` build (a clean clone has no dist/)
// and nothing is written to the checkout. About 10 s, most of it the build.
describe("npm pack --dry-run", () => {
  let work: string;
  let root: string;
  let shipped: Set<string>;

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), "charter-pack-"));
    root = copyCheckout(work);
    const pack = spawnSync("npm", ["pack", "--dry-run", "--json"], {
      cwd: root,
      env: cleanEnv(path.join(work, "npm-cache")),
      encoding: "utf8",
      timeout: 180_000,
    });
    if (pack.status !== 0)
      throw new Error(`npm pack --dry-run failed (${pack.status ?? pack.signal}):\n${pack.stdout}${pack.stderr}`);
    const [result] = JSON.parse(pack.stdout) as { files: { path: string }[] }[];
    shipped = new Set(result!.files.map((file) => file.path));
  }, 180_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("ships the LICENSE, the README and package.json", () => {
    expect([...shipped].filter((file) => ["LICENSE", "README.md", "package.json"].includes(file)).sort()).toEqual([
      "LICENSE",
      "README.md",
      "package.json",
    ]);
    expect(readFileSync(path.join(root, "LICENSE"), "utf8")).toMatch(
      /^MIT License\n\nCopyright \(c\) 2026 the charter authors\n/,
    );
  });

  it("leaves out the tests, scripts, contract sources and examples", () => {
    expect(shipped).toContain("dist/cli/charter.js");
    const repositoryOnly = ["test", "scripts", "schema-src", "examples"];
    expect([...shipped].filter((file) => repositoryOnly.includes(file.split("/")[0]!))).toEqual([]);
  });

  it("ships no source map without the sources it names, and no code that names a map it does not ship", () => {
    const dangling: string[] = [];
    for (const file of shipped) {
      const text = () => readFileSync(path.join(root, file), "utf8");
      if (file.endsWith(".map")) {
        const map = JSON.parse(text()) as { sourceRoot?: string; sources: string[] };
        for (const source of map.sources) {
          const target = resolveIn(file, path.posix.join(map.sourceRoot ?? "", source));
          if (!shipped.has(target)) dangling.push(`${file} -> ${target}`);
        }
      } else if (/\.(c|m)?js$|\.d\.(c|m)?ts$/.test(file)) {
        const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text())?.[1];
        if (url !== undefined && !url.startsWith("data:") && !shipped.has(resolveIn(file, url)))
          dangling.push(`${file} -> ${resolveIn(file, url)}`);
      }
    }
    expect(dangling).toEqual([]);
  });

  it("ships every file that its README and its shipped docs link to", () => {
    const linked = new Set<string>();
    const broken: string[] = [];
    for (const file of [...shipped].filter((file) => file.endsWith(".md"))) {
      for (const link of relativeLinks(readFileSync(path.join(root, file), "utf8"))) {
        const target = resolveIn(file, link);
        linked.add(target);
        if (!shipped.has(target)) broken.push(`${file}: ${link}`);
      }
    }
    expect(linked).toContain("docs/diagnostics.md");
    expect(broken).toEqual([]);
  });
});
