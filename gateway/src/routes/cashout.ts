import { api } from '@touchline/contract';
import { invalid } from '@touchline/kit';
import type { Clients } from '../clients';
import {
  cashoutJson,
  centsToDollars,
  dollarsToCents,
  requirementJson,
  spendingLimitJson,
} from '../compose/cashout-json';
import { ContractRouter } from '../http/contract-router';

/** More than two decimals is not an amount of dollars and cents. */
function limitCents(dollars: number): number {
  const cents = dollarsToCents(dollars);
  if (Math.abs(cents - dollars * 100) > 1e-6)
    throw invalid('monthlyLimit must be in dollars and cents (two decimals or fewer)');
  return cents;
}

/**
 * The player's side of cash-out and responsible play. The wallet decides every rule (each refusal is
 * its own 4xx message); this maps cents to the dollars of the page and adds the user's e-mail.
 */
export function cashoutRoutes(clients: Clients) {
  const { wallet, identity } = clients;
  const emailOf = async (userId: number) => (await identity.GetUser({ userId })).email;
  return new ContractRouter()
    .add(api.cashout.eligibility, async ({ userId, query }) => {
      const e = await wallet.GetCashoutEligibility({ userId, coinsAmount: query.coins ?? 0 });
      return {
        status: 200,
        body: {
          eligible: e.eligible,
          reasons: e.reasons,
          minCoins: e.minCoins,
          minCash: centsToDollars(e.minCashCents),
          coinsPerDollar: e.coinsPerUsd,
          payoutRate: e.payoutRate,
          purchaseCount: e.purchaseCount,
          purchaseTotal: centsToDollars(e.purchaseTotalCents),
          requestedThisMonth: e.requestedThisMonth,
          coins: e.coins,
          nextRequestFrom: e.nextRequestFrom || null,
          requirements: e.requirements.map(requirementJson),
          maxCoins: e.maxCoins,
        },
      };
    })
    .add(api.cashout.request, async ({ userId, body, idempotencyKey }) => {
      const [created, email] = await Promise.all([
        wallet.RequestCashout({ userId, ...body, idempotencyKey }),
        emailOf(userId),
      ]);
      return { status: 201, body: { request: cashoutJson(created.cashout!, email), coins: created.coins } };
    })
    .add(api.cashout.mine, async ({ userId }) => {
      const [{ cashouts }, email] = await Promise.all([wallet.ListMyCashouts({ userId }), emailOf(userId)]);
      return { status: 200, body: cashouts.map((c) => cashoutJson(c, email)) };
    })
    .add(api.spendingLimit.get, async ({ userId }) => ({
      status: 200,
      body: spendingLimitJson(await wallet.GetSpendingLimit({ userId })),
    }))
    .add(api.spendingLimit.set, async ({ userId, body, idempotencyKey }) => {
      const limit = await wallet.SetSpendingLimit({
        userId,
        hasLimit: body.monthlyLimit !== null,
        monthlyLimitCents: body.monthlyLimit === null ? 0 : limitCents(body.monthlyLimit),
        idempotencyKey,
      });
      return { status: 200, body: spendingLimitJson(limit) };
    }).router;
}
