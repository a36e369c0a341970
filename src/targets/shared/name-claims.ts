import type { Diagnostic, SourcePosition } from "../../core/diagnostic.js";

/** What a clash between derived names does: `qualify` renames all but one (a warning), `error` refuses both (CH601). */
export type NameClashes = "qualify" | "error";

export interface TypeNames {
  /** Exported type name by document key, then by pointer: "" for the root, `/$defs/K` or `/definitions/K` for a definition. */
  byDocument: Map<string, Map<string, string>>;
  /** Pointers of the schemas that are bare aliases of a definition sharing their name: no declaration of their own. */
  aliases: Map<string, Set<string>>;
  /** Documents whose names clash or are invalid: they get no types. */
  failed: Set<string>;
  diagnostics: Diagnostic[];
  /** What each contract named now claimed, before clashes were settled: a run's record keeps it for the next. */
  claims: Map<string, ContractClaims>;
  /** Set when a finding concerns a contract whose claims came from a record: where it is written is not known. */
  unplaced?: true;
}

/**
 * A contract's claims to type names before clashes are settled (JSON): what a run after an edit
 * settles for a contract it neither loads nor resolves, as the run that recorded them did.
 */
export interface ContractClaims {
  path: string;
  file: string;
  claims: {
    name: string;
    pointers: string[];
    label: string;
    explicit: boolean;
    fallbacks: string[];
    /** Where it is written, kept for a claim a finding was made of when clashes were settled. */
    position?: SourcePosition;
  }[];
  aliases: string[];
  /** Whether a name it gives is refused, with the findings that say so. */
  failed: boolean;
  diagnostics: Diagnostic[];
}

/** One type name a contract claims: its root, or a top-level definition (with the bare aliases merged into it). */
export interface Claim {
  name: string;
  documentKey: string;
  /** The schemas that share this type: one, or a bare `$ref` alias and the definition it names. */
  pointers: string[];
  /** Its place, for messages and ordering: the source path, then the pointer. */
  path: string;
  file: string;
  /** Where it is written: looked up only for a finding, since positions are found on first request (parse-json-lazily.ts). */
  position: () => SourcePosition | undefined;
  label: string;
  /** Set by `x-charter-name`: never renamed. */
  explicit: boolean;
  /** Names to fall back to when this one gives way, in order (before numbered ones). */
  fallbacks: string[];
  /** Taken from a record: its position is known only if a finding was made of it then. */
  recorded?: true;
  /** Where the finding made of it while clashes were settled is written. */
  reportedAt?: SourcePosition | undefined;
}
