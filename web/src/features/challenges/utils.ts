import type { Card, Challenge } from '@touchline/contract';
import {
  cardFit,
  checkSquad,
  describeRequirements,
  type CardFit,
  type ChallengeRequirements,
  type SquadCard,
} from '@touchline/rules';

/** A challenge's requirements in libs/rules' terms, so the builder checks what the server checks. */
export function requirementsOf(challenge: Challenge): ChallengeRequirements {
  return {
    cardCount: challenge.cardCount,
    teamId: challenge.teamId,
    position: challenge.position,
    minRarity: challenge.minRarity,
    minTotalValue: challenge.minTotalValue,
  };
}

export const requirementLines = (challenge: Challenge): string[] =>
  describeRequirements(requirementsOf(challenge), challenge.teamName ?? undefined);

export function squadCard(card: Card): SquadCard {
  return {
    id: card.id,
    teamId: card.player.teamId,
    position: card.player.position,
    rarity: card.player.rarity,
    currentPrice: card.player.currentPrice,
  };
}

/** Why a card cannot go into a squad now; null when it can (the server also refuses held cards). */
export function unavailableReason(card: Card): string | null {
  if (card.forSale) return 'Listed for sale';
  if (card.auctionId) return 'At auction';
  return null;
}

export const fitOf = (card: Card, challenge: Challenge): CardFit =>
  cardFit(squadCard(card), requirementsOf(challenge));

/** Whether a card meets every per-card requirement (the ones the squad builder lists it under). */
export const cardFits = (fit: CardFit): boolean =>
  fit.team !== false && fit.position !== false && fit.rarity !== false;

export const checkOf = (cards: readonly Card[], challenge: Challenge) =>
  checkSquad(cards.map(squadCard), requirementsOf(challenge));

/** Each per-card requirement a card meets, in words, for the builder's row: "Team ✓". */
export function fitLabels(fit: CardFit, challenge: Challenge): { label: string; met: boolean }[] {
  const labels: { label: string; met: boolean }[] = [];
  if (fit.team !== null) labels.push({ label: challenge.teamName ?? 'Team', met: fit.team });
  if (fit.position !== null) labels.push({ label: challenge.position ?? 'Position', met: fit.position });
  if (fit.rarity !== null) labels.push({ label: `${challenge.minRarity ?? ''}+`, met: fit.rarity });
  return labels;
}

export const STATE_LABELS: Record<Challenge['state'], string> = {
  scheduled: 'Scheduled',
  open: 'Open',
  ended: 'Ended',
  retired: 'Retired',
};
