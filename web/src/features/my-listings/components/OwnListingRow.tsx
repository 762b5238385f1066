import { Clock, Pencil, Undo2 } from 'lucide-react';

import type { OwnListing } from '@touchline/contract';

import { PlayerCard } from '@/components/cards/PlayerCard';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { Button } from '@/components/ui/Button';
import { editionLabel } from '@/lib/cards';
import { formatNumber } from '@/lib/format';
import { formatNotificationTime } from '@/lib/notification-time';

import { PriceSince } from './PriceSince';

export interface OwnListingRowProps {
  listing: OwnListing;
  onReprice: (listing: OwnListing) => void;
  onWithdraw: (listing: OwnListing) => void;
}

/** One of the player's listings: the card, its price and fee, when it was listed, the market since. */
export function OwnListingRow({ listing, onReprice, onWithdraw }: OwnListingRowProps) {
  const { card } = listing;
  const { player } = card;
  const edition = editionLabel(card.editionNumber, card.maxEditions);
  const settling = listing.status === 'settling';
  return (
    <li
      data-testid={`own-listing-${card.id}`}
      className="flex flex-col gap-2.5 rounded-2xl border border-white/5 bg-slate-900/70 p-3"
    >
      <div className="flex items-start gap-3">
        <div className="w-12 shrink-0">
          <PlayerCard player={player} variant="art" className="shadow-md" />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-center gap-2">
            <h2 className="min-w-0 text-sm font-bold wrap-break-word text-slate-50">{player.name}</h2>
            <RarityBadge rarity={player.rarity} size="short" />
          </div>
          {edition && <p className="text-[11px] text-slate-400">{edition}</p>}
          <p className="text-sm font-bold text-amber-200 tabular-nums">
            {`Listed for ${formatNumber(listing.price)}`}
          </p>
          <p className="text-xs text-slate-300">
            {`${listing.feePercent}% fee: you receive ${formatNumber(listing.estimatedProceeds)} coins`}
          </p>
          <p className="inline-flex items-center gap-1 text-xs text-slate-400">
            <Clock aria-hidden className="size-3" />
            <time dateTime={listing.listedAt}>{`Listed ${formatNotificationTime(listing.listedAt)}`}</time>
          </p>
          <PriceSince then={listing.marketPriceAtListing} now={listing.currentPrice} />
        </div>
      </div>
      {settling ? (
        <p role="status" className="text-xs font-medium text-amber-200">
          A buyer is paying for this card right now
        </p>
      ) : (
        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Change price of ${player.name}`}
            onClick={() => onReprice(listing)}
          >
            <Pencil aria-hidden className="size-3.5" />
            Change Price
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Withdraw ${player.name}`}
            onClick={() => onWithdraw(listing)}
          >
            <Undo2 aria-hidden className="size-3.5" />
            Withdraw
          </Button>
        </div>
      )}
    </li>
  );
}
