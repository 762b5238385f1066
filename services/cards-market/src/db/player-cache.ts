import type { Knex } from 'knex';
import type { Clock } from '@touchline/kit';
import { percentChange, type PlayerRow } from '../domain/player';
import { allPlayers, pricesAt } from './queries';

// bench:catalog, not bench:read (it came first; commit a84e8ca): the catalog over gRPC 28 -> 8 ms.
/**
 * All 858 players with their teams, kept in memory: every catalog, roster and card answer needs
 * them, and they change only on mints and price ticks. Writes in this process invalidate at once;
 * the short TTL bounds how stale another replica's write can look (a minted count, a price).
 */
export class PlayerCache {
  private rows: PlayerRow[] | undefined;
  private byId = new Map<number, PlayerRow>();
  private changes = new Map<number, number>();
  private loadedAt = 0;
  private loading: Promise<void> | undefined;
  /** Bumped at every reload: answers built from the players are reusable while it stays the same. */
  private loads = 0;

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

  /** Percent change of the player's price over the last 24 hours (0 before there is any history). */
  change(playerId: number): number {
    return this.changes.get(playerId) ?? 0;
  }

  /** Which load of the players the rows and changes come from (use after all(), get() or fresh()). */
  get generation(): number {
    return this.loads;
  }

  invalidate(): void {
    this.rows = undefined;
  }

  /**
   * Editions this process has just minted and committed, with the players' counts its statement
   * returned: the rows take them at once, as a new generation, instead of every player being read
   * again for a changed count (two statements, one over the price history, per pack: bench:cost).
   * Counts only grow, so a count older than the row's is ignored.
   */
  minted(players: { player_id: number; minted_editions: number }[]): void {
    if (!this.rows) return;
    let changed = false;
    for (const { player_id: id, minted_editions } of players) {
      const row = this.byId.get(id);
      if (!row || row.minted_editions >= minted_editions) continue;
      this.byId.set(id, { ...row, minted_editions });
      changed = true;
    }
    if (!changed) return;
    this.rows = this.rows.map((row) => this.byId.get(row.id)!);
    this.loads++;
  }

  private async fresh(): Promise<void> {
    if (this.rows && this.clock.now().getTime() - this.loadedAt < this.ttlMs) return;
    this.loading ??= (async () => {
      const now = this.clock.now();
      const [rows, dayAgo] = await Promise.all([
        allPlayers(this.db),
        pricesAt(this.db, new Date(now.getTime() - 24 * 3600_000)),
      ]);
      this.rows = rows;
      this.byId = new Map(rows.map((r) => [r.id, r]));
      this.changes = new Map(rows.map((r) => [r.id, percentChange(r.current_price, dayAgo.get(r.id))]));
      this.loadedAt = this.clock.now().getTime();
      this.loads++;
    })().finally(() => (this.loading = undefined));
    await this.loading;
  }
}
