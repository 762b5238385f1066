import type { UseCases } from '@touchline/kit';
import type { TradingHandlers } from '@touchline/protos/gen/touchline/trading/Trading';
import { acceptOffer } from './use-cases/accept-offer';
import { counterOffer, offerThread } from './use-cases/counter-offer';
import { createOffer } from './use-cases/create-offer';
import type { TradingDeps } from './use-cases/deps';
import { countIncomingPending, listOffers } from './use-cases/list-offers';
import { listWishes } from './use-cases/list-wishes';
import { makeOfferForWish } from './use-cases/offer-for-wish';
import { respondToOffer } from './use-cases/respond';
import { listTradeHistory } from './use-cases/trade-history';
import { cancelWish, createWish } from './use-cases/wishes';

/** Maps each Trading RPC onto its use case. */
export function tradingUseCases(deps: TradingDeps): UseCases<TradingHandlers> {
  return {
    CreateOffer: async (req) => ({
      offer: await createOffer(deps, {
        fromUserId: req.userId,
        toUserId: req.toUserId,
        offeredCardIds: req.offeredCardIds,
        offeredCoins: req.offeredCoins,
        requestedCardIds: req.requestedCardIds,
        requestedCoins: req.requestedCoins,
        note: req.note,
        wishId: null,
        idempotencyKey: req.idempotencyKey,
      }),
    }),
    ListIncomingOffers: (req) => listOffers(deps, req, 'incoming'),
    ListOutgoingOffers: (req) => listOffers(deps, req, 'outgoing'),
    CountIncomingPending: (req) => countIncomingPending(deps, req.userId),
    AcceptOffer: (req) => acceptOffer(deps, req),
    DeclineOffer: (req) => respondToOffer(deps, req, 'decline'),
    CancelOffer: (req) => respondToOffer(deps, req, 'cancel'),
    CounterOffer: async (req) => ({ offer: await counterOffer(deps, req) }),
    GetOfferThread: (req) => offerThread(deps, req),
    ListWishes: (req) => listWishes(deps, req),
    CreateWish: async (req) => ({ wish: await createWish(deps, req) }),
    CancelWish: async (req) => ({ wish: await cancelWish(deps, req) }),
    MakeOfferForWish: async (req) => ({ offer: await makeOfferForWish(deps, req) }),
    ListTradeHistory: (req) => listTradeHistory(deps.db, req),
  };
}
