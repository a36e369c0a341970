/**
 * Counting: per unit and side, how many valid literals the types accept
 * (soundness) and how many invalid ones they reject (precision), overall,
 * for the structural categories together, per category and per origin
 * (the corpus's or the sources' invalid instances, and mutants).
 */
import { CATEGORIES, STRUCTURAL, type Category } from "./classify.js";
import { SIDES, type Side, type UnitResult } from "./measure.js";

export interface Ratio {
  hit: number;
  of: number;
}

export interface SideStats {
  /** Valid literals accepted. */
  soundness: Ratio;
  /** Invalid literals (given and mutants) rejected. */
  precision: Ratio;
  structural: Ratio;
  byCategory: Record<Category, Ratio>;
  givenInvalid: Ratio;
  mutants: Ratio;
  /** Mutants of valid instances this side's types accept: precision that unsound types cannot buy. */
  mutantsOfAccepted: Ratio;
}

const zero = (): Ratio => ({ hit: 0, of: 0 });

export function emptyStats(): SideStats {
  return {
    soundness: zero(),
    precision: zero(),
    structural: zero(),
    byCategory: Object.fromEntries(CATEGORIES.map((c) => [c, zero()])) as Record<Category, Ratio>,
    givenInvalid: zero(),
    mutants: zero(),
    mutantsOfAccepted: zero(),
  };
}

function count(ratio: Ratio, hit: boolean): void {
  ratio.of++;
  if (hit) ratio.hit++;
}

/** One side's counts for one unit, or undefined when that side was not checked. */
export function unitStats(unit: UnitResult, side: Side): SideStats | undefined {
  const outcome = unit.sides[side];
  if (outcome.status !== "checked") return undefined;
  const stats = emptyStats();
  unit.probes.forEach((probe, i) => {
    const accepted = outcome.verdicts[i] === null;
    if (probe.origin === "valid") return count(stats.soundness, accepted);
    const rejected = !accepted;
    count(stats.precision, rejected);
    count(stats.byCategory[probe.category ?? "other"], rejected);
    if (STRUCTURAL.has(probe.category ?? "other")) count(stats.structural, rejected);
    count(probe.origin === "mutant" ? stats.mutants : stats.givenInvalid, rejected);
    if (probe.parent !== undefined && outcome.verdicts[probe.parent] === null) count(stats.mutantsOfAccepted, rejected);
  });
  return stats;
}

function addRatio(into: Ratio, from: Ratio): void {
  into.hit += from.hit;
  into.of += from.of;
}

export function addStats(into: SideStats, from: SideStats): void {
  addRatio(into.soundness, from.soundness);
  addRatio(into.precision, from.precision);
  addRatio(into.structural, from.structural);
  addRatio(into.givenInvalid, from.givenInvalid);
  addRatio(into.mutants, from.mutants);
  addRatio(into.mutantsOfAccepted, from.mutantsOfAccepted);
  for (const c of CATEGORIES) addRatio(into.byCategory[c], from.byCategory[c]);
}

export interface SetTotals {
  /** Over the units both sides checked: the comparison. */
  common: Record<Side, SideStats>;
  commonUnits: number;
  /** Each side over every unit it checked. */
  own: Record<Side, SideStats>;
  ownUnits: Record<Side, number>;
}

export function setTotals(units: readonly UnitResult[]): SetTotals {
  const totals: SetTotals = {
    common: { charter: emptyStats(), json2ts: emptyStats() },
    commonUnits: 0,
    own: { charter: emptyStats(), json2ts: emptyStats() },
    ownUnits: { charter: 0, json2ts: 0 },
  };
  for (const unit of units) {
    const stats = Object.fromEntries(SIDES.map((side) => [side, unitStats(unit, side)])) as Record<
      Side,
      SideStats | undefined
    >;
    for (const side of SIDES) {
      const s = stats[side];
      if (!s) continue;
      addStats(totals.own[side], s);
      totals.ownUnits[side]++;
    }
    if (stats.charter && stats.json2ts) {
      totals.commonUnits++;
      for (const side of SIDES) addStats(totals.common[side], stats[side]!);
    }
  }
  return totals;
}

export function percent(r: Ratio): string {
  return r.of === 0 ? "–" : `${((100 * r.hit) / r.of).toFixed(1)} %`;
}

/** Valid literals charter's types reject: defects. */
export function soundnessMisses(
  units: readonly UnitResult[],
  side: Side,
): { unit: string; source: string; message: string }[] {
  const out: { unit: string; source: string; message: string }[] = [];
  for (const unit of units) {
    const outcome = unit.sides[side];
    if (outcome.status !== "checked") continue;
    unit.probes.forEach((probe, i) => {
      const verdict = outcome.verdicts[i];
      if (probe.origin === "valid" && verdict !== null && verdict !== undefined)
        out.push({ unit: unit.id, source: probe.source, message: verdict });
    });
  }
  return out;
}
