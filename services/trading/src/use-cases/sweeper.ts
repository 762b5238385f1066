import { moveSaga, stuckSagas } from '../db/sagas';
import { driveSaga } from './accept-saga';
import type { TradingDeps } from './deps';

export const ABANDONED = 'The trade could not be completed in time. Please try again.';

/**
 * Finishes accept sagas left half-way (a crash, a lost answer, a service down). One still holding
 * has lost its caller, so it is released (the recipient can accept again); one committing is
 * committed to the end; one compensating is released. Returns how many reached their end.
 */
export async function sweepStuckSagas(deps: TradingDeps, limit = 50): Promise<number> {
  const now = deps.clock.now();
  const stuck = await stuckSagas(deps.db, new Date(now.getTime() - deps.config.SAGA_STUCK_AFTER_MS), limit);
  let finished = 0;
  for (const saga of stuck) {
    try {
      if (saga.state === 'holding')
        await moveSaga(deps.db, saga.id, 'holding', 'compensating', now, ABANDONED);
      await driveSaga(deps, saga.id);
      finished++;
    } catch (error) {
      deps.logger.warn({ err: error, sagaId: saga.id }, 'sweeper could not finish a trade saga yet');
    }
  }
  return finished;
}
