/** The groups the targets of a crowd are stated for, and the rest of the calls a player makes. */
export const GROUPS = [
  'shared reads',
  'per-user reads',
  'buys/sells/trade answers',
  'packs',
  'coins',
  'other writes',
  'sign-in',
] as const;
export type RouteGroup = (typeof GROUPS)[number];

/**
 * Reads whose answer is the same for every player between two changes (what issue 28 item 2
 * shares): the market, all players, the catalog, teams and rosters, trending, price histories, the
 * leaderboard, the market's status, the shop's packs and coin packages, the open wishes.
 */
const SHARED_READS = [
  /^\/api\/market(\?|$)/,
  /^\/api\/market\/all-players/,
  /^\/api\/market\/trending/,
  /^\/api\/market\/status/,
  /^\/api\/market\/players\/\d+\/history/,
  /^\/api\/player-catalog/,
  /^\/api\/teams/,
  /^\/api\/leaderboard/,
  /^\/api\/packs(\?|$)/,
  /^\/api\/coin-packages/,
  /^\/api\/tradewishes(\?|$)/,
];

/** Writes the 600 ms target is for: a buy, a sale or its withdrawal, and the answers to an offer. */
const TRADES = [
  /^\/api\/market\/(buy|sell|withdraw)\//,
  /^\/api\/trades\/\d+\/(accept|decline)$/,
  /^\/api\/trades\/\d+$/,
];

/** The group of a call, by its method and path (with its query). */
export function routeGroup(method: string, path: string): RouteGroup {
  const m = method.toUpperCase();
  if (/^\/api\/(register|login|logout)$/.test(path)) return 'sign-in';
  if (m === 'GET') return SHARED_READS.some((r) => r.test(path)) ? 'shared reads' : 'per-user reads';
  if (TRADES.some((r) => r.test(path))) return 'buys/sells/trade answers';
  if (path.startsWith('/api/packs/')) return 'packs';
  if (/^\/api\/(create-payment-intent|test-payments\/|payment\/success)/.test(path)) return 'coins';
  return 'other writes';
}

/** A call's route for the report: its method and path, ids as `:id`, without the query. */
export function routeOf(method: string, path: string): string {
  const bare = path
    .split('?')[0]!
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    // A test-mode payment's id (pi_test_…) is an id too: one route, not one per payment.
    .replace(/\/pi_[A-Za-z0-9_]+(?=\/|$)/g, '/:id');
  return `${method.toUpperCase()} ${bare}`;
}
