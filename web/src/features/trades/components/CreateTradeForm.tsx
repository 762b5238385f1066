import { Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { afterTradeFee, TRADE_FEE_NOTE } from '@touchline/rules';

import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Input';
import { useUser } from '@/lib/data/auth';
import { useUserCards } from '@/lib/data/cards';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { formatNumber } from '@/lib/format';

import { useCreateTrade } from '@/lib/data/trades';
import type { CreateOfferBody as CreateTradeRequest, TradeableCard } from '@touchline/contract';
import { availableCards } from '@/lib/trades';
import { AvailableCardPicker } from '@/components/trades/AvailableCardPicker';
import { AskCoinsField, CoinOfferField, OfferNoteField, useOfferTerms } from '@/components/trades/OfferTerms';
import { CoinShortfall } from '@/components/wallet/CoinShortfall';
import { coinShortfall } from '@/lib/shortfall';

import { AskForPicker } from './AskForPicker';
import { OfferPreview } from './OfferPreview';
import { UserPicker } from './UserPicker';

/**
 * The Create tab: (1) an own card not for sale, (2) the user to trade with, (3) optionally their cards
 * to ask for (docs/design.md#7-decisions-on-the-specs-open-points's 'Ask for'), (4) optional coins offered (or coins asked for) and a
 * message, then both sides of the offer before 'Send Trade Offer'.
 */
export function CreateTradeForm() {
  const { data: user } = useUser();
  const cards = useUserCards();
  const create = useCreateTrade();
  const [cardId, setCardId] = useState<number | null>(null);
  const [targetUser, setTargetUser] = useState('');
  const [targetId, setTargetId] = useState<number | null>(null);
  const [asked, setAsked] = useState<TradeableCard[]>([]);
  const terms = useOfferTerms();
  const userLabelId = useId();

  const available = availableCards(cards.data ?? []);
  // Derived, so a card that was sold or traded meanwhile is no longer selected.
  const selected = available.find((card) => card.id === cardId) ?? null;
  const { coinOffer, requestedCoins } = terms;
  const shortfallId = useId();
  // Coins offered are paid when the offer is accepted: more than the balance is not offered.
  const shortfall = coinOffer > 0 ? coinShortfall(user?.coins, coinOffer) : 0;

  function chooseUser(username: string, userId: number) {
    // Cards asked of someone else do not carry over to the new recipient.
    if (userId !== targetId) setAsked([]);
    setTargetUser(username);
    setTargetId(userId);
  }

  function toggleAsked(card: TradeableCard) {
    setAsked((current) =>
      current.some((c) => c.id === card.id) ? current.filter((c) => c.id !== card.id) : [...current, card],
    );
  }

  function reset() {
    setCardId(null);
    setTargetUser('');
    setTargetId(null);
    setAsked([]);
    terms.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected || targetUser.trim() === '') {
      toast.error('Incomplete information', {
        description: 'Please select a card and enter a target user',
      });
      return;
    }
    if (!terms.checkCoins()) return;
    const request: CreateTradeRequest = { cardId: selected.id, targetUser: targetUser.trim(), coinOffer };
    if (requestedCoins > 0) request.requestedCoins = requestedCoins;
    if (asked.length > 0) request.requestedCardIds = asked.map((c) => c.id);
    if (terms.note.trim() !== '') request.note = terms.note.trim();
    const recipient = request.targetUser;
    create.mutate(
      { request, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          toast.success('Trade offer sent', {
            description: `Your offer for ${selected.player.name} was sent to ${recipient}.`,
          });
          reset();
        },
        onError: (error) => toast.error('Failed to create trade', { description: errorMessage(error) }),
      },
    );
  }

  const grid = (
    <AvailableCardPicker
      cards={cards}
      available={available}
      selectedId={selected?.id ?? null}
      onSelect={(card) => setCardId(card.id)}
      label="Your Available Cards"
      skeletons={6}
      emptyTitle="No cards available to trade"
      emptyDescription="Cards listed for sale can't be offered in a trade."
      marketLink
    />
  );

  const coinHint = (
    <>
      <p className="font-medium text-amber-200/90">{TRADE_FEE_NOTE}</p>
      {coinOffer > 0 && (
        <p className="mt-0.5">{`${targetUser.trim() || 'They'} will receive ${formatNumber(afterTradeFee(coinOffer))} coins.`}</p>
      )}
      {user?.coins !== undefined && <p className="mt-0.5">{`You have ${formatNumber(user.coins)} coins.`}</p>}
      <CoinShortfall id={shortfallId} shortfall={shortfall} className="mt-1" />
    </>
  );

  return (
    <form aria-label="Create trade offer" onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Step number={1} title="Choose a card">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-bold text-slate-100">Your Available Cards</h3>
          {cards.data && (
            <span className="text-xs text-slate-400">{`${formatNumber(available.length)} available`}</span>
          )}
        </div>
        {selected && (
          <p
            aria-live="polite"
            className="flex items-center gap-2 rounded-xl border border-emerald-400/30 bg-emerald-500/10 px-3 py-2 text-xs text-emerald-200"
          >
            <span className="min-w-0 flex-1 truncate">
              Selected: <span className="font-bold">{selected.player.name}</span>
            </span>
            <RarityBadge rarity={selected.player.rarity} size="short" />
          </p>
        )}
        {grid}
      </Step>

      <Step number={2} title="Choose a user">
        <Label id={userLabelId}>Trade with</Label>
        <UserPicker value={targetUser} onChange={chooseUser} labelId={userLabelId} />
      </Step>

      <Step number={3} title="Ask for their cards (optional)">
        <AskForPicker
          userId={targetId}
          username={targetUser}
          selectedIds={asked.map((c) => c.id)}
          onToggle={toggleAsked}
        />
      </Step>

      <Step number={4} title="Add coins (optional)">
        <CoinOfferField terms={terms} hint={coinHint} />
        <AskCoinsField terms={terms} />
        <OfferNoteField terms={terms} placeholder="Add a note for the other player" />
      </Step>

      {selected && targetUser && !Number.isNaN(coinOffer) && !Number.isNaN(requestedCoins) && (
        <Step number={5} title="Review your offer">
          <OfferPreview
            recipient={targetUser}
            card={selected}
            coinOffer={coinOffer}
            requestedCards={asked}
            requestedCoins={requestedCoins}
          />
        </Step>
      )}

      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={create.isPending}
        disabled={shortfall > 0}
        aria-describedby={shortfall > 0 ? shortfallId : undefined}
      >
        {!create.isPending && <Send aria-hidden className="size-4" />}
        Send Trade Offer
      </Button>
    </form>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-2xl border border-white/5 bg-slate-900/60 p-4"
    >
      <h2 className="flex items-center gap-2 text-sm font-bold text-slate-50">
        <span
          aria-hidden
          className="flex size-6 items-center justify-center rounded-full bg-emerald-500 text-xs font-black text-slate-950"
        >
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
