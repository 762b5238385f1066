import { ArrowLeftRight, Trash2, UserRound } from 'lucide-react';

import { Button } from '@/components/ui/Button';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { RarityBadge } from '@/components/cards/RarityBadge';
import type { Team } from '@touchline/contract';
import { CoinAmount } from '@/components/CoinAmount';
import { formatOfferDate } from '@/lib/trades';

import type { TradeWish } from '@touchline/contract';
import { wishOwnerName } from '../utils';
import { WishPreferences } from './WishPreferences';

export interface WishItemProps {
  wish: TradeWish;
  teams: readonly Team[] | undefined;
  /** The listing is the viewer's own: no 'Make Offer', a way to remove it instead. */
  own: boolean;
  onMakeOffer: (wish: TradeWish) => void;
  onRemove: (wish: TradeWish) => void;
  removing: boolean;
}

/** A trade listing: the card, what the owner is looking for, notes, who posted it and the action. */
export function WishItem({ wish, teams, own, onMakeOffer, onRemove, removing }: WishItemProps) {
  const { card } = wish;
  const player = card?.player;

  return (
    <li
      data-testid={`wish-${wish.id}`}
      className="flex flex-col gap-3 rounded-2xl border border-white/5 bg-slate-900/70 p-3.5"
    >
      <div className="flex items-start gap-3">
        <div className="w-16 shrink-0">
          {player ? (
            <PlayerCard player={player} variant="art" className="shadow-md" />
          ) : (
            <div className="aspect-[5/7] w-full rounded-lg border border-dashed border-slate-700 bg-slate-950/60" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {player && card ? (
            <>
              <p className="truncate text-base leading-tight font-bold text-slate-50">{player.name}</p>
              <div className="flex flex-wrap items-center gap-1.5">
                <RarityBadge rarity={player.rarity} />
                {own && (
                  <span className="rounded-full border border-sky-400/30 bg-sky-500/10 px-2 py-0.5 text-[10px] font-bold text-sky-300 uppercase">
                    Your listing
                  </span>
                )}
              </div>
              <p className="truncate text-xs text-slate-400">{`${player.position} · ${player.team.name}`}</p>
              <CoinAmount value={player.currentPrice} className="text-xs" />
            </>
          ) : (
            <p className="text-sm font-semibold text-slate-400">Card no longer available</p>
          )}
        </div>
      </div>

      <WishPreferences wish={wish} teams={teams} />

      {wish.notes && <p className="text-xs break-words text-slate-300 italic">{wish.notes}</p>}

      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <p className="inline-flex min-w-0 items-center gap-1 text-xs font-medium text-slate-400">
            <UserRound aria-hidden className="size-3 shrink-0" />
            <span className="truncate">{`Posted by ${wishOwnerName(wish)}`}</span>
          </p>
          <p className="text-[11px] text-slate-400">{formatOfferDate(wish.createdAt)}</p>
        </div>
        {own ? (
          <Button variant="outline" size="sm" loading={removing} onClick={() => onRemove(wish)}>
            {!removing && <Trash2 aria-hidden className="size-3.5" />}
            Remove Listing
          </Button>
        ) : (
          card && (
            <Button size="sm" onClick={() => onMakeOffer(wish)}>
              <ArrowLeftRight aria-hidden className="size-3.5" />
              Make Offer
            </Button>
          )
        )}
      </div>
    </li>
  );
}
