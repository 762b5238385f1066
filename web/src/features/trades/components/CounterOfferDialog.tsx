import { Repeat } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { afterTradeFee, TRADE_FEE_NOTE } from '@touchline/rules';

import { Button } from '@/components/ui/Button';
import { AskCoinsField, CoinOfferField, OfferNoteField, useOfferTerms } from '@/components/trades/OfferTerms';
import { TradeDialog } from '@/components/trades/TradeDialog';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { useUser } from '@/lib/data/auth';
import { useCounterTrade } from '@/lib/data/trades';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { partyName } from '@/lib/trades';
import type { CounterOfferBody, TradeOffer } from '@touchline/contract';

import { AskForPicker } from './AskForPicker';
import { offeredCards } from './OfferParts';

/** The trading service's limit: the first offer and at most 10 counters. */
export const MAX_COUNTER_STEPS = 10;

export interface CounterOfferDialogProps {
  /** The incoming offer answered; null keeps the dialog closed. */
  offer: TradeOffer | null;
  onClose: () => void;
}

/**
 * 'Counter' on an incoming offer: the offer form again, the other way round and pre-filled with what
 * the offer proposed (its requested cards and coins become the user's offer, its offered ones what the
 * user asks for); any part can change before 'Send Counter-Offer'.
 */
export function CounterOfferDialog({ offer, onClose }: CounterOfferDialogProps) {
  return (
    <TradeDialog
      open={offer !== null}
      onClose={onClose}
      title="Counter-Offer"
      description={offer ? `Answer ${partyName(offer.fromUser)}'s offer with your own terms` : 'Your terms'}
      className="max-w-md"
    >
      {offer && <CounterForm key={offer.id} offer={offer} onDone={onClose} />}
    </TradeDialog>
  );
}

function CounterForm({ offer, onDone }: { offer: TradeOffer; onDone: () => void }) {
  const { data: user } = useUser();
  const counter = useCounterTrade();
  const other = partyName(offer.fromUser);
  const [mine, setMine] = useState<number[]>(() => (offer.requestedCards ?? []).map((c) => c.id));
  const [theirs, setTheirs] = useState<number[]>(() => offeredCards(offer).map((c) => c.id));
  // What they asked for is what the user offers, and the other way round.
  const terms = useOfferTerms({ coinOffer: offer.requestedCoins, requestedCoins: offer.coinOffer });
  const { coinOffer, requestedCoins } = terms;
  const lastStep = offer.threadStep + 1 >= MAX_COUNTER_STEPS;

  const toggle = (ids: number[], id: number) =>
    ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!terms.checkCoins()) return;
    const request: CounterOfferBody = {
      offeredCardIds: mine,
      coinOffer,
      requestedCardIds: theirs,
      requestedCoins,
      note: terms.note.trim(),
    };
    counter.mutate(
      { offerId: offer.id, request, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          toast.success('Counter-offer sent', { description: `${other} can accept, decline or counter it.` });
          onDone();
        },
        onError: (error) => toast.error('Failed to send counter-offer', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <form aria-label="Counter-offer" onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-xs text-slate-400">
        {`Step ${offer.threadStep + 1} of at most ${MAX_COUNTER_STEPS} in this negotiation.`}
        {lastStep && ' This is the last counter: after it, the offer can only be accepted or declined.'}
      </p>
      <section aria-label="You offer" className="flex flex-col gap-2">
        <h3 className="text-sm font-bold text-slate-100">You offer</h3>
        <AskForPicker
          userId={user?.id ?? null}
          username="You"
          verb="Offer"
          selectedIds={mine}
          onToggle={(card) => setMine((ids) => toggle(ids, card.id))}
        />
        <CoinOfferField
          terms={terms}
          hint={
            <>
              <span className="font-medium text-amber-200/90">{TRADE_FEE_NOTE}</span>
              {coinOffer > 0 && ` ${other} will receive ${formatNumber(afterTradeFee(coinOffer))} coins.`}
            </>
          }
        />
      </section>
      <section aria-label={`You ask ${other} for`} className="flex flex-col gap-2">
        <h3 className="text-sm font-bold text-slate-100">{`You ask ${other} for`}</h3>
        <AskForPicker
          userId={offer.fromUser.id}
          username={other}
          selectedIds={theirs}
          onToggle={(card) => setTheirs((ids) => toggle(ids, card.id))}
        />
        <AskCoinsField terms={terms} />
      </section>
      <OfferNoteField terms={terms} placeholder={`Add a note for ${other}`} />
      <Button type="submit" size="lg" className="w-full" loading={counter.isPending}>
        {!counter.isPending && <Repeat aria-hidden className="size-4" />}
        Send Counter-Offer
      </Button>
    </form>
  );
}
