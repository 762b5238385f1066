import { Check, Inbox, Repeat, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { CoinShortfall } from '@/components/wallet/CoinShortfall';
import { useUser } from '@/lib/data/auth';
import { coinShortfall } from '@/lib/shortfall';
import { EmptyState } from '@/components/ui/EmptyState';
import { errorMessage, newIdempotencyKey } from '@/lib/api';

import { useAcceptTrade, useDeclineTrade, useIncomingTrades } from '@/lib/data/trades';
import type { TradeOffer } from '@touchline/contract';
import { partyName } from '@/lib/trades';
import { CounterOfferDialog, MAX_COUNTER_STEPS } from './CounterOfferDialog';
import { NegotiationThread } from './NegotiationThread';
import { acceptMoves, offerMoves } from './offer-moves';
import { OfferBody, OfferHeader, OfferNotes } from './OfferParts';
import { OfferListSkeleton } from './OfferSkeleton';

/** The Incoming tab: offers sent to the user, with Accept and Decline. */
export function IncomingOffers() {
  const incoming = useIncomingTrades();
  const accept = useAcceptTrade();
  const decline = useDeclineTrade();
  const busy = accept.isPending || decline.isPending;
  // Accept and Decline end the offer for good, so each asks first (issue 13, item 5).
  const [asking, setAsking] = useState<{ offer: TradeOffer; action: 'accept' | 'decline' } | null>(null);
  const [countering, setCountering] = useState<TradeOffer | null>(null);

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

  // Failures read as an empty list (docs/spec/game-spec.md#7-the-calls-it-makes), so there is no error state here.
  if (incoming.isPending) return <OfferListSkeleton label="Loading incoming offers" />;
  const offers = incoming.data ?? [];
  // The counter form outlives the list: countering the last offer empties it while the form finishes.
  const counterDialog = <CounterOfferDialog offer={countering} onClose={() => setCountering(null)} />;
  if (offers.length === 0) {
    return (
      <>
        <EmptyState
          icon={Inbox}
          title="No incoming trade offers"
          description="Offers other players send you show up here."
        />
        {counterDialog}
      </>
    );
  }

  return (
    <>
      <ul aria-label="Incoming trade offers" className="flex flex-col gap-3">
        {offers.map((offer) => {
          const sender = partyName(offer.fromUser);
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
                    <span className="font-medium text-slate-400">
                      {offer.counterOf === null ? ' wants to trade' : ' countered your offer'}
                    </span>
                  </>
                }
              />
              <OfferBody
                offer={offer}
                offerCaption="They offer"
                offeredCardsLabel={`Cards offered by ${sender}`}
                requestCaption="In exchange for"
                requestedCardsLabel="Your cards requested"
                requestedCoinsReceiver={sender}
              />
              <OfferNotes offer={offer} />
              <NegotiationThread offer={offer} />
              <div
                className={
                  offer.threadStep < MAX_COUNTER_STEPS ? 'grid grid-cols-3 gap-2' : 'grid grid-cols-2 gap-2'
                }
              >
                <Button
                  variant="outline"
                  loading={declining}
                  disabled={busy && !declining}
                  onClick={() => setAsking({ offer, action: 'decline' })}
                >
                  {!declining && <X aria-hidden className="size-4" />}
                  Decline
                </Button>
                {offer.threadStep < MAX_COUNTER_STEPS && (
                  <Button variant="outline" disabled={busy} onClick={() => setCountering(offer)}>
                    <Repeat aria-hidden className="size-4" />
                    Counter
                  </Button>
                )}
                <Button
                  loading={accepting}
                  disabled={busy && !accepting}
                  onClick={() => setAsking({ offer, action: 'accept' })}
                >
                  {!accepting && <Check aria-hidden className="size-4" />}
                  Accept
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {counterDialog}
      <ConfirmOfferAction
        asking={asking}
        onCancel={() => setAsking(null)}
        onConfirm={(offer, action) => {
          setAsking(null);
          if (action === 'accept') acceptOffer(offer);
          else declineOffer(offer);
        }}
      />
    </>
  );
}

function ConfirmOfferAction({
  asking,
  onConfirm,
  onCancel,
}: {
  asking: { offer: TradeOffer; action: 'accept' | 'decline' } | null;
  onConfirm: (offer: TradeOffer, action: 'accept' | 'decline') => void;
  onCancel: () => void;
}) {
  if (!asking) return null;
  const { offer, action } = asking;
  const sender = partyName(offer.fromUser);
  if (action === 'accept') {
    return (
      <AcceptOfferDialog
        offer={offer}
        sender={sender}
        onConfirm={() => onConfirm(offer, action)}
        onCancel={onCancel}
      />
    );
  }
  return (
    <ConfirmDialog
      open
      title={`Decline ${sender}'s offer?`}
      description={`Nothing changes hands: the offer ends and ${sender} keeps everything in it. A declined offer cannot be reopened.`}
      moves={offerMoves(offer, 'They offered', 'They asked for')}
      confirmLabel="Decline Offer"
      confirmVariant="danger"
      cancelLabel="Keep Offer"
      onConfirm={() => onConfirm(offer, action)}
      onCancel={onCancel}
    />
  );
}

/** Accepting an offer that asks for coins pays them: more than the balance is not offered. */
function AcceptOfferDialog({
  offer,
  sender,
  onConfirm,
  onCancel,
}: {
  offer: TradeOffer;
  sender: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { data: user } = useUser();
  const shortfall = coinShortfall(user?.coins, offer.requestedCoins);
  return (
    <ConfirmDialog
      open
      title={`Accept ${sender}'s offer?`}
      description="The cards and coins change hands at once. A trade cannot be undone."
      moves={acceptMoves(offer, sender)}
      confirmLabel="Accept Trade"
      confirmDisabled={shortfall > 0}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <CoinShortfall shortfall={shortfall} className="mt-3" />
    </ConfirmDialog>
  );
}
