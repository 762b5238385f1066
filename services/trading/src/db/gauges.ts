import { metrics, type Db } from '@touchline/kit';

/** The trade-accept sagas not settled yet (the sweeper finishes them after SAGA_STUCK_AFTER_MS). */
export async function readSagaGauges(db: Db): Promise<metrics.GaugeReading[]> {
  return metrics.sagaReadings(
    'trade_accept',
    db('trade_sagas').whereIn('state', ['holding', 'committing', 'compensating']),
  );
}
