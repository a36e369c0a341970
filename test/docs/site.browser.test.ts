/**
 * This repository's docs site in a real browser (Debian's chromium, driven by playwright-core):
 * the index leads to agent/result, whose page states its members and conditional rules, the
 * search finds a member, the payload box gives the committed validator's verdicts, and axe-core
 * finds no serious or critical accessibility violation. Without a Chromium the suite is skipped,
 * and its name says why; `.ci/run` installs one.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHROMIUM = process.env["CHARTER_CHROMIUM"] ?? "/usr/bin/chromium";
const HAVE_BROWSER = existsSync(CHROMIUM);
const TITLE = HAVE_BROWSER
  ? "the docs site in Chromium"
  : `the docs site in Chromium (SKIPPED: no browser at ${CHROMIUM}; apt-get install chromium, or set CHARTER_CHROMIUM)`;

if (!HAVE_BROWSER) console.warn(`charter: ${TITLE}`);

const VALID = readFirstExample();
/** A failed outcome that carries a payload: two lines a reader can find in the report. */
const INVALID = `{
  "invocation_id": "019374d2-4a1c-7b3e-8f00-2c5d6e7f8a9b",
  "invocation_created_at": "2026-11-30T09:15:00Z",
  "outcome": "failed",
  "payload": { "category": "hardware" }
}`;

function readFirstExample(): string {
  const schema = JSON.parse(readFileSync(path.join(ROOT, "generated/schemas/agent/result.schema.json"), "utf8")) as {
    examples: unknown[];
  };
  return JSON.stringify(schema.examples[0], null, 2);
}

