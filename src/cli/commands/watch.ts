import { existsSync, readdirSync, rmSync, watch, type Dirent, type FSWatcher } from "node:fs";
import path from "node:path";
import type { ParsedArgs } from "../args.js";
import type { resolveSettings } from "../config.js";
import { EXIT_OK, type CliIo } from "../io.js";
import { displayPath, formatDiagnostic } from "../print.js";
import { runGenerate, type WatchState } from "./generate.js";

/** How long the sources must be quiet before a run: an editor's save is often several writes. */
export const DEBOUNCE_MS = 150;

/**
 * `charter watch`: `generate`, then again after each change of a source or
 * of the config, until stopped. A run that fails (a source half-typed, a
 * config that does not parse) prints its diagnostics and waits for the next
 * change; nothing ends the watch but `stop` (Ctrl-C from the CLI).
 */
export async function runWatch(
  args: ParsedArgs,
  /** Settings afresh: the config may have changed since the last run. */
  resolve: () => ReturnType<typeof resolveSettings>,
  configFile: string,
  io: CliIo,
  stop: Promise<void>,
): Promise<number> {
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let watchedSource: string | undefined;
  let outDir: string | undefined;
  // Each source's last parse: a save changes one file, and the others read as before.
  const state: WatchState = { parses: new Map() };

  const run = async () => {
    const resolved = await resolve();
    if (!resolved.settings) {
      for (const d of resolved.diagnostics) io.stdout(formatDiagnostic(d, io.cwd, args.format) + "\n");
      if (resolved.usage !== undefined) io.stdout(`charter: ${resolved.usage}\n`);
    } else {
      outDir = resolved.settings.outDir;
      if (watchedSource !== resolved.settings.sourceDir) rewatch(resolved.settings.sourceDir);
      // A thread of its own for the validators, started by the first run and kept loaded (src/tasks/task-thread.ts).
      state.validatorsThread ??= (await import("../../tasks/task-thread.js")).startTaskThread();
      await runGenerate(args, resolved.settings, io, state);
    }
    io.stdout("charter watch: waiting for changes (Ctrl-C stops)\n");
  };
  // One run at a time; a change during a run asks for one more after it.
  const start = () => {
    running = run()
      .catch((error: unknown) => io.stdout(`charter watch: ${(error as Error).message}\n`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule();
        }
      });
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) again = true;
      else start();
    }, DEBOUNCE_MS);
  };
  const rewatch = (sourceDir: string) => {
    for (const w of watchers) w.close();
    watchers = [];
    watchedSource = sourceDir;
    const configDir = path.dirname(configFile);
    // The config may not exist yet: its folder is watched, for that one name.
    watchers.push(watchQuietly(configDir, false, (name) => name === path.basename(configFile) && schedule()));
    watchers.push(
      watchTree(sourceDir, (changed) => {
        // The output directory may lie beside the sources, never inside them (CH005); hidden files are no sources.
        if (outDir !== undefined && (changed === outDir || changed.startsWith(outDir + path.sep))) return;
        if (
          path
            .relative(sourceDir, changed)
            .split(path.sep)
            .some((part) => part.startsWith("."))
        )
          return;
        schedule();
      }),
    );
    io.stdout(`charter watch: watching ${displayPath(sourceDir, io.cwd)} and ${displayPath(configFile, io.cwd)}\n`);
  };

  rewatch(path.resolve(io.cwd, args.source ?? "schema-src"));
  start();
  await stop;
  clearTimeout(timer);
  for (const w of watchers) w.close();
  await running;
  await state.validatorsThread?.close();
  // The previous output, kept for a next run that will not come.
  if (state.kept) rmSync(state.kept.folder, { recursive: true, force: true });
  return EXIT_OK;
}

/**
 * Every folder under `root`, each watched on its own. A folder's watch sees
 * its entries created, removed and renamed, so an editor that saves by
 * writing a new file and renaming it over the old one is seen every time
 * (Node 20's recursive watch on Linux loses a file replaced that way). New
 * folders are picked up after each change.
 */
function watchTree(root: string, onChange: (file: string) => void): FSWatcher {
  const watching = new Map<string, FSWatcher>();
  const refresh = () => {
    const folders = new Set<string>();
    // A source folder that does not exist yet: its nearest existing parent tells when it appears.
    let parent = root;
    while (!existsSync(parent) && path.dirname(parent) !== parent) parent = path.dirname(parent);
    if (parent !== root) {
      if (!watching.has(parent))
        watching.set(
          parent,
          watchQuietly(parent, false, () => {
            clearTimeout(pending);
            refresh();
            if (existsSync(root)) onChange(root);
          }),
        );
      for (const [dir, watcher] of watching) {
        if (dir === parent) continue;
        watcher.close();
        watching.delete(dir);
      }
      return;
    }
    const walk = (dir: string) => {
      folders.add(dir);
      let entries: Dirent[] = [];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries)
        if (entry.isDirectory() && !entry.name.startsWith(".")) walk(path.join(dir, entry.name));
    };
    walk(root);
    for (const [dir, watcher] of watching) {
      if (!folders.has(dir)) {
        watcher.close();
        watching.delete(dir);
      }
    }
    for (const dir of folders) {
      if (!watching.has(dir))
        watching.set(
          dir,
          watchQuietly(dir, false, (name) => {
            later();
            onChange(path.join(dir, name));
          }),
        );
    }
  };
  // A burst of events (a branch switch rewrites hundreds of files) walks the tree once, after it.
  let pending: NodeJS.Timeout | undefined;
  const later = () => {
    clearTimeout(pending);
    pending = setTimeout(refresh, DEBOUNCE_MS / 3);
  };
  refresh();
  return {
    close: () => {
      clearTimeout(pending);
      watching.forEach((w) => w.close());
    },
  } as FSWatcher;
}

/** fs.watch that reports file names, and is a no-op where the folder is missing (it may appear later with the config). */
function watchQuietly(dir: string, recursive: boolean, onChange: (name: string) => void): FSWatcher {
  try {
    const watcher = watch(dir, { recursive }, (_, name) => onChange(name === null ? "" : name.toString()));
    watcher.on("error", () => watcher.close());
    return watcher;
  } catch {
    return { close: () => {} } as FSWatcher;
  }
}
