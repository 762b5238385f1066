import { Check, Inbox, X } from 'lucide-react';
import { toast } from 'sonner';

import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { errorMessage, newIdempotencyKey } from '@/lib/api';

import { useAcceptTrade, useDeclineTrade, useIncomingTrades } from '../api';
import type { TradeOffer } from '../types';
import { partyName, TRADE_FEE_PERCENT } from '../utils';
import {
  CoinRows,
  coinOfferAfterFee,
  OfferHeader,
  OfferNotes,
  offeredCards,
  OfferSide,
  requestedCoinsAfterFee,
} from './OfferParts';
import { OfferListSkeleton } from './OfferSkeleton';
import { TradeCardList } from './TradeCardRow';

/** The Incoming tab: offers sent to the user, with Accept and Decline. */
export function IncomingOffers() {
  const incoming = useIncomingTrades();
  const accept = useAcceptTrade();
  const decline = useDeclineTrade();
  const busy = accept.isPending || decline.isPending;

  function acceptOffer(offer: TradeOffer) {
    accept.mutate(
      { offerId: offer.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () =>
          toast.success('Trade accepted', {
            description: `You traded with ${partyName(offer.fromUser)}. Your cards and balance are updated.`,
          }),
        onError: (error) => toast.error('Failed to accept trade', { description: errorMessage(error) }),
      },
    );
  }

  function declineOffer(offer: TradeOffer) {
    decline.mutate(
      { offerId: offer.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () =>
          toast.success('Trade declined', {
            description: `You declined the offer from ${partyName(offer.fromUser)}.`,
          }),
        onError: (error) => toast.error('Error processing request', { description: errorMessage(error) }),
      },
    );
  }

  // Failures read as an empty list (game spec, section 7), so there is no error state here.
  if (incoming.isPending) return <OfferListSkeleton label="Loading incoming offers" />;
  const offers = incoming.data ?? [];
  if (offers.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title="No incoming trade offers"
        description="Offers other players send you show up here."
      />
    );
  }

  return (
    <ul aria-label="Incoming trade offers" className="flex flex-col gap-3">
      {offers.map((offer) => {
        const sender = partyName(offer.fromUser);
        const cards = offeredCards(offer);
        const requestedCards = offer.requestedCards ?? [];
        const requestedCoins = offer.requestedCoins ?? 0;
        const accepting = accept.isPending && accept.variables?.offerId === offer.id;
        const declining = decline.isPending && decline.variables?.offerId === offer.id;
        return (
          <li
            key={offer.id}
            data-testid={`incoming-offer-${offer.id}`}
            className="flex flex-col gap-3 rounded-2xl border border-white/5 bg-slate-900/70 p-3.5"
          >
            <OfferHeader
              name={sender}
              date={offer.createdAt}
              title={
                <>
                  <span>{sender}</span>
                  <span className="font-medium text-slate-400"> wants to trade</span>
                </>
              }
            />
            <OfferSide caption="They offer">
              <TradeCardList cards={cards} label={`Cards offered by ${sender}`} />
              {offer.coinOffer > 0 && (
                <CoinRows
                  rows={[
                    { label: 'Coin offer', value: offer.coinOffer },
                    {
                      label: `After ${TRADE_FEE_PERCENT}% fee`,
                      value: coinOfferAfterFee(offer),
                      muted: true,
                    },
                  ]}
                />
              )}
            </OfferSide>
            {(requestedCards.length > 0 || requestedCoins > 0) && (
              <OfferSide caption="In exchange for">
                <TradeCardList cards={requestedCards} label="Your cards requested" />
                {requestedCoins > 0 && (
                  <CoinRows
                    rows={[
                      { label: 'Coins requested', value: requestedCoins },
                      { label: `${sender} receives`, value: requestedCoinsAfterFee(offer), muted: true },
                    ]}
                  />
                )}
              </OfferSide>
            )}
            <OfferNotes offer={offer} />
            <div className="grid grid-cols-2 gap-2">
              <Button
                variant="outline"
                loading={declining}
                disabled={busy && !declining}
                onClick={() => declineOffer(offer)}
              >
                {!declining && <X aria-hidden className="size-4" />}
                Decline
              </Button>
              <Button loading={accepting} disabled={busy && !accepting} onClick={() => acceptOffer(offer)}>
                {!accepting && <Check aria-hidden className="size-4" />}
                Accept
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
