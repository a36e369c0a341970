// Preloaded with --import: records the modules a process loads (module-recorder-hooks.mjs).
import { register } from "node:module";

register("./module-recorder-hooks.mjs", import.meta.url);
