/**
 * What a downstream developer meets: both packages packed as npm would publish them, installed
 * from their tarballs into a scratch project by each package manager (npm hoisted, npm linked
 * as pnpm lays packages out, pnpm), charter run from that install to generate a contract, and
 * four kinds of app validating with the generated tree through the runtime: an ES module app,
 * a CommonJS app, a tsc `outDir` build, and an esbuild browser bundle, type-checked under
 * TypeScript's NodeNext, bundler and preserve resolutions. `npm run test:packages` (and CI).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTree } from "../helpers/temp-tree.js";
import { cleanEnv, copyCheckout, packBoth, REPO, run } from "../helpers/checkout-copy.js";

const BIN = path.join(REPO, "node_modules/.bin");
const TSC = path.join(BIN, "tsc");
const ESBUILD = path.join(BIN, "esbuild");
const PNPM = path.join(BIN, "pnpm");

// One contract that needs every helper generated code imports: formats (date-time, email), a
// string length in code points (maxLength), equality of objects (uniqueItems, enum).
const CONTRACT = `$schema: https://json-schema.org/draft/2020-12/schema
title: Order
type: object
additionalProperties: false
required: [id, placed, email, tags]
properties:
  id: { type: string, maxLength: 8, pattern: "^[A-Z]-[0-9]+$" }
  placed: { type: string, format: date-time }
  email: { type: string, format: email }
  tags: { type: array, uniqueItems: true, items: { type: object } }
  kind: { enum: [{ gift: true }, plain] }
examples:
  - { id: A-1, placed: "2026-12-02T10:00:00Z", email: a@shop.example, tags: [{ x: 1 }, { x: 2 }], kind: { gift: true } }
`;

// The same program in each app: one valid order, one with four violations.
const PROGRAM = `
const valid = { id: "A-1", placed: "2026-12-02T10:00:00Z", email: "a@shop.example", tags: [{ x: 1 }, { x: 2 }] };
const invalid = { id: "ABCDEFGHI", placed: "yesterday", email: "nope", tags: [{ x: 1 }, { x: 1 }] };
const contracts = bindContracts(registry);
const good = await contracts.validate("shop/order", valid);
const bad = await contracts.validate("shop/order", invalid);
const order: Order | undefined = good.ok ? good.value : undefined;
console.log(JSON.stringify({ valid: good.ok, id: order?.id, invalid: bad.ok ? [] : [...new Set(bad.errors.map((e) => e.pointer))] }));
`;
const EXPECTED = { valid: true, id: "A-1", invalid: ["/email", "/id", "/placed", "/tags"] };

const STRICT = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: false,
  target: "ES2022",
  lib: ["ES2023", "DOM"],
  types: [],
};

/** The apps, each a folder of the scratch project: files, how to build it, how to run it. */
function apps(): Record<string, string> {
  const esmMain = `import { bindContracts } from "charter-runtime";\nimport { registry } from "../generated/validators/index.js";\nimport type { ShopOrder as Order } from "../generated/types/index.js";\n${PROGRAM}`;
  return {
    // ES module app, TypeScript NodeNext, compiled in place.
    "esm/package.json": JSON.stringify({ type: "module" }),
    "esm/tsconfig.json": JSON.stringify({
      compilerOptions: { ...STRICT, module: "NodeNext", moduleResolution: "NodeNext" },
      files: ["main.ts"],
    }),
    "esm/main.ts": esmMain,
    // CommonJS app: require() of the runtime (its CommonJS build) and of the generated tree (an
    // ES module tree, which Node 20.19+ requires synchronously); no top-level await in CommonJS.
    "cjs/package.json": JSON.stringify({ type: "commonjs" }),
    "cjs/tsconfig.json": JSON.stringify({
      compilerOptions: { ...STRICT, module: "NodeNext", moduleResolution: "NodeNext" },
      files: ["main.ts"],
    }),
    "cjs/main.ts": `import { bindContracts } from "charter-runtime";\nimport { registry } from "../generated/validators/index.js";\nimport type { ShopOrder as Order } from "../generated/types/index.js";\nvoid (async () => {\n${PROGRAM}\n})();\n`,
    // tsc with outDir, by the recipe of docs/guides/clients.md: the generated tree through the
    // package's "imports" map (resolved from package.json, so the build output finds it where it
    // is), and rootDir set.
    "outdir/package.json": JSON.stringify({ type: "module", imports: { "#contracts/*": "./generated/*" } }),
    "outdir/tsconfig.json": JSON.stringify({
      compilerOptions: { ...STRICT, module: "NodeNext", moduleResolution: "NodeNext", rootDir: ".", outDir: "dist" },
      include: ["src"],
    }),
    "outdir/src/main.ts": esmMain.replaceAll("../generated/", "#contracts/"),
    // Browser bundle: checked under the bundler and preserve resolutions, bundled by esbuild.
    "browser/package.json": JSON.stringify({ type: "module" }),
    "browser/tsconfig.bundler.json": JSON.stringify({
      compilerOptions: { ...STRICT, module: "ESNext", moduleResolution: "Bundler", noEmit: true },
      files: ["main.ts"],
    }),
    "browser/tsconfig.preserve.json": JSON.stringify({
      compilerOptions: { ...STRICT, module: "Preserve", noEmit: true },
      files: ["main.ts"],
    }),
    "browser/main.ts": esmMain,
  };
}

