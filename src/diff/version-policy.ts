import { SEMVER } from "../compiler/check/declared-version.js";

/**
 * What a version change says about a contract's breaking findings:
 * `bumped` (a major bump; below 1.0.0 a minor bump, and below 0.1.0 any
 * bump: the caret rule of npm's ranges), `missing-bump` (breaking findings, and no such bump), `went-backwards`
 * (the version decreased), `unversioned` (a side has no version, so breaking
 * findings stay breaking), `unchanged-ok` (nothing breaking).
 */
export type VersionVerdict = "bumped" | "missing-bump" | "went-backwards" | "unversioned" | "unchanged-ok";

export function versionVerdict(base: string | undefined, head: string | undefined, breaking: boolean): VersionVerdict {
  const [b, h] = [parse(base), parse(head)];
  if (b === undefined || h === undefined) return "unversioned";
  if (compare(h, b) < 0) return "went-backwards";
  if (!breaking) return "unchanged-ok";
  // The caret rule: ^1.2.3 allows below 2.0.0, ^0.2.3 below 0.3.0, ^0.0.3 below 0.0.4.
  const bumped = b[0] > 0 ? h[0] > b[0] : b[1] > 0 ? h[0] > 0 || h[1] > b[1] : compare(h, b) > 0;
  return bumped ? "bumped" : "missing-bump";
}

/** The least version that allows a breaking change after `base`. */
export function nextBreakingVersion(base: string): string {
  const [major, minor, patch] = parse(base) ?? [0, 0, 0];
  return major > 0 ? `${major + 1}.0.0` : minor > 0 ? `0.${minor + 1}.0` : `0.0.${patch + 1}`;
}

function parse(version: string | undefined): [number, number, number] | undefined {
  const match = version === undefined ? null : SEMVER.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
