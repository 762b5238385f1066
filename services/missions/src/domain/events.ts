import type { EventOutput, Topic } from '@touchline/protos';

/**
 * How each counted event names its users and its time: a mission or badge says which event counts
 * and for whom (`as`: a role below), and this table finds that user and the event's own time in the
 * payload. The time decides the period an event counts into, never the time it is processed.
 */
interface CountedEvent<T extends Topic> {
  at(event: EventOutput<T>): string;
  roles: Record<string, (event: EventOutput<T>) => number>;
  /** The event counts as this other one wherever that one counts (a sign-up is a sign-in). */
  countsAs?: Topic;
}

const counted = <T extends Topic>(spec: CountedEvent<T>) => spec;

export const COUNTED_EVENTS = {
  // Signing up signs the player in (identity opens the session), so it is that day's sign-in.
  'identity.user.registered': counted<'identity.user.registered'>({
    at: (e) => e.registeredAt,
    roles: { user: (e) => e.userId },
    countsAs: 'identity.user.logged_in',
  }),
  'identity.user.logged_in': counted<'identity.user.logged_in'>({
    at: (e) => e.loggedInAt,
    roles: { user: (e) => e.userId },
  }),
  'market.sale.completed': counted<'market.sale.completed'>({
    at: (e) => e.completedAt,
    roles: { buyer: (e) => e.buyerUserId, seller: (e) => e.sellerUserId },
  }),
  'cards.listing.created': counted<'cards.listing.created'>({
    at: (e) => e.listedAt,
    roles: { seller: (e) => e.userId },
  }),
  'cards.pack.opened': counted<'cards.pack.opened'>({
    at: (e) => e.openedAt,
    roles: { opener: (e) => e.userId },
  }),
  'trading.offer.created': counted<'trading.offer.created'>({
    at: (e) => e.createdAt,
    roles: { sender: (e) => e.fromUserId, recipient: (e) => e.toUserId },
  }),
  'trading.trade.accepted': counted<'trading.trade.accepted'>({
    at: (e) => e.acceptedAt,
    roles: { sender: (e) => e.fromUserId, recipient: (e) => e.toUserId },
  }),
  'trading.wish.created': counted<'trading.wish.created'>({
    at: (e) => e.createdAt,
    roles: { owner: (e) => e.userId },
  }),
  // A squad challenge completed (cards-market, decision 0018): once per player and challenge.
  'market.challenge.completed': counted<'market.challenge.completed'>({
    at: (e) => e.completedAt,
    roles: { player: (e) => e.userId },
  }),
  'matchday.lineup.fielded': counted<'matchday.lineup.fielded'>({
    at: (e) => e.fieldedAt,
    roles: { owner: (e) => e.userId },
  }),
  // A scored lineup: every one is an entrant; the point roles (tenths in the event) are taken only
  // by a lineup that reached them, so "score N points" is a count like any other.
  'matchday.lineup.ranked': counted<'matchday.lineup.ranked'>({
    at: (e) => e.rankedAt,
    roles: {
      entrant: (e) => e.userId,
      scored30: (e) => (Number(e.points) >= 300 ? e.userId : 0),
      scored50: (e) => (Number(e.points) >= 500 ? e.userId : 0),
    },
  }),
} as const;

export type CountedTopic = keyof typeof COUNTED_EVENTS;
export const COUNTED_TOPICS = Object.keys(COUNTED_EVENTS) as CountedTopic[];

/** One user's share of one event: "user 7 was the buyer of a sale at 14:02". */
export interface Fact {
  event: CountedTopic;
  userId: number;
  /** Every role the user plays in the event (a count moves once per event, whatever the roles). */
  roles: string[];
  at: Date;
}

/** The event's own time; the bus's publication time when the payload has none (or garbage). */
export function eventTime(raw: string, fallback: Date): Date {
  const at = raw ? new Date(raw) : fallback;
  return Number.isNaN(at.getTime()) ? fallback : at;
}

/** The facts of one event: one per real user in it (user 0, the market, never counts). */
export function factsOf<T extends CountedTopic>(topic: T, event: EventOutput<T>, publishedAt: Date): Fact[] {
  const spec = COUNTED_EVENTS[topic] as unknown as CountedEvent<T>;
  const at = eventTime(spec.at(event), publishedAt);
  const counts = (spec.countsAs ?? topic) as CountedTopic;
  const byUser = new Map<number, string[]>();
  for (const [role, userOf] of Object.entries(spec.roles)) {
    const userId = Number(userOf(event));
    if (userId > 0) byUser.set(userId, [...(byUser.get(userId) ?? []), role]);
  }
  return [...byUser].map(([userId, roles]) => ({ event: counts, userId, roles, at }));
}

/** Whether a fact counts for a mission or badge that counts `event` in the roles `as`. */
export const factMatches = (fact: Fact, counter: { event: string; as: readonly string[] }): boolean =>
  fact.event === counter.event && fact.roles.some((role) => counter.as.includes(role));

export function isRoleOf(topic: CountedTopic, role: string): boolean {
  return Object.hasOwn(COUNTED_EVENTS[topic].roles, role);
}
