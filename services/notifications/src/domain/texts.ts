/** The texts of each kind of notification, rendered when read so other players appear by their current username. */

export interface Texts {
  title: string;
  message: string;
}

type Params = Record<string, string | number>;

const coins = (n: string | number) => `${Number(n).toLocaleString('en-US')} coins`;
const dollars = (cents: string | number) => `$${(Number(cents) / 100).toFixed(2)}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** A lineup's points, sent in tenths: "42.5 points", "1 point". */
const points = (tenths: string | number) => {
  const value = Number(tenths) / 10;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${value === 1 ? 'point' : 'points'}`;
};

/** A mute's end as a notification names it: the server does not know the player's zone, so UTC. */
function muteEnd(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${at.toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;
}

/** A squad challenge's reward: coins to the balance, a pack to reveal, or both (params of old drafts have no pack). */
function challengeReward(p: Params): string {
  const paid = Number(p.coins) > 0 ? `${coins(p.coins!)} go to your balance` : '';
  const pack = p.pack ? `${/^[AEIOU]/.test(String(p.pack)) ? 'an' : 'a'} ${p.pack} waits to be opened` : '';
  return [paid, pack].filter(Boolean).join(', and ');
}

/** What an offer gives or asks for: "2 cards and 500 coins". */
function bundle(cards: number, amount: number): string {
  const parts = [cards > 0 ? plural(cards, 'card', 'cards') : '', amount > 0 ? coins(amount) : ''].filter(
    Boolean,
  );
  return parts.join(' and ') || 'nothing';
}

const VOID_REASONS: Record<string, string> = {
  card_moved: 'a card in it changed owner',
  card_listed: 'a card in it was listed for sale',
  user_banned: 'an account in it is no longer active',
  expired: 'it expired',
};

const CASHOUT_STATUS: Record<string, (p: Params) => Texts> = {
  processing: (p) => ({
    title: 'Cash-out processing',
    message: `Your cash-out of ${coins(p.coins!)} (${dollars(p.cashCents!)}) is being processed.`,
  }),
  completed: (p) => ({
    title: 'Cash-out completed',
    message: `${dollars(p.cashCents!)} has been paid out for ${coins(p.coins!)}.`,
  }),
  rejected: (p) => ({
    title: 'Cash-out rejected',
    message: `Your cash-out of ${coins(p.coins!)} was rejected. The coins are back in your balance.${
      p.reason ? ` Reason: ${p.reason}` : ''
    }`,
  }),
};

/** `name` is the other player's username (or 'User #id' when the account no longer exists). */
const KINDS: Record<string, (p: Params, name: string) => Texts> = {
  'trade.offer_received': (p, name) => {
    const asks = Number(p.requestedCards) > 0 || Number(p.requestedCoins) > 0;
    return {
      title: 'New trade offer',
      message: `${name} offered you ${bundle(Number(p.offeredCards), Number(p.offeredCoins))}${
        asks ? ` for ${bundle(Number(p.requestedCards), Number(p.requestedCoins))}` : ''
      }.`,
    };
  },
  'trade.countered': (p, name) => {
    const asks = Number(p.requestedCards) > 0 || Number(p.requestedCoins) > 0;
    return {
      title: 'Counter-offer',
      message: `${name} countered your offer: ${bundle(Number(p.offeredCards), Number(p.offeredCoins))}${
        asks ? ` for ${bundle(Number(p.requestedCards), Number(p.requestedCoins))}` : ''
      }.`,
    };
  },
  'price.alert': (p) => ({
    title: `Price alert: ${p.playerName}`,
    message: `${p.playerName} is now ${coins(p.price!)}, ${p.direction === 'above' ? 'at or above' : 'at or below'} your alert at ${coins(p.threshold!)}.`,
  }),
  'auction.outbid': (p) => ({
    title: `Outbid: ${p.playerName}`,
    message: `Someone bid ${coins(p.currentBid!)} on the ${p.playerName} auction. Your ${coins(p.amount!)} are released.`,
  }),
  'auction.won': (p) => ({
    title: `Auction won: ${p.playerName}`,
    message: `You won the ${p.playerName} auction for ${coins(p.price!)}. The card is in your collection.`,
  }),
  'auction.sold': (p, name) => ({
    title: `Auction sold: ${p.playerName}`,
    message: `${name} won your ${p.playerName} auction for ${coins(p.price!)}. You received ${coins(p.proceeds!)}.`,
  }),
  'auction.unsold': (p) => ({
    title: 'Auction ended without bids',
    message: `Your ${p.playerName} auction ended without bids. The card is back in your collection.`,
  }),
  'auction.withdrawn': (p) => ({
    title: 'Auction withdrawn',
    message: `Your ${p.playerName} auction was withdrawn by an admin. The card is back in your collection.`,
  }),
  'trade.accepted': (_p, name) => ({
    title: 'Trade accepted',
    message: `${name} accepted your trade offer.`,
  }),
  'trade.declined': (_p, name) => ({
    title: 'Trade declined',
    message: `${name} declined your trade offer.`,
  }),
  'trade.cancelled': (_p, name) => ({
    title: 'Trade offer cancelled',
    message: `${name} cancelled the trade offer they sent you.`,
  }),
  'trade.voided': (p, name) => ({
    title: 'Trade offer closed',
    message: `Your trade offer ${p.side === 'sent' ? 'to' : 'from'} ${name} was closed: ${
      VOID_REASONS[String(p.reason)] ?? 'it can no longer be completed'
    }.`,
  }),
  'market.card_sold': (p, name) => ({
    title: 'Card sold',
    message: `${name} bought your ${p.playerName} for ${coins(p.price!)}. You received ${coins(p.proceeds!)}.`,
  }),
  'mission.completed': (p) => ({
    title: 'Mission completed',
    message: `${p.description}: claim your ${coins(p.reward!)} in Missions.`,
  }),
  'matchday.ranked': (p) => ({
    title: 'Matchday results',
    message: `Matchday ${p.matchdayId} is scored: your lineup made ${points(p.points!)}, #${p.rank} of ${plural(Number(p.entries), 'lineup', 'lineups')}.`,
  }),
  'matchday.reward': (p) => ({
    title: 'Matchday reward',
    message: `Your lineup finished #${p.rank} of matchday ${p.matchdayId}: ${coins(p.coins!)} were added to your balance.`,
  }),
  'challenge.completed': (p) => ({
    title: 'Squad challenge completed',
    message: `You gave up ${plural(Number(p.cards), 'card', 'cards')} for "${p.title}": ${challengeReward(p)}.`,
  }),
  'badge.earned': (p) => ({ title: `Badge earned: ${p.name}`, message: String(p.description) }),
  'payment.succeeded': (p) => ({
    title: 'Coins added',
    message: `${coins(p.coins!)} were added to your balance (${dollars(p.amountCents!)}).`,
  }),
  'cashout.requested': (p) => ({
    title: 'Cash-out requested',
    message: `Your cash-out of ${coins(p.coins!)} (${dollars(p.cashCents!)}) is waiting for review.`,
  }),
  'cashout.status': (p) =>
    (
      CASHOUT_STATUS[String(p.status)] ??
      ((q: Params) => ({
        title: 'Cash-out updated',
        message: `Your cash-out of ${coins(q.coins!)} is now ${q.status}.`,
      }))
    )(p),
  'account.muted': (p) => ({
    title: 'You are muted',
    message:
      `An admin muted you ${p.until ? `until ${muteEnd(String(p.until))}` : 'until further notice'}` +
      `${p.reason ? `. Reason: ${p.reason}` : ''}. Until then you cannot add notes to offers and wishes or change your username.`,
  }),
  'account.unmuted': () => ({
    title: 'Your mute was lifted',
    message: 'You can add notes to offers and wishes and change your username again.',
  }),
  welcome: (p) => ({
    title: 'Welcome to Touchline!',
    message: `Your starter pack of ${plural(Number(p.cards), 'card', 'cards')} is waiting in your collection.`,
  }),
};

/** The other player a notification names, if any. */
export const otherUserOf = (params: Params): number | undefined =>
  params.otherUserId === undefined ? undefined : Number(params.otherUserId);

/** How a player is named whose account no longer exists (docs/design.md#7-decisions-on-the-specs-open-points, who is shown). */
export const goneUserName = (userId: number) => `User #${userId}`;

/** How a player is named while identity cannot be asked. */
export const UNRESOLVED_NAME = 'a player';

export function render(kind: string, params: Params, name: string): Texts {
  const texts = KINDS[kind];
  if (!texts) return { title: 'Notification', message: '' };
  const { title, message } = texts(params, name);
  // Usernames keep their case; only the stand-in name is capitalised at the start of a sentence.
  return {
    title,
    message: name === UNRESOLVED_NAME ? message.charAt(0).toUpperCase() + message.slice(1) : message,
  };
}
