import { afterTradeFee, TRADE_FEE_PERCENT } from '@touchline/rules';

import type { Card, TradeableCard } from '@touchline/contract';
import { TradeCardList } from '@/components/trades/TradeCardRow';

import { CoinRows, OfferSide } from './OfferParts';

export interface OfferPreviewProps {
  /** The recipient's username. */
  recipient: string;
  card: Card;
  coinOffer: number;
  requestedCards: readonly TradeableCard[];
  requestedCoins: number;
}

/** Both sides of the offer about to be sent: what the user gives and what they ask for in return. */
export function OfferPreview({
  recipient,
  card,
  coinOffer,
  requestedCards,
  requestedCoins,
}: OfferPreviewProps) {
  const asksNothing = requestedCards.length === 0 && requestedCoins === 0;
  return (
    <div aria-label="Your offer" role="group" className="flex flex-col gap-3">
      <OfferSide caption="You give">
        <TradeCardList cards={[card]} label="Cards you give" />
        {coinOffer > 0 && (
          <CoinRows
            rows={[
              { label: 'Coins', value: coinOffer },
              {
                label: `${recipient} receives after ${TRADE_FEE_PERCENT}% fee`,
                value: afterTradeFee(coinOffer),
                muted: true,
              },
            ]}
          />
        )}
      </OfferSide>
      <OfferSide caption={`You ask ${recipient} for`}>
        {asksNothing && <p className="text-xs text-slate-400">Nothing in return</p>}
        <TradeCardList cards={requestedCards} label="Cards you ask for" />
        {requestedCoins > 0 && (
          <CoinRows
            rows={[
              { label: 'Coins', value: requestedCoins },
              {
                label: `You receive after ${TRADE_FEE_PERCENT}% fee`,
                value: afterTradeFee(requestedCoins),
                muted: true,
              },
            ]}
          />
        )}
      </OfferSide>
    </div>
  );
}
