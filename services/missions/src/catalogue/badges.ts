import type { BadgeDefinition } from '../domain/definitions';

/**
 * The badges, as data: milestones earned once per user from events. Ids are stable (earned badges
 * refer to them); icons are names the Achievements grid draws.
 */
export const BADGES: readonly BadgeDefinition[] = [
  {
    id: 'first-pack',
    name: 'Pack Opener',
    description: 'Opened your first pack',
    howToEarn: 'Open a card pack',
    icon: 'sparkles',
    rule: { kind: 'events', event: 'cards.pack.opened', as: ['opener'], atLeast: 1 },
  },
  {
    id: 'first-buy',
    name: 'Market Debut',
    description: 'Bought your first card on the market',
    howToEarn: 'Buy a card on the market',
    icon: 'rocket',
    rule: { kind: 'events', event: 'market.sale.completed', as: ['buyer'], atLeast: 1 },
  },
  {
    id: 'first-sale',
    name: 'First Sale',
    description: 'Sold your first card on the market',
    howToEarn: 'Sell one of your cards on the market',
    icon: 'zap',
    rule: { kind: 'events', event: 'market.sale.completed', as: ['seller'], atLeast: 1 },
  },
  {
    id: 'first-trade',
    name: 'Deal Maker',
    description: 'Completed your first trade with another player',
    howToEarn: 'Complete a trade with another player',
    icon: 'star',
    rule: { kind: 'events', event: 'trading.trade.accepted', as: ['sender', 'recipient'], atLeast: 1 },
  },
  {
    id: 'trades-10',
    name: 'Trade Master',
    description: 'Completed 10 trades with other players',
    howToEarn: 'Complete 10 trades with other players',
    icon: 'flame',
    rule: { kind: 'events', event: 'trading.trade.accepted', as: ['sender', 'recipient'], atLeast: 10 },
  },
  {
    id: 'club-roster',
    name: 'Full Squad',
    description: "Collected every player of a club's roster",
    howToEarn: "Own a card of every player of one club's roster",
    icon: 'shield',
    rule: { kind: 'teamRoster' },
  },
  {
    id: 'value-25k',
    name: 'Collector',
    description: 'Reached a collection value of 25,000 coins',
    howToEarn: 'Reach a collection value of 25,000 coins',
    icon: 'medal',
    rule: { kind: 'collectionValue', atLeast: 25_000 },
  },
  {
    id: 'value-100k',
    name: 'Connoisseur',
    description: 'Reached a collection value of 100,000 coins',
    howToEarn: 'Reach a collection value of 100,000 coins',
    icon: 'gem',
    rule: { kind: 'collectionValue', atLeast: 100_000 },
  },
  {
    id: 'value-500k',
    name: 'Tycoon',
    description: 'Reached a collection value of 500,000 coins',
    howToEarn: 'Reach a collection value of 500,000 coins',
    icon: 'crown',
    rule: { kind: 'collectionValue', atLeast: 500_000 },
  },
  {
    id: 'missions-10',
    name: 'Mission Specialist',
    description: 'Claimed 10 mission rewards',
    howToEarn: 'Claim 10 mission rewards',
    icon: 'target',
    rule: { kind: 'missionsClaimed', atLeast: 10 },
  },
  {
    id: 'missions-50',
    name: 'Mission Legend',
    description: 'Claimed 50 mission rewards',
    howToEarn: 'Claim 50 mission rewards',
    icon: 'trophy',
    rule: { kind: 'missionsClaimed', atLeast: 50 },
  },
  {
    id: 'challenge-1',
    name: 'Squad Builder',
    description: 'Completed a squad challenge',
    howToEarn: 'Complete a squad challenge',
    icon: 'medal',
    rule: { kind: 'events', event: 'market.challenge.completed', as: ['player'], atLeast: 1 },
  },
];
