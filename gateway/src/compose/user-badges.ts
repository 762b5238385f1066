import type { CallOptions } from '@touchline/kit';
import type { GetUserBadgesResponse__Output } from '@touchline/protos/gen/touchline/missions/GetUserBadgesResponse';
import type { LiveMessage__Output } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import { LRUCache } from 'lru-cache';
import type { MissionsClient } from '../clients/missions';
import type { LiveWatcher } from '../live/hub';

export type UserBadgesAnswer = GetUserBadgesResponse__Output;

/**
 * Each user's badges as missions last answered them, kept while this process hears the live events
 * (issue 41: GET /api/user asked five services, and the badges change least). Missions only ever
 * adds a badge, and every badge it adds comes round as a `badges` event for its user, which drops
 * that user's copy; when the live link drops or comes back (events may have been missed) every copy
 * goes. So a copy is at most one event's trip behind missions, the lag every live screen has.
 */
export class UserBadges implements LiveWatcher {
  private readonly kept = new LRUCache<number, UserBadgesAnswer>({ max: 20_000 });
  /** Grows with every drop: an answer asked for before one is not kept (it may predate the event). */
  private epoch = 0;
  private watching = false;

  /**
   * @param linked whether the live link is up now (copies are kept and used only then)
   * @param watch registers this store with the live hub (once, on first use)
   */
  constructor(
    private readonly missions: MissionsClient,
    private readonly linked: () => boolean,
    private readonly watch: (watcher: LiveWatcher) => void,
  ) {}

  async get(userId: number, options: CallOptions): Promise<UserBadgesAnswer> {
    if (!this.watching) {
      this.watching = true;
      this.watch(this);
    }
    if (!this.linked()) return this.missions.GetUserBadges({ userId }, options);
    const known = this.kept.get(userId);
    if (known) return known;
    const epoch = this.epoch;
    const answer = await this.missions.GetUserBadges({ userId }, options);
    if (epoch === this.epoch && this.linked()) this.kept.set(userId, answer);
    return answer;
  }

  change(message: LiveMessage__Output): void {
    if (message.change === 'badges') this.drop(message.userId);
    else if (message.change === 'resync') this.reset();
  }

  reset(): void {
    this.epoch++;
    this.kept.clear();
  }

  private drop(userId: number): void {
    this.epoch++;
    this.kept.delete(userId);
  }
}
