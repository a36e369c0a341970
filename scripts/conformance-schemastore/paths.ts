/**
 * Where the SchemaStore corpus is read from and where this runner may write.
 * The corpus is read-only data (../shared/corpora); everything the runner
 * produces goes under /tmp, never into the repository.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SCHEMASTORE } from "../schemastore-corpus.js";

/** `schemas/`, `test/`, `negative_test/` and `schema-validation.jsonc` live here. */
export const CORPUS_ROOT = path.resolve(SCHEMASTORE, "..");
export const SCHEMAS_DIR = SCHEMASTORE;
export const POSITIVE_DIR = path.join(CORPUS_ROOT, "test");
export const NEGATIVE_DIR = path.join(CORPUS_ROOT, "negative_test");
export const SCHEMA_VALIDATION_FILE = path.join(CORPUS_ROOT, "schema-validation.jsonc");

/** This repository, for its node_modules (generated validators import ajv's runtime from there). */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const NODE_MODULES = path.join(REPO_ROOT, "node_modules");
/** The repository's network guard, preloaded into the json-schema-to-typescript workers. */
export const DENY_NETWORK = path.join(REPO_ROOT, "test", "helpers", "deny-network.mjs");

/** Scratch output: the report, raw results, and the generated trees. */
export const OUT_ROOT = process.env["CONFORMANCE_OUT"] ?? "/tmp/conformance-schemastore";
export const CHARTER_TREE = path.join(OUT_ROOT, "charter-project");
export const NAIVE_TYPES_DIR = path.join(OUT_ROOT, "naive-types");
export const REPORT_FILE = path.join(OUT_ROOT, "report.md");
export const RESULTS_FILE = path.join(OUT_ROOT, "results.json");
