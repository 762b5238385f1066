import { useId, useState, type ReactNode } from 'react';

import { NoteTextarea } from '@/components/NoteTextarea';
import { Label } from '@/components/ui/Input';
import { toast } from '@/lib/toast';
import { parseCoins } from '@/lib/trades';

import { CoinField } from './CoinField';

/** The trading service's limit on an offer's message. */
export const MAX_OFFER_NOTE_LENGTH = 500;

/**
 * The coins and message of a trade offer, as a new offer (CreateTradeForm) and a counter-offer
 * (CounterOfferDialog) both take them: coins offered or coins asked for (not both) and a note.
 */
export interface OfferTerms {
  coinText: string;
  setCoinText: (text: string) => void;
  askText: string;
  setAskText: (text: string) => void;
  note: string;
  setNote: (note: string) => void;
  /** Whole coins offered (0 when empty, NaN when not a whole number). */
  coinOffer: number;
  /** Whole coins asked for (0 when empty, NaN when not a whole number). */
  requestedCoins: number;
  /** Says by a toast what is wrong with the coins and answers false, or answers true. */
  checkCoins: () => boolean;
  reset: () => void;
}

const coinText = (coins: number | undefined) => (coins && coins > 0 ? String(coins) : '');

export function useOfferTerms(initial: { coinOffer?: number; requestedCoins?: number } = {}): OfferTerms {
  const [coins, setCoinText] = useState(() => coinText(initial.coinOffer));
  const [ask, setAskText] = useState(() => coinText(initial.requestedCoins));
  const [note, setNote] = useState('');
  const coinOffer = parseCoins(coins);
  const requestedCoins = parseCoins(ask);
  return {
    coinText: coins,
    setCoinText,
    askText: ask,
    setAskText,
    note,
    setNote,
    coinOffer,
    requestedCoins,
    checkCoins: () => {
      if (Number.isNaN(coinOffer) || Number.isNaN(requestedCoins)) {
        toast.error('Invalid coin amount', { description: 'Please enter a valid coin amount' });
        return false;
      }
      if (coinOffer > 0 && requestedCoins > 0) {
        toast.error('Invalid coin amount', { description: 'Offer coins or ask for coins, not both' });
        return false;
      }
      return true;
    },
    reset: () => {
      setCoinText('');
      setAskText('');
      setNote('');
    },
  };
}

/** 'Coin offer': off while coins are asked for. */
export function CoinOfferField({ terms, hint }: { terms: OfferTerms; hint: ReactNode }) {
  return (
    <CoinField
      label="Coin offer"
      value={terms.coinText}
      onChange={terms.setCoinText}
      disabled={terms.requestedCoins > 0}
      invalid={Number.isNaN(terms.coinOffer)}
      hint={hint}
    />
  );
}

/** 'Ask for coins': off while coins are offered. */
export function AskCoinsField({ terms }: { terms: OfferTerms }) {
  return (
    <CoinField
      label="Ask for coins"
      value={terms.askText}
      onChange={terms.setAskText}
      disabled={terms.coinOffer > 0}
      invalid={Number.isNaN(terms.requestedCoins)}
      hint="Coins you want in return (offer coins or ask for coins, not both)."
    />
  );
}

/** 'Message (optional)'. */
export function OfferNoteField({ terms, placeholder }: { terms: OfferTerms; placeholder: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Message (optional)</Label>
      <NoteTextarea
        id={id}
        maxLength={MAX_OFFER_NOTE_LENGTH}
        value={terms.note}
        onChange={terms.setNote}
        placeholder={placeholder}
      />
    </div>
  );
}
