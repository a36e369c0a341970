/**
 * The documentation's relative links: every one names a file or folder of the repository, and a
 * #fragment into a Markdown page names one of its headings. The manual moved out of the README
 * into docs/ (issue 20), so a page that moves or a heading that is reworded would otherwise
 * leave links that GitHub shows as working and that lead nowhere.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The README is the front door; the manual lives in docs/. */
const README_MAX_LINES = 200;

/** Every Markdown file under `dir` (relative to the root), subfolders included. */
function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    return entry.isDirectory() ? markdownUnder(file) : entry.name.endsWith(".md") ? [file] : [];
  });
}

/** The pages whose links are checked, relative to the root. */
function pages(): string[] {
  const examples = readdirSync(path.join(ROOT, "examples"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(ROOT, "examples", entry.name, "README.md")))
    .map((entry) => `examples/${entry.name}/README.md`);
  return ["README.md", ...markdownUnder("docs"), "packages/runtime/README.md", ...examples];
}

/** The lines of a Markdown text outside fenced code blocks: a `#` or a `[x](y)` in code is code, not Markdown. */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) fence = marker;
    else if (
      fence !== undefined &&
      marker !== undefined &&
      marker[0] === fence[0] &&
      marker.length >= fence.length &&
      line.trim() === marker
    )
      fence = undefined;
    else if (fence === undefined) lines.push(line);
  }
  return lines;
}

/** The targets of the inline links and images (`[text](target)`) and reference definitions (`[id]: target`), code spans left out. */
function linkTargets(markdown: string): string[] {
  const prose = proseLines(markdown)
    .join("\n")
    .replace(/`[^`\n]*`/g, "");
  return [
    ...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g),
    ...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm),
  ].map((match) => match[1]!);
}

/** A link that leaves the repository (a URL with a scheme, or protocol-relative), which this test does not follow. */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");
}

/**
 * The anchor GitHub gives a heading: the text as rendered (links and code spans by their text),
 * lower-cased, punctuation dropped except hyphens and underscores, each space a hyphen; a text
 * seen before gets -1, -2, ... in order.
 */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const text = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .toLowerCase();
    const base = text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

/** Why `target`, a link in `page`, leads nowhere; undefined when it leads where it says. */
function brokenBecause(page: string, target: string): string | undefined {
  const hash = target.indexOf("#");
  const file = decodeURI(hash === -1 ? target : target.slice(0, hash));
  const fragment = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const resolved =
    file === ""
      ? path.join(ROOT, page)
      : file.startsWith("/")
        ? path.join(ROOT, file)
        : path.resolve(ROOT, path.dirname(page), file);
  if (!existsSync(resolved)) return "no such file or folder";
  if (fragment === undefined || fragment === "" || !resolved.endsWith(".md")) return undefined;
  return headingSlugs(readFileSync(resolved, "utf8")).has(fragment) ? undefined : "no heading with that anchor";
}

describe("the documentation's links", () => {
  it("reads the README, every page under docs/, the runtime's README and each example's README", () => {
    const checked = pages();
    expect(checked).toEqual(
      expect.arrayContaining([
        "README.md",
        "docs/README.md",
        "docs/guides/ci.md",
        "docs/benchmarks/validators.md",
        "packages/runtime/README.md",
        "examples/typed-client/README.md",
      ]),
    );
  });

  it("lead to files and folders that exist, and to headings that exist in Markdown pages", () => {
    const broken: string[] = [];
    let links = 0;
    for (const page of pages()) {
      for (const target of linkTargets(readFileSync(path.join(ROOT, page), "utf8"))) {
        if (isExternal(target)) continue;
        links += 1;
        const why = brokenBecause(page, target);
        if (why !== undefined) broken.push(`${page}: ${target} (${why})`);
      }
    }
    // The pages link to each other: finding none would mean the extractor is broken, not the docs.
    expect(links).toBeGreaterThan(50);
    expect(broken, `broken links:\n${broken.join("\n")}`).toEqual([]);
  });

  it("keeps the README a front door of at most 200 lines", () => {
    const lines = readFileSync(path.join(ROOT, "README.md"), "utf8").replace(/\n$/, "").split("\n").length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

describe("the link checker itself", () => {
  it("skips links in fenced code blocks and code spans, and keeps images and reference definitions", () => {
    const page = [
      "[a](a.md) `[b](b.md)` ![c](c.png)",
      "```md",
      "[d](d.md)",
      "```",
      "~~~",
      "[e](e.md)",
      "~~~",
      "[f]: f.md",
      "[g](https://example.com)",
    ].join("\n");
    expect(linkTargets(page)).toEqual(["a.md", "c.png", "https://example.com", "f.md"]);
  });

  it("slugs headings as GitHub does: lower case, punctuation and backticks dropped, spaces to hyphens, repeats numbered", () => {
    const page = [
      "# The CLI",
      "## Breaking changes: `charter diff`",
      "## Starting a project: `charter init`",
      "## Notes",
      "## Notes",
      "```sh",
      "# not a heading",
      "```",
    ].join("\n");
    expect([...headingSlugs(page)]).toEqual([
      "the-cli",
      "breaking-changes-charter-diff",
      "starting-a-project-charter-init",
      "notes",
      "notes-1",
    ]);
  });
});
