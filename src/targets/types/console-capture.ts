import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What json-schema-to-typescript prints (its validation errors, and its debug
 * lines when VERBOSE is set) belongs in charter's diagnostic, not on the
 * user's terminal. The console's methods are routed once, for the life of the
 * process, through an async context: what code running inside
 * `capturePrinted` prints goes to that call's lines, everything else to the
 * console as before. Nothing is swapped around an await, so calls may overlap.
 */
const lines = new AsyncLocalStorage<string[]>();
const METHODS = ["error", "log", "warn", "info", "debug", "dir"] as const;
let routed = false;

function routeConsole(): void {
  if (routed) return;
  routed = true;
  for (const method of METHODS) {
    const original = console[method].bind(console) as (...parts: unknown[]) => void;
    console[method] = (...parts: unknown[]) => {
      const printed = lines.getStore();
      if (printed)
        printed.push(parts.map((part) => (typeof part === "string" ? part : JSON.stringify(part))).join(" "));
      else original(...parts);
    };
  }
}

/** Runs `work`, keeping what it prints (to the console, in its async context) in `printed` instead of printing it. */
export function capturePrinted<T>(printed: string[], work: () => Promise<T>): Promise<T> {
  routeConsole();
  return lines.run(printed, work);
}
