import { format, isValid, parseISO } from 'date-fns';

import type { Card } from '@touchline/contract';

import type { TradeParty, UsernameEntry } from '@touchline/contract';

/** A party's display name: the username, else 'User #id'. */
export function partyName(party: TradeParty): string {
  return party.username?.trim() || `User #${party.id}`;
}

/** An offer's date: 'Mar 6, 2026 6:05 PM' in local time; 'Unknown date' when unparseable. */
export function formatOfferDate(value: string | null | undefined): string {
  if (!value) return 'Unknown date';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy h:mm a') : 'Unknown date';
}

/** The users one can trade with: not the market (id 0), not oneself; sorted by username. */
export function tradeableUsers(users: readonly UsernameEntry[], selfId: number | undefined): UsernameEntry[] {
  return users
    .filter((entry) => entry.id !== 0 && entry.id !== selfId && entry.username.trim() !== '')
    .sort((a, b) => a.username.localeCompare(b.username));
}

/** Own cards that can be offered or listed for trade: not listed for sale (docs/spec/game-spec.md#4-states-and-transitions). */
export function availableCards(cards: readonly Card[]): Card[] {
  return cards.filter((card) => !card.forSale);
}

/**
 * A coin amount typed by the user: blank is 0, a whole number is itself, anything else (negative,
 * fractional, not a number) is NaN.
 */
export function parseCoins(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return Number.NaN;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : Number.NaN;
}
