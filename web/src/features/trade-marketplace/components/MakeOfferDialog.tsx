import { Coins, Layers, Send, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { afterTradeFee, TRADE_FEE_NOTE } from '@touchline/rules';

import { Button } from '@/components/ui/Button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { useUserCards } from '@/lib/data/cards';
import type { Team } from '@touchline/contract';
import { AvailableCardPicker } from '@/components/trades/AvailableCardPicker';
import { CoinField } from '@/components/trades/CoinField';
import { CoinShortfall } from '@/components/wallet/CoinShortfall';
import { useUser } from '@/lib/data/auth';
import { coinShortfall } from '@/lib/shortfall';
import { TradeCardRow } from '@/components/trades/TradeCardRow';
import { availableCards, parseCoins } from '@/lib/trades';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { formatNumber } from '@/lib/format';

import { useOfferForWish } from '@/lib/data/wishes';
import type { OfferForWishBody as OfferForWishRequest, OfferType, TradeWish } from '@touchline/contract';
import { cardMismatches, wishOwnerName } from '../utils';
import { TradeDialog } from '@/components/trades/TradeDialog';
import { WishPreferences } from './WishPreferences';

export interface MakeOfferDialogProps {
  /** The listing offered on; null keeps the dialog closed. */
  wish: TradeWish | null;
  teams: readonly Team[] | undefined;
  onClose: () => void;
}

/** 'Make an Offer' on a listing: coins (Offer Coins) or one of the user's available cards (Offer Card). */
export function MakeOfferDialog({ wish, teams, onClose }: MakeOfferDialogProps) {
  const player = wish?.card?.player;
  return (
    <TradeDialog
      open={wish !== null}
      onClose={onClose}
      title="Make an Offer"
      description={
        wish && player ? `For ${player.name}, posted by ${wishOwnerName(wish)}` : 'Offer coins or a card'
      }
    >
      {wish && <OfferForm key={wish.id} wish={wish} teams={teams} onDone={onClose} />}
    </TradeDialog>
  );
}

function OfferForm({
  wish,
  teams,
  onDone,
}: {
  wish: TradeWish;
  teams: readonly Team[] | undefined;
  onDone: () => void;
}) {
  const cards = useUserCards();
  const send = useOfferForWish();
  const [offerType, setOfferType] = useState<OfferType>('coins');
  const [amountText, setAmountText] = useState('');
  const [cardId, setCardId] = useState<number | null>(null);

  const available = availableCards(cards.data ?? []).filter((card) => card.id !== wish.card?.id);
  const selected = available.find((card) => card.id === cardId) ?? null;
  const amount = parseCoins(amountText);
  const { data: user } = useUser();
  const shortfallId = useId();
  // Coins offered leave the balance when the offer is accepted; more than the balance is not offered.
  const shortfall = offerType === 'coins' && amount > 0 ? coinShortfall(user?.coins, amount) : 0;
  const minimum = wish.minimumCoins ?? 0;
  const warnings = selected ? cardMismatches(selected, wish, teams) : [];
  const owner = wishOwnerName(wish);
  const canSend =
    !send.isPending &&
    (offerType === 'coins'
      ? amountText.trim() !== '' && shortfall === 0
      : cardId !== null && selected !== null);

  function reset() {
    setOfferType('coins');
    setAmountText('');
    setCardId(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    let request: OfferForWishRequest;
    if (offerType === 'coins') {
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        toast.error('Invalid coin amount', { description: 'Please enter a valid coin amount' });
        return;
      }
      request = { wishId: wish.id, offerType: 'coins', coinAmount: amount };
    } else {
      if (!selected) {
        toast.error('No card selected', { description: 'Please select a card to offer' });
        return;
      }
      request = { wishId: wish.id, offerType: 'card', cardId: selected.id };
    }
    const cardName = wish.card?.player.name ?? 'the card';
    send.mutate(
      { request, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          toast.success('Offer sent', { description: `Your offer for ${cardName} was sent to ${owner}.` });
          reset();
          onDone();
        },
        onError: (error) => toast.error('Failed to send offer', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <form aria-label="Make an offer" onSubmit={submit} noValidate className="flex flex-col gap-4">
      {wish.card && (
        <ul aria-label="Card wanted" className="flex flex-col">
          <TradeCardRow card={wish.card} />
        </ul>
      )}
      <WishPreferences wish={wish} teams={teams} />

      <Tabs value={offerType} onValueChange={(value) => setOfferType(value as OfferType)}>
        <TabsList aria-label="Offer type">
          <TabsTrigger value="coins" className="text-xs">
            <Coins aria-hidden className="size-3.5" />
            Offer Coins
          </TabsTrigger>
          <TabsTrigger value="card" className="text-xs">
            <Layers aria-hidden className="size-3.5" />
            Offer Card
          </TabsTrigger>
        </TabsList>
        <TabsContent value="coins" className="flex flex-col gap-2">
          <CoinField
            label="Coin amount"
            value={amountText}
            onChange={setAmountText}
            placeholder={minimum > 0 ? String(minimum) : 'Enter coins'}
            invalid={amountText.trim() !== '' && !(amount > 0)}
            hint={
              <>
                {minimum > 0 && (
                  <p className="font-medium text-slate-300">{`Minimum offer: ${formatNumber(minimum)} coins`}</p>
                )}
                <p className="text-amber-200/90">{TRADE_FEE_NOTE}</p>
                {amount > 0 && <p>{`${owner} will receive ${formatNumber(afterTradeFee(amount))} coins.`}</p>}
              </>
            }
          />
          {amount > 0 && minimum > 0 && amount < minimum && (
            <p role="alert" className="flex items-start gap-1.5 text-xs font-medium text-amber-300">
              <TriangleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" />
              <span>{`Below the minimum offer of ${formatNumber(minimum)} coins`}</span>
            </p>
          )}
          <CoinShortfall id={shortfallId} shortfall={shortfall} />
        </TabsContent>
        <TabsContent value="card" className="flex flex-col gap-3">
          <AvailableCardPicker
            cards={cards}
            available={available}
            selectedId={selected?.id ?? null}
            onSelect={(card) => setCardId(card.id)}
            label="Your available cards"
            skeletons={3}
            emptyTitle="No cards available to offer"
            emptyDescription="Cards listed for sale can't be offered in a trade."
          />
          {warnings.length > 0 && (
            <ul
              aria-label="Offer warnings"
              className="flex flex-col gap-1 rounded-xl border border-amber-400/30 bg-amber-400/10 px-3 py-2"
            >
              {warnings.map((warning) => (
                <li key={warning} className="flex items-start gap-1.5 text-xs font-medium text-amber-200">
                  <TriangleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                  <span>{warning}</span>
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>

      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!canSend}
        loading={send.isPending}
        aria-describedby={shortfall > 0 ? shortfallId : undefined}
      >
        {!send.isPending && <Send aria-hidden className="size-4" />}
        Send Offer
      </Button>
    </form>
  );
}
