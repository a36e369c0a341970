import { TaskCache } from "./task-cache.js";

/** The task name of a config file's entry in the cache. */
const CONFIG_TASK = "config file";

/**
 * A valid config file's parsed value, kept in the cache under the digest of
 * its text, so that a `generate` whose config has not changed neither loads
 * the YAML parser nor runs the config's validator (about a fifth of a
 * no-op). An invalid config is never kept: its diagnostics come from a fresh
 * parse.
 */
export class ConfigMemo {
  private constructor(
    private readonly cache: TaskCache,
    /** The cache folder was named by `--cache-dir`, which wins over the config's `cache.dir`. */
    private readonly byFlag: boolean,
  ) {}

  /** The memo in `dir` (the flag's folder, else the default one), or none without a folder. */
  static async open(dir: string | undefined, byFlag: boolean, root: string): Promise<ConfigMemo | undefined> {
    return dir === undefined ? undefined : new ConfigMemo(await TaskCache.open(dir, { root }), byFlag);
  }

  recall<T>(text: string): Promise<T | undefined> {
    return this.cache.read<T>(this.cache.key(CONFIG_TASK, text));
  }

  /**
   * Keeps `value` only where the run's cache is: a config that moves its cache
   * elsewhere (and no flag overrides it) gets nothing written in the default
   * folder.
   */
  async remember(text: string, value: unknown, movesCache: boolean): Promise<void> {
    if (movesCache && !this.byFlag) return;
    await this.cache.write(this.cache.key(CONFIG_TASK, text), value);
  }
}
