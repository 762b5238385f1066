import type { MissionDefinition } from '../domain/definitions';

/**
 * The missions, as data. Rewards are sized against the economy: a new player holds 10,000 welcome
 * coins, the cheapest pack (Common) costs 600 and a Common card 100-500. Every daily mission done is
 * 1,150 coins a day (under two Common packs); every weekly one 7,700 a week. A mission that costs
 * coins to do (a pack, a purchase) pays back about half of the cheapest way to do it, so missions
 * nudge play without paying for it.
 *
 * Ids are stable: progress and claims refer to them. Retire a mission by removing it; never reuse its id.
 */
export const MISSIONS: readonly MissionDefinition[] = [
  {
    id: 1,
    period: 'daily',
    description: 'Sign in today',
    icon: 'log-in',
    counts: { event: 'identity.user.logged_in', as: ['user'] },
    target: 1,
    reward: 100,
  },
  {
    id: 2,
    period: 'daily',
    description: 'Buy a card on the market',
    icon: 'shopping-cart',
    counts: { event: 'market.sale.completed', as: ['buyer'] },
    target: 1,
    reward: 200,
  },
  {
    id: 3,
    period: 'daily',
    description: 'List a card for sale',
    icon: 'tag',
    counts: { event: 'cards.listing.created', as: ['seller'] },
    target: 1,
    reward: 150,
  },
  {
    id: 4,
    period: 'daily',
    description: 'Open a pack',
    icon: 'package-open',
    counts: { event: 'cards.pack.opened', as: ['opener'] },
    target: 1,
    reward: 300,
  },
  {
    id: 5,
    period: 'daily',
    description: 'Send a trade offer',
    icon: 'send',
    counts: { event: 'trading.offer.created', as: ['sender'] },
    target: 1,
    reward: 150,
  },
  {
    id: 6,
    period: 'daily',
    description: 'Post a trade wish',
    icon: 'sparkles',
    counts: { event: 'trading.wish.created', as: ['owner'] },
    target: 1,
    reward: 100,
  },
  {
    id: 7,
    period: 'weekly',
    description: 'Sell 3 cards on the market',
    icon: 'coins',
    counts: { event: 'market.sale.completed', as: ['seller'] },
    target: 3,
    reward: 1_000,
  },
  {
    id: 8,
    period: 'weekly',
    description: 'Complete 2 trades',
    icon: 'handshake',
    counts: { event: 'trading.trade.accepted', as: ['sender', 'recipient'] },
    target: 2,
    reward: 1_500,
  },
  {
    id: 9,
    period: 'weekly',
    description: 'Buy 5 cards on the market',
    icon: 'shopping-bag',
    counts: { event: 'market.sale.completed', as: ['buyer'] },
    target: 5,
    reward: 1_000,
  },
  {
    id: 10,
    period: 'weekly',
    description: 'Open 3 packs',
    icon: 'package',
    counts: { event: 'cards.pack.opened', as: ['opener'] },
    target: 3,
    reward: 1_200,
  },
  {
    id: 11,
    period: 'weekly',
    description: 'Grow your collection value by 5,000 coins',
    icon: 'trending-up',
    counts: { event: 'leaderboard.stats.changed', gainOf: 'collectionValue' },
    target: 5_000,
    reward: 2_000,
  },
  // Squad challenges (decision 0018) and matchdays (issue 44), built side by side.
  {
    id: 21,
    period: 'weekly',
    description: 'Complete a squad challenge',
    icon: 'sparkles',
    counts: { event: 'market.challenge.completed', as: ['player'] },
    target: 1,
    reward: 1_000,
  },
  {
    id: 22,
    period: 'daily',
    description: 'Field a matchday lineup',
    icon: 'shirt',
    counts: { event: 'matchday.lineup.fielded', as: ['owner'] },
    target: 1,
    reward: 150,
  },
  {
    id: 23,
    period: 'weekly',
    description: 'Score 30 points in a matchday',
    icon: 'goal',
    counts: { event: 'matchday.lineup.ranked', as: ['scored30'] },
    target: 1,
    reward: 1_000,
  },
];
