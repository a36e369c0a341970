/** One exported function of a validator module: the root (`validate`) or a top-level definition. */
export interface ValidatorExport {
  exportName: string;
  /** "" for the root, `/$defs/K` for a definition. */
  pointer: string;
  typeName: string | undefined;
  ref: string;
}
