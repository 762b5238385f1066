import type { JWTPayload } from 'jose';

/**
 * Payloads of session tokens whose signature was verified, by token. A player's browser sends the
 * same token with every request until it is renewed, and an RS256 verification was about a tenth of
 * the gateway's CPU under `npm run bench:market`. A token's bytes are immutable and its signature
 * check gives the same answer every time, so only the checks that depend on the moment (expiry,
 * revocation) need to run again, and SessionVerifier runs those on every request. Bounded: the
 * oldest entry goes first. Cleared whenever identity's keys are loaded again, so that a key
 * withdrawn from the key set stops vouching for the tokens it signed.
 */
export class VerifiedTokens {
  private readonly payloads = new Map<string, JWTPayload>();

  constructor(private readonly max = 5_000) {}

  get(token: string): JWTPayload | undefined {
    return this.payloads.get(token);
  }

  set(token: string, payload: JWTPayload): void {
    if (this.payloads.size >= this.max) this.payloads.delete(this.payloads.keys().next().value!);
    this.payloads.set(token, payload);
  }

  clear(): void {
    this.payloads.clear();
  }

  get size(): number {
    return this.payloads.size;
  }
}
