import { metrics, type Db } from '@touchline/kit';

/** The buy and pack-purchase sagas not settled yet (the sweeper settles them after SALE_STUCK_AFTER_MS). */
export async function readSagaGauges(db: Db): Promise<metrics.GaugeReading[]> {
  return [
    ...(await metrics.sagaReadings('buy', db('sales').where({ state: 'started' }))),
    ...(await metrics.sagaReadings(
      'pack_purchase',
      db('pack_purchases').whereIn('state', ['started', 'refunding']),
    )),
  ];
}
