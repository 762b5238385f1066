import { Hourglass, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';

import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { errorMessage, newIdempotencyKey } from '@/lib/api';

import { useCancelTrade, useOutgoingTrades } from '@/lib/data/trades';
import type { TradeOffer } from '@touchline/contract';
import { partyName } from '@/lib/trades';
import { NegotiationThread } from './NegotiationThread';
import { offerMoves } from './offer-moves';
import { OfferBody, OfferHeader, OfferNotes } from './OfferParts';
import { OfferListSkeleton } from './OfferSkeleton';

/** The Sent tab: the user's pending offers, each with 'Cancel Offer'. */
export function SentOffers() {
  const outgoing = useOutgoingTrades();
  const cancel = useCancelTrade();
  // Withdrawing cannot be taken back (the recipient may be about to accept), so it asks first.
  const [asking, setAsking] = useState<TradeOffer | null>(null);

  function cancelOffer(offer: TradeOffer) {
    cancel.mutate(
      { offerId: offer.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () =>
          toast.success('Trade offer cancelled', {
            description: `Your offer to ${partyName(offer.toUser)} was withdrawn.`,
          }),
        onError: (error) => toast.error('Error cancelling trade', { description: errorMessage(error) }),
      },
    );
  }

  if (outgoing.isPending) return <OfferListSkeleton label="Loading sent offers" />;
  if (outgoing.isError) {
    return (
      <QueryError
        error={outgoing.error}
        onRetry={() => void outgoing.refetch()}
        retrying={outgoing.isFetching}
      />
    );
  }
  if (outgoing.data.length === 0) {
    return (
      <EmptyState
        icon={Send}
        title="No outgoing trade offers"
        description="Offers you send wait here until the other player responds."
      />
    );
  }

  return (
    <>
      <ul aria-label="Sent trade offers" className="flex flex-col gap-3">
        {outgoing.data.map((offer) => {
          const recipient = partyName(offer.toUser);
          const cancelling = cancel.isPending && cancel.variables?.offerId === offer.id;
          return (
            <li
              key={offer.id}
              data-testid={`sent-offer-${offer.id}`}
              className="flex flex-col gap-3 rounded-2xl border border-white/5 bg-slate-900/70 p-3.5"
            >
              <OfferHeader
                name={recipient}
                date={offer.createdAt}
                title={
                  <>
                    <span className="font-medium text-slate-400">To </span>
                    <span>{recipient}</span>
                  </>
                }
              />
              <OfferBody
                offer={offer}
                offerCaption="You offer"
                offeredCardsLabel="Cards you offer"
                requestCaption="You ask for"
                requestedCardsLabel="Cards you ask for"
              />
              <OfferNotes offer={offer} />
              <NegotiationThread offer={offer} />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="inline-flex items-center gap-1.5 text-xs font-medium text-sky-300">
                  <Hourglass aria-hidden className="size-3.5" />
                  <span>{`Waiting for ${recipient} to respond`}</span>
                </p>
                <Button
                  variant="danger"
                  size="sm"
                  loading={cancelling}
                  disabled={cancel.isPending && !cancelling}
                  onClick={() => setAsking(offer)}
                >
                  {!cancelling && <XCircle aria-hidden className="size-3.5" />}
                  Cancel Offer
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {asking && (
        <ConfirmDialog
          open
          title={`Cancel your offer to ${partyName(asking.toUser)}?`}
          description={`Nothing changes hands: your cards and coins stay with you and ${partyName(asking.toUser)} can no longer accept. A cancelled offer cannot be reopened.`}
          moves={offerMoves(asking, 'You offered', 'You asked for')}
          confirmLabel="Cancel Offer"
          confirmVariant="danger"
          cancelLabel="Keep Offer"
          onConfirm={() => {
            setAsking(null);
            cancelOffer(asking);
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
