import type { Logger } from '@touchline/kit';
import type { IdentityClient } from './clients/identity';

/** How stale the copy may get before a request refreshes it (in the background). */
const REFRESH_AFTER_MS = 5_000;
/** Re-read a little before the last answer's time: a revocation may commit just after a read. */
const OVERLAP_MS = 60_000;

/**
 * The sessions identity has closed (logout, ban, password change or reset) whose tokens may not have
 * expired yet. Identity's sessions table is the durable record, in every mode: this is a copy the
 * gateway loads before it trusts any token locally (so a restart, or a lost Redis, forgets nothing)
 * and refreshes every few seconds (so a session closed through another replica or another service is
 * refused soon after, not at token expiry). The gateway's own revocations are added at once, and
 * its peers' as they publish them (SessionVerifier), so no request asks Redis whether its session
 * was closed.
 */
export class RevokedSessions {
  private readonly revokedAt = new Map<string, number>();
  private retainMs = 24 * 3600_000;
  private asOf: string | undefined;
  private syncedAt = 0;
  private syncing: Promise<void> | undefined;

  constructor(
    private readonly identity: IdentityClient,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  add(sessionId: string): void {
    this.revokedAt.set(sessionId, this.now());
  }

  /**
   * Reads identity's list again now, unless it was never read (the first `has` reads it): the
   * peers' revocations may have been missed (their channel reconnected).
   */
  refresh(): void {
    if (this.asOf === undefined) return;
    this.sync().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'revoked sessions not refreshed; using the last copy'),
    );
  }

  /** Whether the session is closed. The first call waits for identity's list: no token is trusted before it. */
  async has(sessionId: string): Promise<boolean> {
    if (this.asOf === undefined) await this.sync();
    else if (this.now() - this.syncedAt >= REFRESH_AFTER_MS) {
      this.sync().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'revoked sessions not refreshed; using the last copy'),
      );
    }
    return this.revokedAt.has(sessionId);
  }

  private sync(): Promise<void> {
    this.syncing ??= (async () => {
      const revokedSince = this.asOf ? new Date(Date.parse(this.asOf) - OVERLAP_MS).toISOString() : '';
      const answer = await this.identity.ListRevokedSessions({ revokedSince });
      for (const s of answer.sessions) this.revokedAt.set(s.sessionId, Date.parse(s.revokedAt));
      this.retainMs = answer.tokenTtlSeconds * 1000 + OVERLAP_MS;
      this.asOf = answer.asOf;
      this.syncedAt = this.now();
      // A session closed longer ago than a token lives has no unexpired token left to refuse.
      const oldest = this.now() - this.retainMs;
      for (const [id, at] of this.revokedAt) if (at < oldest) this.revokedAt.delete(id);
    })().finally(() => (this.syncing = undefined));
    return this.syncing;
  }
}
