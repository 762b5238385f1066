import {
  POSITIONS,
  type Card,
  type CreateWishBody,
  type Position,
  type Rarity,
  type Team,
  type TradeWish,
  type WishSort,
} from '@touchline/contract';

import type { WishFilters } from '@/lib/data/wishes';

export const WISH_SORTS: readonly { value: WishSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'rarity', label: 'Highest Rarity' },
  { value: 'value_desc', label: 'Highest Value' },
  { value: 'value_asc', label: 'Lowest Value' },
];

/** The positions a wish can ask for (docs/spec/game-spec.md#9-business-constants-and-limits). */
export const WISH_POSITIONS = POSITIONS;

export const DEFAULT_WISH_FILTERS: WishFilters = {
  search: '',
  rarity: '',
  position: '',
  teamId: null,
  user: '',
  sort: 'newest',
};

export function isDefaultFilters(filters: WishFilters): boolean {
  return (
    filters.search.trim() === '' &&
    filters.rarity === '' &&
    filters.position === '' &&
    filters.teamId === null &&
    filters.user === '' &&
    filters.sort === 'newest'
  );
}

/** The owner's name: the username, else 'User #id'. */
export function wishOwnerName(wish: Pick<TradeWish, 'username' | 'userId'>): string {
  return wish.username?.trim() || `User #${wish.userId}`;
}

/** A team's name by id, 'Team #id' when unknown. */
export function teamName(teams: readonly Team[] | undefined, teamId: number): string {
  return teams?.find((team) => team.id === teamId)?.name ?? `Team #${teamId}`;
}

/** Whether the owner asked for anything in particular; otherwise they are 'Open to any offers'. */
export function hasPreferences(wish: TradeWish): boolean {
  return Boolean(
    wish.desiredRarity || wish.desiredPosition || wish.desiredTeamId || (wish.minimumCoins ?? 0) > 0,
  );
}

/** Whether a position text is the wished position (positions contain Forward, Midfielder, ...). */
export function matchesWishPosition(position: string, desired: string): boolean {
  return position.toLowerCase().includes(desired.toLowerCase());
}

/** Warnings for a card offered on a wish whose rarity, position or team it does not match. */
export function cardMismatches(card: Card, wish: TradeWish, teams: readonly Team[] | undefined): string[] {
  const warnings: string[] = [];
  const { player } = card;
  if (wish.desiredRarity && player.rarity !== wish.desiredRarity)
    warnings.push(`Rarity does not match: they want ${wish.desiredRarity}, this card is ${player.rarity}`);
  if (wish.desiredPosition && !matchesWishPosition(player.position, wish.desiredPosition))
    warnings.push(
      `Position does not match: they want a ${wish.desiredPosition}, this card is a ${player.position}`,
    );
  if (wish.desiredTeamId && player.teamId !== wish.desiredTeamId)
    warnings.push(
      `Team does not match: they want ${teamName(teams, wish.desiredTeamId)}, this card is ${player.team.name}`,
    );
  return warnings;
}

/** The form of 'List Card for Trade'. */
export interface WishForm {
  cardId: number;
  desiredRarity: Rarity | '';
  desiredPosition: Position | '';
  /** '' for any team. */
  desiredTeamId: string;
  minimumCoins: number;
  notes: string;
}

/** The request body: only the fields that are set; minimum coins only if > 0, notes only if non-blank. */
export function buildWishRequest(form: WishForm): CreateWishBody {
  const request: CreateWishBody = { cardId: form.cardId };
  if (form.desiredRarity) request.desiredRarity = form.desiredRarity;
  if (form.desiredPosition) request.desiredPosition = form.desiredPosition;
  const teamId = Number(form.desiredTeamId);
  if (form.desiredTeamId && Number.isInteger(teamId) && teamId > 0) request.desiredTeamId = teamId;
  if (Number.isFinite(form.minimumCoins) && form.minimumCoins > 0) request.minimumCoins = form.minimumCoins;
  if (form.notes.trim()) request.notes = form.notes.trim();
  return request;
}
