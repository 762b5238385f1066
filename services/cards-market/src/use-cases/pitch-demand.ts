import type { Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { recordSourcedDemand } from '../db/demand';
import { pitchDemandUnits } from '../domain/pitch-demand';
import type { CardsDeps } from './deps';

/**
 * A scored matchday's player points as demand rows for the next price tick (domain/pitch-demand.ts).
 * Runs in the inbox transaction, so each event counts once; the rows' source (`matchday:{id}`) keeps
 * one row per matchday and player even if an event came twice past the inbox.
 */
export async function onMatchdayScored(
  deps: CardsDeps,
  trx: Tx,
  event: EventOutput<'matchday.results.scored'>,
): Promise<number> {
  const rows = event.players
    .map((p) => ({ playerId: Number(p.playerId), delta: pitchDemandUnits(p.points) }))
    .filter((r) => r.delta !== 0 && Number.isSafeInteger(r.playerId) && r.playerId > 0);
  return recordSourcedDemand(trx, `matchday:${Number(event.matchdayId)}`, rows, deps.clock.now());
}
