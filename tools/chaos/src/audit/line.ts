/** One line of the audit: its name and what contradicts it (empty when it holds). */
export interface AuditLine {
  name: string;
  violations: string[];
  /** A figure worth printing next to "ok", e.g. how many rows were checked. */
  note?: string;
}

export function line(name: string, violations: string[], note?: string): AuditLine {
  return { name, violations, note };
}
