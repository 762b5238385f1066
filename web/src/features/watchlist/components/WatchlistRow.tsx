import { BellRing, Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';

import { PriceChange } from '@/components/cards/PriceChange';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { TeamLogo } from '@/components/cards/TeamCrest';
import { LiveCoinAmount } from '@/components/market/LiveCoinAmount';
import { StarButton } from '@/components/watchlist/StarButton';
import { errorMessage } from '@/lib/api';
import { usePriceHistory } from '@/lib/data/market';
import { useRemovePriceAlert } from '@/lib/data/watchlist';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { formatOfferDate } from '@/lib/trades';
import type { PriceAlert, WatchlistEntry } from '@touchline/contract';

import { AlertForm } from './AlertForm';

const Sparkline = lazy(() => import('./Sparkline'));

/** Each watched player takes at most this many alerts (the server's limit, cards-market). */
export const MAX_ALERTS_PER_PLAYER = 2;

function alertText(alert: PriceAlert): string {
  return `${alert.direction === 'above' ? 'Above' : 'Below'} ${formatNumber(alert.threshold)} coins`;
}

/** Where the alert stands: past its line (it fires at the next crossing) or waiting for one. */
function alertState(alert: PriceAlert): string {
  const last = alert.lastTriggeredAt ? `Last alert ${formatOfferDate(alert.lastTriggeredAt)}. ` : '';
  return `${last}${alert.met ? 'The price is past this line: it alerts after it crosses back and again.' : 'Waiting for the price to cross.'}`;
}

/** One watched player: live price, 24 h change, the day's line, its alerts and the form for another. */
export function WatchlistRow({ entry }: { entry: WatchlistEntry }) {
  const { player, alerts } = entry;
  const history = usePriceHistory(player.id, '1d');
  const remove = useRemovePriceAlert();
  return (
    <li
      aria-label={player.name}
      data-testid={`watch-${player.id}`}
      className="flex flex-col gap-3 rounded-2xl border border-white/5 bg-slate-900/70 p-3.5"
    >
      <div className="flex items-start gap-3">
        <TeamLogo team={player.team} className="h-9 w-8 shrink-0" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h2 className="text-sm font-bold break-words text-slate-50">{player.name}</h2>
          <p className="flex flex-wrap items-center gap-1.5 text-[11px] text-slate-400">
            <RarityBadge rarity={player.rarity} size="short" />
            <span>{`${player.position} · ${player.team.name}`}</span>
          </p>
        </div>
        <StarButton player={player} className="shrink-0" />
      </div>
      <div className="flex items-center justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <LiveCoinAmount value={player.currentPrice} className="text-lg" />
          <span className="inline-flex items-center gap-1 text-[11px] text-slate-400">
            24h <PriceChange value={player.priceChange} />
          </span>
        </div>
        <Suspense fallback={<div className="h-10 w-24" />}>
          <Sparkline points={history.data?.points ?? []} label={`${player.name}'s price over the last day`} />
        </Suspense>
      </div>
      {alerts.length > 0 && (
        <ul aria-label={`Price alerts for ${player.name}`} className="flex flex-col gap-1.5">
          {alerts.map((alert) => (
            <li
              key={alert.id}
              className="flex items-start gap-2 rounded-xl border border-amber-300/15 bg-amber-300/5 px-3 py-2 text-xs"
            >
              <BellRing aria-hidden className="mt-0.5 size-3.5 shrink-0 text-amber-300" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold text-slate-100">{alertText(alert)}</span>
                <span className="text-slate-400">{alertState(alert)}</span>
              </div>
              <button
                type="button"
                aria-label={`Remove alert ${alertText(alert)}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { playerId: player.id, alertId: alert.id },
                    {
                      onError: (error) =>
                        toast.error('Price alert not removed', { description: errorMessage(error) }),
                    },
                  )
                }
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-300"
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {alerts.length < MAX_ALERTS_PER_PLAYER ? (
        <AlertForm player={player} />
      ) : (
        <p className="text-[11px] text-slate-400">{`Up to ${MAX_ALERTS_PER_PLAYER} alerts per player: remove one to add another.`}</p>
      )}
    </li>
  );
}
