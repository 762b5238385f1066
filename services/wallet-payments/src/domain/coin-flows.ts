/**
 * Coins minted and burned, as the economy's counters see them: a posting that moves coins from the
 * platform's accounts into players' accounts mints them (for its reason), one that moves them out
 * of players' accounts into the platform's burns them. So at any time the players hold exactly
 * what was minted less what was burned. A transfer between players counts only its fee.
 */

/** Reasons that bring coins into players' accounts: the `source` label. */
export const MINT_SOURCES = [
  'welcome',
  'purchase',
  'promo',
  'mission',
  'matchday',
  'challenge',
  'refund',
  'cashout_rejected',
] as const;
/** Reasons that take coins out of players' accounts: the `sink` label. */
export const BURN_SINKS = ['market.sale', 'pack', 'trade', 'cashout'] as const;

/** Any other reason (a grant or transfer with a caller's own words) is counted as this, keeping labels bounded. */
export const OTHER_REASON = 'other';

const KNOWN = new Set<string>([...MINT_SOURCES, ...BURN_SINKS]);

/** The label of a posting's reason: the reason itself when it is a known one. */
export function flowLabel(reason: string): string {
  return KNOWN.has(reason) ? reason : OTHER_REASON;
}

/** What players' accounts gained and lost per reason, summed per transaction. */
export interface ReasonFlow {
  reason: string;
  /** Sum of the transactions' net gain of players' accounts, where it was positive. */
  minted: number;
  /** Sum of the transactions' net loss of players' accounts, where it was positive. */
  burned: number;
}

/** The counters' totals per label: every known source and sink (0 until used), and `other` when seen. */
export function flowTotals(flows: readonly ReasonFlow[]): {
  minted: Map<string, number>;
  burned: Map<string, number>;
} {
  const minted = new Map<string, number>(MINT_SOURCES.map((s) => [s, 0]));
  const burned = new Map<string, number>(BURN_SINKS.map((s) => [s, 0]));
  for (const flow of flows) {
    const label = flowLabel(flow.reason);
    if (flow.minted > 0) minted.set(label, (minted.get(label) ?? 0) + flow.minted);
    if (flow.burned > 0) burned.set(label, (burned.get(label) ?? 0) + flow.burned);
  }
  return { minted, burned };
}