describe.skipIf(!HAVE_BROWSER)(TITLE, () => {
  let work: string;
  let site: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "charter-docs-browser-"));
    site = path.join(work, "site");
    const result = await runCli(["docs", "--out", site], ROOT);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    // Root in CI containers: Chromium's sandbox needs a user namespace those often lack.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  });

  const indexUrl = () => pathToFileURL(path.join(site, "index.html")).href;

  it("follows the index to agent/result and shows its members and conditional rules", async () => {
    await page.goto(indexUrl());
    expect(await page.locator("table.contracts tbody tr").count()).toBe(16);
    // The picture of which contract uses which: a box for each, laid out by dagre.
    expect(await page.locator("#graph svg a rect").count()).toBe(16);
    await Promise.all([
      page.waitForURL("**/contracts/agent/result.html"),
      page.click('table.contracts a[href="contracts/agent/result.html"]'),
    ]);
    expect(await page.textContent("h1")).toBe("agent/result");
    const outcome = page.locator("#member--outcome");
    expect(await outcome.locator("td").nth(0).textContent()).toBe("Outcome");
    expect(await outcome.locator("td").nth(1).textContent()).toBe("required");
    expect(await outcome.locator("td").nth(2).textContent()).toContain('one of "succeeded", "abstained"');
    expect(await page.locator("#member--problem td").nth(1).textContent()).toBe(
      "required when outcome is failed, or when outcome is suspended",
    );
    expect(await page.locator("#member--reason_code td").nth(2).textContent()).toBe("matching ^[a-z][a-z0-9_]*$");
    expect(await page.locator("#member--resume_after td").nth(4).textContent()).toMatch(
      /^schema-src\/agent\/result\.yaml:\d+$/,
    );
    const rules = await page.locator("#conditional-rules ul.rules li").allTextContents();
    expect(rules).toContain(
      "When outcome is failed: problem is required and payload, reason_code, referred_to and resume_after must be absent.",
    );
    expect(rules).toHaveLength(5);
  });

  it("finds a member by name from the index's search", async () => {
    await page.goto(indexUrl());
    await page.fill("#search", "referred_to");
    const hit = page.locator('#search-results a[href="contracts/agent/result.html#member--referred_to"]');
    await hit.waitFor();
    expect(await hit.count()).toBe(1);
    await Promise.all([page.waitForURL("**/result.html#member--referred_to"), hit.click()]);
    expect(await page.locator("#member--referred_to").isVisible()).toBe(true);
  });

  it("searches from a contract page and a definition page, the index loaded only then", async () => {
    await page.goto(pathToFileURL(path.join(site, "contracts/problems/contract.html")).href);
    // No page but the index loads the search index before the reader turns to the box.
    expect(await page.evaluate(() => document.querySelector('script[src$="search-index.js"]') === null)).toBe(true);
    await page.fill("#search", "referred_to");
    const hit = page.locator('#search-results a[href="../../contracts/agent/result.html#member--referred_to"]');
    await hit.waitFor();
    await Promise.all([page.waitForURL("**/contracts/agent/result.html#member--referred_to"), hit.click()]);
    expect(await page.locator("#member--referred_to").isVisible()).toBe(true);
    // Three folders down, a definition's page leads to a contract.
    await page.goto(pathToFileURL(path.join(site, "definitions/problems/contract/def-budget.html")).href);
    await page.fill("#search", "agent/result");
    const contract = page.locator('#search-results a[href="../../../contracts/agent/result.html"]');
    await contract.waitFor();
    await Promise.all([page.waitForURL("**/contracts/agent/result.html"), contract.first().click()]);
    expect(await page.textContent("h1")).toBe("agent/result");
  });

  it("follows a member's type to its definition's page, with its members, rules and back-link", async () => {
    await page.goto(pathToFileURL(path.join(site, "contracts/problems/contract.html")).href);
    const link = page.locator("#member--budgets td").first().locator("a");
    await Promise.all([page.waitForURL("**/definitions/problems/contract/def-budget.html"), link.click()]);
    expect(await page.textContent("h1")).toBe("Budget");
    expect(await page.locator("#def-budget--kind").isVisible()).toBe(true);
    expect(await page.locator("#conditional-rules li").allTextContents()).toContainEqual(
      expect.stringMatching(/^When kind is wall_clock: seconds is required/),
    );
    const back = page.locator('#used-by a[href="../../../contracts/problems/contract.html"]');
    expect(await back.count()).toBe(1);
    // The anchor the contract page always had still leads to the definition.
    await page.goto(pathToFileURL(path.join(site, "contracts/problems/contract.html")).href + "#def-budget--kind");
    const onward = page.locator("#def-budget--kind a");
    expect(await onward.isVisible()).toBe(true);
    await Promise.all([page.waitForURL("**/def-budget.html#def-budget--kind"), onward.click()]);
  });

  it("checks a pasted valid and invalid payload with the committed validator", async () => {
    await page.goto(pathToFileURL(path.join(site, "contracts/agent/result.html")).href);
    expect(await verdictOf(page, VALID)).toBe("Valid: the payload satisfies agent/result.");
    expect(await verdictOf(page, INVALID)).toMatch(/^Invalid: \d+ violations of agent\/result\.$/);
    const violations = await page.locator("#violations li").allTextContents();
    expect(violations).toContainEqual(expect.stringMatching(/^\/payload \(line 5\): boolean schema is false/));
    expect(violations).toContainEqual(expect.stringMatching(/must have required property 'problem'/));
    // YAML too, with the line of the value in the pasted text.
    const yaml =
      "invocation_id: 019374d2-4a1c-7b3e-8f00-2c5d6e7f8a9b\ninvocation_created_at: 2026-11-30T09:15:00Z\noutcome: nonsense\n";
    expect(await verdictOf(page, yaml)).toMatch(/^Invalid/);
    expect(await page.locator("#violations li").allTextContents()).toContainEqual(
      expect.stringMatching(/^\/outcome \(line 3\): must be equal to one of the allowed values/),
    );
    // Kept after the run, for a person (or CI's artifact upload) to look at.
    const artifacts =
      process.env["CHARTER_ARTIFACTS_DIR"] ?? mkdtempSync(path.join(tmpdir(), "charter-docs-artifacts-"));
    const shot = path.join(artifacts, "agent-result-try-a-payload.png");
    await page.locator("#try").screenshot({ path: shot });
    expect(statSync(shot).size).toBeGreaterThan(1000);
    console.info(`docs site screenshot: ${shot}`);
  });

  it("has no serious or critical accessibility violation on the index, a contract page and a definition page (axe-core)", async () => {
    const axe = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    const pages = ["contracts/agent/result.html", "definitions/problems/contract/def-budget.html"];
    for (const url of [indexUrl(), ...pages.map((file) => pathToFileURL(path.join(site, file)).href)]) {
      await page.goto(url);
      await page.addScriptTag({ content: axe });
      const violations = await page.evaluate(async () => {
        const found = await (
          window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }
        ).axe.run();
        return found.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      });
      expect(violations, url).toEqual([]);
    }
  });
});

/** Pastes `text` into the payload box, checks it, and waits for the verdict. */
async function verdictOf(page: Page, text: string): Promise<string> {
  await page.evaluate(() => {
    document.getElementById("verdict")!.textContent = "";
  });
  await page.fill("#payload", text);
  await page.click("#check-payload");
  await page.waitForFunction(() => document.getElementById("verdict")!.textContent !== "");
  return (await page.textContent("#verdict")) ?? "";
}

/** The browser globals the page callbacks use: the project's TypeScript has no DOM library. */
declare const document: {
  getElementById(id: string): { textContent: string | null } | null;
  querySelector(selector: string): unknown;
};
declare const window: unknown;

interface AxeViolation {
  id: string;
  impact?: string;
  nodes: { target: string[] }[];
}
