import { format, isValid, parseISO } from 'date-fns';
import { ArrowLeftRight, CalendarDays, Coins, Gavel, Hash, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/Button';
import { auctionPath, paths } from '@/config/paths';
import { AuctionCardForm } from '@/components/auctions/AuctionCardForm';
import { CardListingActions } from '@/components/market/CardListingActions';
import { SellCardForm } from '@/components/market/SellCardForm';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import { useUserCards } from '@/lib/data/cards';
import type { Card } from '@touchline/contract';
import { cardPriceChange, editionLabel } from '@/lib/cards';
import { CardDialogContent, CardDialogRoot, DialogStat, ScarcityBar } from '@/components/cards/CardDialog';
import { PriceChange } from '@/components/cards/PriceChange';
import { LiveCoinAmount } from '@/components/market/LiveCoinAmount';

export { REVEAL_STAGE_ONE_MS, REVEAL_STAGE_TWO_MS } from './CardDialog';

export interface CardDetailDialogProps {
  /** The card shown; null keeps the dialog closed. */
  card: Card | null;
  onClose: () => void;
}

/**
 * The card detail popup of an owned card: reveal animation, stats, selling ('Sell Card' while the market
 * is open, or the listing with 'Remove Listing') and the 'Trade Card' action.
 */
export function CardDetailDialog({ card, onClose }: CardDetailDialogProps) {
  return (
    <CardDialogRoot open={card !== null} onClose={onClose}>
      {card && <CardDetail key={card.id} card={card} onClose={onClose} />}
    </CardDialogRoot>
  );
}

function formatDate(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'MMM d, yyyy') : 'Unknown';
}

function formatProfitLoss(value: number): string {
  if (value > 0) return `+${formatNumber(value)} coins`;
  if (value < 0) return `-${formatNumber(Math.abs(value))} coins`;
  return '0 coins';
}

function CardDetail({ card: opened, onClose }: { card: Card; onClose: () => void }) {
  const navigate = useNavigate();
  // The freshest copy of the card: a listing made or removed from here shows without reopening.
  const { data: cards } = useUserCards();
  const card = cards?.find((candidate) => candidate.id === opened.id) ?? opened;
  const [mode, setMode] = useState<'view' | 'sell' | 'auction'>('view');
  const { player } = card;
  const edition = editionLabel(card.editionNumber, card.maxEditions);

  function trade() {
    onClose();
    void navigate(`${paths.tradeMarketplace}?cardId=${card.id}`);
  }

  return (
    <CardDialogContent player={player} editionNumber={card.editionNumber} maxEditions={card.maxEditions}>
      <dl className="grid grid-cols-2 gap-2">
        <DialogStat icon={Coins} label="Current Price">
          <LiveCoinAmount plain value={player.currentPrice} className="text-base font-bold text-amber-300" />
          <PriceChange value={cardPriceChange(card)} />
        </DialogStat>
        <DialogStat icon={CalendarDays} label="Acquired">
          <span className="text-sm font-semibold text-slate-100">{formatDate(card.acquiredAt)}</span>
        </DialogStat>
        <DialogStat icon={TrendingUp} label="Profit/Loss">
          {/* A card that cost nothing (the starter pack, a promo reward, a trade) has no profit to show:
              its whole price would read as profit. A bought pack's card cost its share of the pack. */}
          {card.purchasePrice > 0 ? (
            <span
              className={cn(
                'text-sm font-bold',
                card.profitLoss > 0
                  ? 'text-emerald-400'
                  : card.profitLoss < 0
                    ? 'text-rose-400'
                    : 'text-slate-300',
              )}
            >
              {formatProfitLoss(card.profitLoss)}
            </span>
          ) : (
            <span data-testid="no-cost" className="text-sm font-semibold text-slate-400">
              No cost paid
            </span>
          )}
        </DialogStat>
        {edition && (
          <DialogStat icon={Hash} label="Edition">
            <span className="text-sm font-semibold text-slate-100">{edition}</span>
          </DialogStat>
        )}
      </dl>

      <ScarcityBar player={player} editionNumber={card.editionNumber} maxEditions={card.maxEditions} />

      {mode === 'sell' ? (
        <SellCardForm card={card} onCancel={() => setMode('view')} onSold={onClose} />
      ) : mode === 'auction' ? (
        <AuctionCardForm card={card} onCancel={() => setMode('view')} onStarted={onClose} />
      ) : card.auctionId ? (
        <div className="flex flex-col gap-2">
          <p className="rounded-xl border border-amber-400/20 bg-amber-400/10 px-3 py-2 text-xs font-medium text-amber-200">
            This card is at auction, so it can&apos;t be sold or traded until the auction ends.
          </p>
          <Link to={auctionPath(card.auctionId)} onClick={onClose} className={buttonClasses('primary', 'lg')}>
            <Gavel aria-hidden className="size-4" />
            View auction
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <CardListingActions card={card} onSell={() => setMode('sell')} />
          {card.forSale && (
            <p className="rounded-xl border border-amber-400/20 bg-amber-400/10 px-3 py-2 text-xs font-medium text-amber-200">
              This card is listed for sale, so it can&apos;t be offered in a trade.
            </p>
          )}
          <Button size="lg" variant="outline" className="w-full" disabled={card.forSale} onClick={trade}>
            <ArrowLeftRight aria-hidden className="size-4" />
            Trade Card
          </Button>
          <Button
            size="lg"
            variant="outline"
            className="w-full"
            disabled={card.forSale}
            onClick={() => setMode('auction')}
          >
            <Gavel aria-hidden className="size-4" />
            Put up for auction
          </Button>
        </div>
      )}
    </CardDialogContent>
  );
}
