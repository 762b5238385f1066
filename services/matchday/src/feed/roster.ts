import type { PitchPosition } from '@touchline/rules';
import type { CardsClient } from '../peers';

export interface CatalogPlayer {
  id: number;
  teamId: number;
  position: PitchPosition;
  basePrice: number;
}

const POSITIONS = new Set<string>(['Goalkeeper', 'Defender', 'Midfielder', 'Forward']);

/**
 * cards-market's players (team, position, base price), asked once per process: none of these
 * change. A failed ask is forgotten, so the next caller asks again.
 */
export function rosterLoader(options: {
  cards: Pick<CardsClient, 'GetCatalog'>;
  timeoutMs: number;
}): () => Promise<CatalogPlayer[]> {
  let players: Promise<CatalogPlayer[]> | undefined;
  const load = async (): Promise<CatalogPlayer[]> => {
    const catalog = await options.cards.GetCatalog({ userId: 0 }, { timeoutMs: options.timeoutMs });
    return catalog.entries
      .map((e) => e.player)
      .filter((p): p is NonNullable<typeof p> => !!p && POSITIONS.has(p.position))
      .map((p) => ({
        id: Number(p.id),
        teamId: Number(p.teamId),
        position: p.position as PitchPosition,
        basePrice: Number(p.basePrice),
      }));
  };
  return () =>
    (players ??= load().catch((error: unknown) => {
      players = undefined;
      throw error;
    }));
}
