import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '@touchline/kit';
import { onTradeAccepted } from '../src/use-cases/exchanges';
import { fraudReports } from '../src/use-cases/fraud';
import { startAdmin, type AdminHarness } from './support';

let h: AdminHarness;
beforeAll(async () => {
  h = await startAdmin();
}, 120_000);
afterAll(() => h?.stop());

describe("the fraud reports' sign-up times", () => {
  it('are asked of identity once per user, whoever is reviewed again later', async () => {
    const [ana, ben, cleo] = [await h.player('ana'), await h.player('ben'), await h.player('cleo')];
    const deps = h.deps();
    const asked: number[][] = [];
    const getUsers = deps.identity.GetUsers.bind(deps.identity);
    deps.identity.GetUsers = ((request: { userIds: number[] }, ...rest: unknown[]) => {
      asked.push([...request.userIds].sort((a, b) => a - b));
      return (getUsers as (...args: unknown[]) => unknown)(request, ...rest);
    }) as typeof deps.identity.GetUsers;
    let offerId = 0;
    const trade = (from: number, to: number) =>
      inTransaction(deps.db, (trx) =>
        onTradeAccepted(trx, {
          offerId: 900_000 + ++offerId,
          fromUserId: from,
          toUserId: to,
          offeredCoins: 500,
          requestedCoins: 0,
          cards: [],
          acceptedAt: new Date().toISOString(),
        } as never),
      );
    try {
      await trade(ana.id, ben.id);
      const first = await fraudReports(deps, [ana.id, ben.id]);
      expect(first.get(ben.id)!.coinsReceivedFromPlayers).toBe(500);
      expect(asked).toEqual([[ana.id, ben.id].sort((a, b) => a - b)]);
      // A new partner: only cleo is asked; ana and ben are known from then on.
      await trade(cleo.id, ben.id);
      const second = await fraudReports(deps, [ben.id]);
      expect(second.get(ben.id)!.coinsReceivedFromPlayers).toBe(1_000);
      await fraudReports(deps, [ana.id, ben.id, cleo.id]);
      expect(asked).toEqual([[ana.id, ben.id].sort((a, b) => a - b), [cleo.id]]);
    } finally {
      deps.close();
    }
  });
});
