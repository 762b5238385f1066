import type { Knex } from 'knex';
import type { GaugeReading } from './gauge-collector';

/**
 * Sagas of one kind not settled yet: how many, and how long the oldest has waited (from its
 * `created_at`), as the two saga gauges. `pending` is the query of the unsettled rows.
 */
export async function sagaReadings(saga: string, pending: Knex.QueryBuilder): Promise<GaugeReading[]> {
  const row = (await pending.first(
    pending.client.raw('count(*)::int as pending'),
    pending.client.raw('coalesce(extract(epoch from now() - min(created_at)), 0)::float as oldest'),
  )) as { pending: number; oldest: number } | undefined;
  return [
    { gauge: 'sagasPending', labels: { saga }, value: Number(row?.pending ?? 0) },
    { gauge: 'sagaOldestPending', labels: { saga }, value: Math.max(0, Number(row?.oldest ?? 0)) },
  ];
}
