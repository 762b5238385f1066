import { connectPeers, type PeerClient, type PeerOptions, type Peers } from '@touchline/kit';

/**
 * The services admin works over: identity (who is an admin, users, ban and mute), the wallet
 * (coins, purchases, cash-outs, the profit wallet, spending limits), cards-market (the admin's cards,
 * transfer to shop), the leaderboard (rank and collection value), trading (a user's trade history)
 * and matchday (results imported from a file).
 */
export const PEERS = {
  identity: 'identity',
  wallet: 'wallet-payments',
  cards: 'cards-market',
  leaderboard: 'leaderboard',
  trading: 'trading',
  matchday: 'matchday',
} as const;

export type AdminPeers = Peers<typeof PEERS>;
export type IdentityClient = PeerClient<'identity'>;
export type CardsClient = PeerClient<'cards-market'>;
export type WalletClient = PeerClient<'wallet-payments'>;
export type LeaderboardClient = PeerClient<'leaderboard'>;
export type TradingClient = PeerClient<'trading'>;
export type MatchdayClient = PeerClient<'matchday'>;

export function createPeers(addresses: Record<string, string>, options?: PeerOptions): AdminPeers {
  return connectPeers(PEERS, addresses, options);
}
