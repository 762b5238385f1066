import type { Knex } from 'knex';
import type { Clock } from '@touchline/kit';
import type { PlayerRow } from '../domain/player';
import { allPlayers } from './queries';

/**
 * All 858 players with their clubs, kept in memory: every catalog, roster and card answer needs
 * them, and they change only on mints and price ticks. Writes in this process invalidate at once;
 * the short TTL bounds how stale another replica's write can look (a minted count, a price).
 */
export class PlayerCache {
  private rows: PlayerRow[] | undefined;
  private byId = new Map<number, PlayerRow>();
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
    private readonly ttlMs = 2_000,
  ) {}

  async all(): Promise<PlayerRow[]> {
    await this.fresh();
    return this.rows!;
  }

  async get(ids: Iterable<number>): Promise<Map<number, PlayerRow>> {
    await this.fresh();
    const found = new Map<number, PlayerRow>();
    for (const id of ids) {
      const row = this.byId.get(id);
      if (row) found.set(id, row);
    }
    return found;
  }

  invalidate(): void {
    this.rows = undefined;
  }

  private async fresh(): Promise<void> {
    if (this.rows && this.clock.now().getTime() - this.loadedAt < this.ttlMs) return;
    this.loading ??= (async () => {
      const rows = await allPlayers(this.db);
      this.rows = rows;
      this.byId = new Map(rows.map((r) => [r.id, r]));
      this.loadedAt = this.clock.now().getTime();
    })().finally(() => (this.loading = undefined));
    await this.loading;
  }
}
