import * as Dialog from '@radix-ui/react-dialog';
import { LineChart, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { QueryError } from '@/components/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { Spinner } from '@/components/ui/Spinner';
import { TeamLogo } from '@/components/cards/TeamCrest';
import { RarityBadge } from '@/components/cards/RarityBadge';
import type { Player } from '@touchline/contract';
import { cn } from '@/lib/cn';

import { usePriceHistory } from '@/lib/data/market';
import type { PriceRange } from '@touchline/contract';
import { LiveCoinAmount } from '@/components/market/LiveCoinAmount';
import { PricesUpdated } from '@/components/market/PricesUpdated';
import { StockChange } from './StockChange';
import { useReturnFocus } from '@/lib/use-return-focus';
import { StarButton } from '@/components/watchlist/StarButton';

const PriceChart = lazy(() => import('./PriceChart'));

const RANGES: readonly { value: PriceRange; label: string }[] = [
  { value: '1d', label: '1D' },
  { value: '1w', label: '1W' },
  { value: '1m', label: '1M' },
];

export interface PriceChartDialogProps {
  /** The player charted; null keeps the dialog closed. */
  player: Player | null;
  onClose: () => void;
}

/** A player's price history over 1 day, 1 week or 1 month. */
export function PriceChartDialog({ player, onClose }: PriceChartDialogProps) {
  return (
    <Dialog.Root
      open={player !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        {player && <PriceChartContent key={player.id} player={player} />}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PriceChartContent({ player }: { player: Player }) {
  const returnFocus = useReturnFocus();
  const [range, setRange] = useState<PriceRange>('1d');
  const history = usePriceHistory(player.id, range);
  const points = history.data?.points ?? [];

  let body;
  if (history.isPending) {
    body = (
      <div className="flex h-56 items-center justify-center text-emerald-400">
        <Spinner label="Loading price history" />
      </div>
    );
  } else if (history.isError) {
    body = (
      <QueryError
        error={history.error}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
        className="flex h-56 flex-col justify-center"
      />
    );
  } else if (points.length === 0) {
    body = (
      <div className="flex h-56 flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-slate-700/80 text-center">
        <LineChart aria-hidden className="size-6 text-slate-400" />
        <p className="text-sm font-semibold text-slate-300">No price history yet</p>
        <p className="max-w-56 text-xs text-slate-400">
          Prices are recorded every 5 minutes during market hours.
        </p>
      </div>
    );
  } else {
    body = (
      <Suspense fallback={<Skeleton className="h-56 w-full" />}>
        <PriceChart points={points} intraday={range !== '1m'} className="h-56 w-full" />
      </Suspense>
    );
  }

  return (
    <Dialog.Content
      {...returnFocus}
      className={cn(
        'fixed top-1/2 left-1/2 z-[51] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-1/2 overflow-y-auto',
        'rounded-3xl border border-white/10 bg-slate-900 p-5 shadow-2xl shadow-black/60 focus:outline-none',
      )}
    >
      <Dialog.Close
        aria-label="Close"
        className="absolute top-3 right-3 z-10 inline-flex size-9 items-center justify-center rounded-xl text-slate-400 transition-colors hover:bg-slate-800 hover:text-white"
      >
        <X aria-hidden className="size-5" />
      </Dialog.Close>

      <div className="flex items-center gap-3 pr-10">
        <TeamLogo team={player.team} className="h-11 w-10" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <Dialog.Title className="truncate text-lg font-bold text-slate-50">{player.name}</Dialog.Title>
          <Dialog.Description className="truncate text-xs text-slate-400">
            {`${player.position} · ${player.team.name}`}
          </Dialog.Description>
        </div>
        <StarButton player={player} className="ml-auto shrink-0" />
      </div>

      <div className="mt-4 flex items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <span className="text-[11px] font-medium text-slate-400">Current Price</span>
          <LiveCoinAmount value={player.currentPrice} className="text-2xl" iconClassName="size-5" />
          <PricesUpdated fetchedAt={history.dataUpdatedAt} className="text-[11px]" />
        </div>
        <div className="flex flex-col items-end gap-1">
          <RarityBadge rarity={player.rarity} />
          <span className="inline-flex items-center gap-1 text-[11px] text-slate-400">
            24h <StockChange value={player.priceChange} />
          </span>
        </div>
      </div>

      <div role="group" aria-label="Price range" className="mt-4 flex gap-1 rounded-xl bg-slate-950/60 p-1">
        {RANGES.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={range === option.value}
            onClick={() => setRange(option.value)}
            className={cn(
              'h-8 flex-1 rounded-lg text-xs font-bold transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
              range === option.value
                ? 'bg-emerald-500 text-slate-950'
                : 'text-slate-400 hover:bg-slate-800 hover:text-slate-100',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>

      <div className="mt-4">{body}</div>
    </Dialog.Content>
  );
}
