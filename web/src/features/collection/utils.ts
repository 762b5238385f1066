import type { Card, Player, Team } from '@touchline/contract';
import { collectionValue, rarityRank } from '@/lib/cards';
import { percentOf } from '@/lib/progress';

/** One player of a team as owned: the player and the user's cards of them (newest first). */
export interface OwnedPlayer {
  player: Player;
  cards: Card[];
}

export interface TeamProgress {
  team: Team;
  /** Every card of the team's players. */
  cardCount: number;
  /** Owned players, rarest first, then by name. */
  players: OwnedPlayer[];
  rosterSize: number;
  /** Whole percent of the roster owned, rounded down. */
  percent: number;
}

function ownedPlayers(cards: readonly Card[]): OwnedPlayer[] {
  const byPlayer = new Map<number, OwnedPlayer>();
  for (const card of cards) {
    const entry = byPlayer.get(card.player.id);
    if (entry) entry.cards.push(card);
    else byPlayer.set(card.player.id, { player: card.player, cards: [card] });
  }
  return [...byPlayer.values()].sort(
    (a, b) =>
      rarityRank(a.player.rarity) - rarityRank(b.player.rarity) || a.player.name.localeCompare(b.player.name),
  );
}

/** Completion of every team (sorted by name) from the user's cards. */
export function teamProgress(teams: readonly Team[], cards: readonly Card[]): TeamProgress[] {
  const byTeam = new Map<number, Card[]>();
  for (const card of cards) {
    const teamId = card.player.teamId ?? card.player.team.id;
    const list = byTeam.get(teamId);
    if (list) list.push(card);
    else byTeam.set(teamId, [card]);
  }
  return [...teams]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((team) => {
      const teamCards = byTeam.get(team.id) ?? [];
      const players = ownedPlayers(teamCards);
      return {
        team,
        cardCount: teamCards.length,
        players,
        rosterSize: team.playerCount,
        percent: percentOf(players.length, team.playerCount),
      };
    });
}

export interface CollectionStats {
  totalCards: number;
  uniquePlayers: number;
  /** Name of the team with the most cards (ties: alphabetical), null without cards. */
  mostCollectedTeam: string | null;
  collectionValue: number;
}

export function collectionStats(cards: readonly Card[]): CollectionStats {
  const perTeam = new Map<string, number>();
  for (const card of cards) perTeam.set(card.player.team.name, (perTeam.get(card.player.team.name) ?? 0) + 1);
  let mostCollectedTeam: string | null = null;
  let best = 0;
  for (const [name, count] of [...perTeam.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (count > best) {
      best = count;
      mostCollectedTeam = name;
    }
  }
  return {
    totalCards: cards.length,
    uniquePlayers: new Set(cards.map((card) => card.player.id)).size,
    mostCollectedTeam,
    collectionValue: collectionValue(cards),
  };
}
