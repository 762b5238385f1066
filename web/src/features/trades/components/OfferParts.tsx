import { CircleAlert, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { TRADE_FEE_PERCENT } from '@touchline/rules';

import { CoinAmount } from '@/components/CoinAmount';

import type { TradeOffer } from '@touchline/contract';
import { formatOfferDate } from '@/lib/trades';
import { TradeCardList } from '@/components/trades/TradeCardRow';

/** The offered cards of an offer: `cards`, or the single `card` of an older answer. */
export function offeredCards(offer: TradeOffer) {
  if (Array.isArray(offer.cards) && offer.cards.length > 0) return offer.cards;
  return offer.card ? [offer.card] : [];
}

/** Header of an offer: avatar, who, and when. */
export function OfferHeader({ title, name, date }: { title: ReactNode; name: string; date: string }) {
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-sky-400 to-sky-700 text-xs font-black text-slate-950 uppercase"
      >
        {name.replace(/^User #/, '#').slice(0, 2)}
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="truncate text-sm font-bold text-slate-50">{title}</p>
        <p className="text-[11px] text-slate-400">{formatOfferDate(date)}</p>
      </div>
    </div>
  );
}

/** One side of an offer: a small caption above its cards and coins. */
export function OfferSide({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-[11px] font-semibold tracking-wide text-slate-400 uppercase">{caption}</p>
      {children}
    </div>
  );
}

/** Coin rows of an offer: label on the left, amount on the right. */
export function CoinRows({ rows }: { rows: { label: string; value: number; muted?: boolean }[] }) {
  return (
    <dl className="flex flex-col gap-1 rounded-xl border border-amber-400/15 bg-amber-400/5 px-3 py-2">
      {rows.map(({ label, value, muted }) => (
        <div key={label} className="flex items-center justify-between gap-3 text-xs">
          <dt className={muted ? 'text-slate-400' : 'font-semibold text-slate-200'}>{label}</dt>
          <dd>
            <CoinAmount value={value} className={muted ? 'text-amber-200/80' : 'text-sm'} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The sender's message and, when an accept failed or the offer ended, why. */
export function OfferNotes({ offer }: { offer: TradeOffer }) {
  return (
    <>
      {offer.note && (
        <p className="flex items-start gap-2 rounded-xl bg-slate-950/50 px-3 py-2 text-xs text-slate-300 italic">
          <MessageSquareText aria-hidden className="mt-0.5 size-3.5 shrink-0 text-slate-400" />
          <span>{offer.note}</span>
        </p>
      )}
      {offer.statusReason && (
        <p className="flex items-start gap-2 text-xs font-medium text-amber-300">
          <CircleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          <span>{offer.statusReason}</span>
        </p>
      )}
    </>
  );
}

export interface OfferBodyProps {
  offer: TradeOffer;
  /** Caption above the offered cards and coins. */
  offerCaption: string;
  /** Accessible name of the offered cards. */
  offeredCardsLabel: string;
  /** Caption above the requested cards and coins. */
  requestCaption: string;
  /** Accessible name of the requested cards. */
  requestedCardsLabel: string;
  /** Who receives the requested coins; when given, a muted row shows what they get after the fee. */
  requestedCoinsReceiver?: string;
}

/** The body of an offer: the offered cards and coins and, when any, the requested cards and coins. */
export function OfferBody({
  offer,
  offerCaption,
  offeredCardsLabel,
  requestCaption,
  requestedCardsLabel,
  requestedCoinsReceiver,
}: OfferBodyProps) {
  const requestedCards = offer.requestedCards ?? [];
  const requestedCoins = offer.requestedCoins ?? 0;
  return (
    <>
      <OfferSide caption={offerCaption}>
        <TradeCardList cards={offeredCards(offer)} label={offeredCardsLabel} />
        {offer.coinOffer > 0 && (
          <CoinRows
            rows={[
              { label: 'Coin offer', value: offer.coinOffer },
              {
                label: `After ${TRADE_FEE_PERCENT}% fee`,
                value: offer.coinOfferAfterFee,
                muted: true,
              },
            ]}
          />
        )}
      </OfferSide>
      {(requestedCards.length > 0 || requestedCoins > 0) && (
        <OfferSide caption={requestCaption}>
          <TradeCardList cards={requestedCards} label={requestedCardsLabel} />
          {requestedCoins > 0 && (
            <CoinRows
              rows={[
                { label: 'Coins requested', value: requestedCoins },
                ...(requestedCoinsReceiver === undefined
                  ? []
                  : [
                      {
                        label: `${requestedCoinsReceiver} receives`,
                        value: offer.requestedCoinsAfterFee,
                        muted: true,
                      },
                    ]),
              ]}
            />
          )}
        </OfferSide>
      )}
    </>
  );
}
