import { Gavel } from 'lucide-react';
import { Link } from 'react-router';

import type { Auction } from '@touchline/contract';

import { PlayerCard } from '@/components/cards/PlayerCard';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { auctionPath } from '@/config/paths';
import { editionLabel } from '@/lib/cards';
import { formatNumber } from '@/lib/format';

import { shownPrice, statusLabel } from '../utils';
import { Countdown } from './Countdown';

/** One auction of a list: the card, the current bid (or start price), the bids so far, the time left. */
export function AuctionRow({ auction }: { auction: Auction }) {
  const { player } = auction;
  const edition = editionLabel(auction.editionNumber, auction.maxEditions);
  const open = auction.status === 'open';
  const bidLabel = auction.finalPrice
    ? 'Sold for'
    : auction.currentBid
      ? 'Current bid'
      : open
        ? 'Starts at'
        : 'Started at';
  return (
    <li data-testid={`auction-${auction.id}`}>
      <Link
        to={auctionPath(auction.id)}
        className="flex items-center gap-3 rounded-2xl border border-white/5 bg-slate-900/70 p-3 transition-colors hover:border-emerald-400/30 focus-visible:outline-2 focus-visible:outline-emerald-400"
      >
        <div className="w-12 shrink-0">
          <PlayerCard player={player} variant="art" className="shadow-md" />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-center gap-2">
            <span className="min-w-0 text-sm font-bold wrap-break-word text-slate-50">{player.name}</span>
            <RarityBadge rarity={player.rarity} size="short" />
          </div>
          <p className="text-[11px] text-slate-400">
            {[edition, player.team.name, `by ${auction.sellerUsername}`].filter(Boolean).join(' · ')}
          </p>
          <p className="text-xs text-slate-300">
            <span className="text-slate-400">{`${bidLabel} `}</span>
            <span className="font-bold text-amber-200 tabular-nums">{`${formatNumber(shownPrice(auction))} coins`}</span>
          </p>
          {auction.myHighestBid ? (
            <p className="text-xs text-slate-300">{`Your highest bid: ${formatNumber(auction.myHighestBid)} coins`}</p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 text-xs">
          {open ? (
            <Countdown endsAt={auction.endsAt} />
          ) : (
            <span className="font-semibold text-slate-300">{statusLabel(auction)}</span>
          )}
          <span className="inline-flex items-center gap-1 text-slate-400">
            <Gavel aria-hidden className="size-3" />
            {auction.bidCount === 1 ? '1 bid' : `${auction.bidCount} bids`}
          </span>
        </div>
      </Link>
    </li>
  );
}