interface Manager {
  name: string;
  /** More devDependencies of the scratch project: TypeScript 5.9 beside charter's 6.0 in one of them. */
  devDependencies?: Record<string, string>;
  /** Why this cell cannot run here, if it cannot. */
  unavailable?: string;
  install(project: string, env: NodeJS.ProcessEnv): void;
}

const MANAGERS: Manager[] = [
  {
    name: "npm (hoisted)",
    devDependencies: { typescript: "5.9.3" },
    install: (project, env) =>
      void run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: project, env }),
  },
  {
    name: "npm (linked)",
    install: (project, env) =>
      void run("npm", ["install", "--install-strategy=linked", "--no-audit", "--no-fund", "--prefer-offline"], {
        cwd: project,
        env,
      }),
  },
  {
    name: "pnpm",
    ...(existsSync(PNPM) ? {} : { unavailable: "pnpm is not installed (a devDependency of this repository)" }),
    install: (project, env) =>
      void run(
        PNPM,
        [
          "install",
          "--prefer-offline",
          "--config.confirmModulesPurge=false",
          `--store-dir=${path.join(project, "..", "pnpm-store")}`,
        ],
        { cwd: project, env },
      ),
  },
];

let work: string;
let root: string;
let tarballs: { runtime: string; charter: string };
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "charter-packages-"));
  env = cleanEnv(path.join(work, "npm-cache"));
  root = copyCheckout(work);
  tarballs = packBoth(root, path.join(work, "tarballs"), env);
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The size on disk of a folder's files, following no links. */
function footprint(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** A command's exit code and what it printed, whatever the outcome. */
function attempt(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", timeout: 600_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the packages as published", () => {
  it("carry no install-time script (npm 11 warns about each, and refuses to run it unapproved)", () => {
    for (const tarball of [tarballs.runtime, tarballs.charter]) {
      const manifest = JSON.parse(run("tar", ["-xzOf", tarball, "package/package.json"], { cwd: work })) as {
        scripts?: Record<string, string>;
      };
      const lifecycle = ["preinstall", "install", "postinstall", "prepare"].filter(
        (name) => name in (manifest.scripts ?? {}),
      );
      expect(lifecycle, tarball).toEqual([]);
    }
  });

  it("pass npm publish --dry-run, both, at one version", () => {
    const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
    // Built already by the packing above; --ignore-scripts keeps the dry run from building again.
    const runtime = attempt(
      "npm",
      ["publish", "--dry-run", "--ignore-scripts", "--workspace", "charter-runtime"],
      root,
    );
    expect(runtime.code, runtime.output).toBe(0);
    expect(runtime.output).toContain(`+ charter-runtime@${version}`);
    const charter = attempt("npm", ["publish", "--dry-run", "--ignore-scripts"], root);
    expect(charter.code, charter.output).toBe(0);
    expect(charter.output).toContain(`+ charter@${version}`);
    expect(attempt(process.execPath, ["scripts/release/check-versions.mjs", `v${version}`], root).code).toBe(0);
  });
});

describe("the README's route into a project of one's own", () => {
  it("installs both tarballs from vendor/ without a warning, inits, generates, checks, and npm ci reinstalls it", () => {
    const project = path.join(work, "readme-route");
    mkdirSync(path.join(project, "vendor"), { recursive: true });
    writeTree(project, { "package.json": JSON.stringify({ name: "shop", private: true }, null, 2) + "\n" });
    for (const tarball of [tarballs.runtime, tarballs.charter])
      copyFileSync(tarball, path.join(project, "vendor", path.basename(tarball)));
    const vendored = (tarball: string) => `./vendor/${path.basename(tarball)}`;
    const flags = ["--no-audit", "--no-fund", "--prefer-offline"];
    // The README's two install commands, as written there.
    const runtime = attempt("npm", ["install", vendored(tarballs.runtime), ...flags], project);
    expect(runtime.code, runtime.output).toBe(0);
    const charter = attempt("npm", ["install", "--save-dev", vendored(tarballs.charter), ...flags], project);
    expect(charter.code, charter.output).toBe(0);
    expect(`${runtime.output}${charter.output}`).not.toMatch(/npm warn/i);
    const npx = (args: string[]) => attempt("npx", ["--no-install", "charter", ...args], project);
    const init = npx(["init"]);
    expect(init.code, init.output).toBe(0);
    expect(init.output).not.toMatch(/@\^/); // no registry range added: both are declared from vendor/
    const generate = attempt("npm", ["run", "generate"], project);
    expect(generate.code, generate.output).toBe(0);
    expect(npx(["check", "--max-warnings", "0"]).code).toBe(0);
    // What init's CI workflow runs on a fresh clone: npm ci from the lock file, then check.
    rmSync(path.join(project, "node_modules"), { recursive: true });
    const ci = attempt("npm", ["ci", ...flags], project);
    expect(ci.code, ci.output).toBe(0);
    expect(ci.output).not.toMatch(/npm warn/i);
    expect(npx(["check", "--format", "github", "--max-warnings", "0"]).code).toBe(0);
  });
});

describe("the packages' export maps", () => {
  // attw reads each entry point as Node 10, Node 16 (from CommonJS and from ES modules) and a
  // bundler resolve it; publint checks the manifest against the files.
  const ATTW = path.join(BIN, "attw");
  const PUBLINT = path.join(BIN, "publint");
  it("satisfy attw and publint for the runtime", () => {
    expect(run(ATTW, [tarballs.runtime, "--format", "ascii"], { cwd: work, env })).toContain("No problems found");
    expect(run(PUBLINT, ["--strict", tarballs.runtime], { cwd: work, env })).toContain("All good!");
  });
  it("satisfy attw and publint for charter", () => {
    expect(run(ATTW, [tarballs.charter, "--format", "ascii"], { cwd: work, env })).toContain("No problems found");
    expect(run(PUBLINT, ["--strict", tarballs.charter], { cwd: work, env })).toContain("All good!");
  });
});

describe("the runtime installed alone", () => {
  it("has no dependencies and installs in well under a megabyte", () => {
    const project = path.join(work, "runtime-alone");
    writeTree(project, {
      "package.json": JSON.stringify({
        name: "alone",
        private: true,
        dependencies: { "charter-runtime": `file:${tarballs.runtime}` },
      }),
    });
    run("npm", ["install", "--install-strategy=linked", "--no-audit", "--no-fund", "--offline"], { cwd: project, env });
    const modules = path.join(project, "node_modules");
    const bytes = footprint(modules);
    console.log(`charter-runtime installed alone: ${bytes} bytes in node_modules`);
    expect(bytes).toBeLessThan(1_000_000);
    const installed = readdirSync(path.join(modules, ".store")).filter((name) => !name.startsWith("."));
    expect(installed.map((name) => name.replace(/@.*/, ""))).toEqual(["charter-runtime"]);
  });
});

describe.each(MANAGERS)("installed by $name", (manager) => {
  let project: string;

  beforeAll(() => {
    if (manager.unavailable) return;
    project = path.join(work, manager.name.replace(/\W+/g, "-"));
    const tarball = (file: string) => `file:${file}`;
    writeTree(project, {
      // charter's tarball names the runtime by version, which no registry has yet: the override
      // points that dependency at the runtime's tarball, as for any pair of packages tried before publishing.
      "package.json": JSON.stringify(
        {
          name: "scratch-app",
          private: true,
          type: "module",
          dependencies: { "charter-runtime": tarball(tarballs.runtime) },
          devDependencies: { charter: tarball(tarballs.charter), ...manager.devDependencies },
          overrides: { "charter-runtime": tarball(tarballs.runtime) },
          pnpm: { overrides: { "charter-runtime": tarball(tarballs.runtime) } },
        },
        null,
        2,
      ),
      "charter.config.yaml": "source: schema-src\nout: generated\nvalidation:\n  formats: assert\n",
      "schema-src/shop/order.yaml": CONTRACT,
      // A pattern RegExp takes exponential time on, and one the linear engine leaves to RegExp (a lookahead).
      "schema-src/shop/word.yaml":
        "type: object\nproperties:\n  word: { type: string, pattern: '^(a+)+$' }\n  code: { type: string, pattern: '^(?=.*[0-9])[a-z0-9]+$' }\n",
      "data/crafted.json": JSON.stringify({ word: "a".repeat(10_000) + "b", code: "abc" }),
      ...apps(),
    });
    manager.install(project, env);
    // The installed charter generates, as `npx charter generate` would.
    run(path.join(project, "node_modules/.bin/charter"), ["generate"], { cwd: project, env });
  }, 600_000);

  const cell = (name: string, body: () => void) =>
    it.skipIf(manager.unavailable !== undefined)(
      name + (manager.unavailable ? ` (skipped: ${manager.unavailable})` : ""),
      body,
      300_000,
    );

  cell("generates validators that import the runtime and nothing else", () => {
    const code = readFileSync(path.join(project, "generated/validators/shop/order.js"), "utf8");
    const imported = [...code.matchAll(/from "([^"]+)"/g)].map((m) => m[1]).sort();
    expect([...new Set(imported)]).toEqual([
      "charter-runtime/formats",
      "charter-runtime/helpers",
      "charter-runtime/patterns",
    ]);
  });

  cell("validates a data file from the shell with the installed charter, patterns in the linear engine", () => {
    // RegExp would not finish on the crafted word (the timeout fails the cell); the warning for the lookahead
    // shows that the tree's own copy of the runtime built its patterns with the CLI's engine.
    const validate = spawnSync(
      path.join(project, "node_modules/.bin/charter"),
      ["validate", "shop/word", "data/crafted.json"],
      { cwd: project, env, encoding: "utf8", timeout: 60_000 },
    );
    expect(validate.status, validate.stdout + validate.stderr).toBe(1);
    expect(validate.stdout).toContain('error CH801 /word: must match pattern "^(a+)+$"');
    expect(validate.stdout).toContain('error CH801 /code: must match pattern "^(?=.*[0-9])[a-z0-9]+$"');
    expect(validate.stderr).toContain('warning CH805 pattern "^(?=.*[0-9])[a-z0-9]+$" cannot run in the linear engine');
  });

  cell("loads charter's library entry from CommonJS too", () => {
    const required = run(
      process.execPath,
      ["-e", 'const charter = require("charter"); console.log(typeof charter.compile, typeof charter.compareTrees)'],
      { cwd: project, env },
    );
    expect(required.trim()).toBe("function function");
  });

  cell("runs an ES module app (TypeScript NodeNext)", () => {
    run(TSC, ["-p", "esm"], { cwd: project, env });
    expect(JSON.parse(run(process.execPath, ["esm/main.js"], { cwd: project, env }))).toEqual(EXPECTED);
  });

  cell("runs a CommonJS app (TypeScript NodeNext, require of the runtime and of the generated tree)", () => {
    run(TSC, ["-p", "cjs"], { cwd: project, env });
    expect(readFileSync(path.join(project, "cjs/main.js"), "utf8")).toContain('require("charter-runtime")');
    expect(JSON.parse(run(process.execPath, ["cjs/main.js"], { cwd: project, env }))).toEqual(EXPECTED);
  });

  cell("runs a tsc outDir build that reaches the generated tree through the imports map", () => {
    // The imports map is resolved from the package.json of the app: the app folder stands for a project root here.
    run("cp", ["-r", "generated", "outdir/generated"], { cwd: project, env });
    run(TSC, ["-p", "."], { cwd: path.join(project, "outdir"), env });
    expect(JSON.parse(run(process.execPath, ["dist/src/main.js"], { cwd: path.join(project, "outdir"), env }))).toEqual(
      EXPECTED,
    );
  });

  it.skipIf(manager.devDependencies?.["typescript"] === undefined)(
    "type-checks the ES module, CommonJS and outDir apps with TypeScript 5.9 too",
    () => {
      const tsc59 = path.join(project, "node_modules/.bin/tsc");
      expect(run(tsc59, ["--version"], { cwd: project, env })).toContain("Version 5.9.");
      for (const app of ["esm", "cjs"]) run(tsc59, ["-p", app, "--noEmit"], { cwd: project, env });
      run(tsc59, ["-p", "outdir", "--noEmit"], { cwd: project, env });
      run(tsc59, ["-p", "browser/tsconfig.bundler.json"], { cwd: project, env });
    },
  );

  cell("type-checks under the bundler and preserve resolutions, and runs an esbuild browser bundle", () => {
    run(TSC, ["-p", "browser/tsconfig.bundler.json"], { cwd: project, env });
    run(TSC, ["-p", "browser/tsconfig.preserve.json"], { cwd: project, env });
    run(
      ESBUILD,
      [
        "browser/main.ts",
        "--bundle",
        "--splitting",
        "--format=esm",
        "--platform=browser",
        "--minify",
        "--outdir=browser/bundle",
        "--log-level=warning",
      ],
      { cwd: project, env },
    );
    const bundle = readdirSync(path.join(project, "browser/bundle")).map((file) =>
      readFileSync(path.join(project, "browser/bundle", file), "utf8"),
    );
    // Nothing of Node's: the bundle runs in a browser as it is.
    expect(bundle.filter((text) => /\brequire\(|from\s*"node:|import\("node:/.test(text))).toEqual([]);
    expect(JSON.parse(run(process.execPath, ["browser/bundle/main.js"], { cwd: project, env }))).toEqual(EXPECTED);
  });
});
