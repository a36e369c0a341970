import { errorAt, warningAt, type SourcePosition } from "../../core/diagnostic.js";
import { WRAPPER_NAME } from "../../repairs/support/generator-input.js";
import { CHARTER_KEYWORD } from "../../schema/keywords.js";
import type { Claim, NameClashes, TypeNames } from "./name-claims.js";
import { NAMING_CODES } from "./naming-codes.js";

const NAME_KEYWORD = CHARTER_KEYWORD.name;
/** The generator's wrapper object's name, which no type may take. */
const RESERVED_NAME = WRAPPER_NAME;

/**
 * Two claims of one derived name: the first by place keeps it (an explicit
 * name, then a contract's root, then a definition; then by source path and
 * pointer), the others take their first free fallback (`<Root><Key>`,
 * `<Root>_<Key>`, the root's path joined by `_`), else the name numbered, and
 * each is reported. Only names nobody claimed are taken, so a rename never
 * displaces another type, and a contract that clashes with no one keeps every
 * name whatever is added beside it. Explicit names never give way.
 */
export function settleClashes(claims: Claim[], clashes: NameClashes, names: TypeNames): void {
  const rank = (c: Claim) => (c.explicit ? 0 : c.pointers.includes("") ? 1 : 2);
  const compare = (a: Claim, b: Claim) =>
    rank(a) - rank(b) || compareText(a.path, b.path) || compareText(a.pointers[0]!, b.pointers[0]!);
  const taken = new Set(claims.map((c) => c.name));
  taken.add(RESERVED_NAME);
  const byName = new Map<string, Claim[]>();
  for (const claim of claims) byName.set(claim.name, [...(byName.get(claim.name) ?? []), claim]);
  const refuse = (claim: Claim, message: string) => {
    names.diagnostics.push(
      errorAt(NAMING_CODES.nameClash, message, {
        file: claim.file,
        position: reportedAt(claim, names),
        pointer: claim.pointers[0]!,
      }),
    );
    names.failed.add(claim.documentKey);
  };
  for (const name of [...byName.keys()].sort(compareText)) {
    const group = byName.get(name)!.sort(compare);
    // The generator's wrapper is removed from every module; a type of that name would go with it.
    const reserved = name === RESERVED_NAME;
    if (group.length < 2 && !reserved) continue;
    const explicitCount = group.filter((c) => c.explicit).length;
    const keeper = reserved || (group[0]!.explicit && explicitCount > 1) ? undefined : group[0]!;
    for (const claim of group) {
      if (claim === keeper) continue;
      const others = group.filter((c) => c !== claim).map((c) => c.label);
      if (reserved && (claim.explicit || clashes === "error")) {
        refuse(claim, `type name "${RESERVED_NAME}" is reserved by charter; set ${NAME_KEYWORD}`);
      } else if (clashes === "error" || claim.explicit) {
        // Two explicit names asked for the same type name, or the project asked for clashes to be refused.
        refuse(claim, `type name "${name}" is also given to ${others.join(", ")}; set ${NAME_KEYWORD} on one of them`);
      } else {
        const renamed = claim.fallbacks.find((n) => !taken.has(n)) ?? firstFree(name, taken);
        taken.add(renamed);
        const holder = reserved
          ? "reserved by charter for its generator wrapper"
          : keeper
            ? `${keeper.explicit ? `given by ${NAME_KEYWORD} to` : "derived for"} ${keeper.label}, which keeps it`
            : `given by ${NAME_KEYWORD} to ${group
                .filter((c) => c.explicit)
                .map((c) => c.label)
                .join(", ")}`;
        names.diagnostics.push(
          warningAt(
            NAMING_CODES.nameClashSettled,
            `type name "${name}" is also ${holder}; this one is named "${renamed}" (set ${NAME_KEYWORD} to choose its name)`,
            {
              file: claim.file,
              position: reportedAt(claim, names),
              pointer: claim.pointers[0]!,
            },
          ),
        );
        claim.name = renamed;
      }
    }
    if (keeper && clashes === "error")
      refuse(
        keeper,
        `type name "${name}" is also given to ${group
          .filter((c) => c !== keeper)
          .map((c) => c.label)
          .join(", ")}; set ${NAME_KEYWORD} on one of them`,
      );
  }
}

/**
 * Where a finding of `claim` is written, kept with it for the record; a claim from a record that
 * holds no position leaves the names unplaced (the run then reads every document).
 */
function reportedAt(claim: Claim, names: TypeNames): SourcePosition | undefined {
  const position = claim.position();
  if (position === undefined && claim.recorded) names.unplaced = true;
  claim.reportedAt = position;
  return position;
}

/** `Name2`, `Name3`, ...: the first nobody holds. */
function firstFree(name: string, taken: ReadonlySet<string>): string {
  let n = 2;
  while (taken.has(`${name}${n}`)) n++;
  return `${name}${n}`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
